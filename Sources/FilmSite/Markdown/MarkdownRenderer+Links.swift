import FilmSiteSupport

/// Rendering a note or page whose links to films and content pages
/// (``MarkdownLink``) the build resolves: each gets the URL the resolver
/// returns, and one it does not know is an error with its line and column.
///
/// Every other destination is left as cmark makes it. A document without
/// such links renders to the bytes ``MarkdownRenderer/html(from:)``
/// gives.
extension MarkdownRenderer {
  /// What finds the URL of a link: the `href` to write, relative to the
  /// page being made, or `nil` when the film or page does not exist. The
  /// link's fragment is added after it.
  typealias LinkResolver = (MarkdownLink) -> String?

  /// Returns the HTML for `markdown`, with each link to a film or a content
  /// page sent to the URL `resolve` returns for it.
  /// - Parameter firstLine: The line of its file that `markdown` starts on
  ///   (after the front matter), so that errors name lines of the file.
  /// - Throws: Every link `resolve` does not know, every image of a film or
  ///   page, and every malformed `film:` or `@/` destination, in document order.
  func html(
    from markdown: String, firstLine: Int = 1, resolvingLinks resolve: LinkResolver
  ) throws(MarkdownLinkError) -> String {
    // `withUTF8` rethrows untyped errors, so the typed one comes out in a `Result`.
    var source = markdown
    return try source.withUTF8 { bytes in
      Result { () throws(MarkdownLinkError) in
        try html(fromUTF8: bytes, firstLine: firstLine, resolve) {
          String(decoding: $0, as: UTF8.self)
        }
      }
    }.get()
  }

  /// ``pageHTML(from:)`` with links resolved as ``html(from:firstLine:resolvingLinks:)`` does.
  func pageHTML(
    from source: [UInt8], firstLine: Int = 1, resolvingLinks resolve: LinkResolver
  ) throws(MarkdownLinkError) -> [UInt8] {
    let html = source.withUnsafeBufferPointer { bytes in
      Result { () throws(MarkdownLinkError) in
        try self.html(fromUTF8: bytes, firstLine: firstLine, resolve, Self.withImagesFinished)
      }
    }
    return Self.finishedPage(try html.get())
  }

  /// The links to films and content pages in `markdown`, in document order,
  /// found without rendering it; for checking them before the build renders.
  /// - Throws: Every image of a film or page and every malformed `film:` or
  ///   `@/` destination: the faults that do not depend on what exists.
  func links(in markdown: [UInt8], firstLine: Int = 1) throws(MarkdownLinkError) -> [MarkdownLink] {
    var walk = LinkWalk(firstLine: firstLine)
    markdown.withUnsafeBufferPointer { bytes in
      withAllocator { allocator in
        CommonMark.forEachLink(in: bytes, options: options, allocator: allocator) { link in
          _ = walk.visit(link, in: bytes, resolve: { _ in "" })
        }
      }
    }
    return try walk.finished()
  }

  /// ``links(in:firstLine:)-([UInt8],_)`` for Markdown as a string.
  func links(in markdown: String, firstLine: Int = 1) throws(MarkdownLinkError) -> [MarkdownLink] {
    try links(in: Array(markdown.utf8), firstLine: firstLine)
  }

  private func html<Result>(
    fromUTF8 bytes: UnsafeBufferPointer<UInt8>, firstLine: Int, _ resolve: LinkResolver,
    _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) throws(MarkdownLinkError) -> Result {
    var walk = LinkWalk(firstLine: firstLine)
    let result = withAllocator { allocator in
      CommonMark.withHTML(
        for: bytes, options: options, allocator: allocator,
        rewritingLinks: { walk.visit($0, in: bytes, resolve: resolve) }, body)
    }
    _ = try walk.finished()
    return result
  }
}

/// One document's walk over its links: makes a ``MarkdownLink`` of each
/// link of either form, asks the resolver for its URL and keeps the faults.
private struct LinkWalk {
  let firstLine: Int
  /// Made at the first link of either form, so other documents never count lines.
  private var lines: CommonMark.Lines?
  private var links: [MarkdownLink] = []
  private var faults: [MarkdownLinkError.Fault] = []

  init(firstLine: Int) { self.firstLine = firstLine }

  /// The destination `link` gets: its URL with its fragment when it has
  /// either form and `resolve` knows it, otherwise `nil` (it keeps its own).
  mutating func visit(
    _ link: CommonMark.Link, in source: UnsafeBufferPointer<UInt8>,
    resolve: MarkdownRenderer.LinkResolver
  ) -> String? {
    guard MarkdownLink.hasLinkForm(link.url) else { return nil }
    if lines == nil { lines = CommonMark.Lines(source) }
    guard let position = lines?.position(of: link) else { return nil }
    let line = position.line + firstLine - 1
    do throws(MarkdownLinkError.Fault) {
      guard
        let found = try MarkdownLink(destination: link.url, line: line, column: position.column)
      else { return nil }
      guard !link.isImage else {
        faults.append(
          .init(destination: link.url, line: line, column: found.column, reason: .image))
        return nil
      }
      links.append(found)
      guard let url = resolve(found) else {
        faults.append(.init(unresolved: found))
        return nil
      }
      return found.fragment.map { url + "#" + $0 } ?? url
    } catch {
      faults.append(error)
      return nil
    }
  }

  /// The links found, or the faults when there are any.
  func finished() throws(MarkdownLinkError) -> [MarkdownLink] {
    guard faults.isEmpty else { throw MarkdownLinkError(faults: faults) }
    return links
  }
}
