import CCmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The one door to libcmark: every call into it is in this file.
///
/// ``withHTML(for:options:allocator:_:)`` parses a document and renders it,
/// and frees all that cmark allocated for it before it returns: the HTML
/// (with the allocator that made it), the document's nodes and the parser.
/// So a caller's allocator decides only how fast memory comes and goes,
/// never whether it goes back.
enum CommonMark {
  /// Functions cmark allocates and frees with, in place of the C library's.
  /// cmark does not check what they return, so they must not fail.
  struct Allocator: Sendable {
    let calloc: @convention(c) (Int, Int) -> UnsafeMutableRawPointer?
    let realloc: @convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer?
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
  }

  /// The version of the libcmark the program runs with.
  static var version: String {
    cmark_version_string().map { String(cString: $0) } ?? "unknown"
  }

  /// Calls `body` with the UTF-8 of the HTML for the Markdown `markdown`, in
  /// cmark's own buffer, which is freed when `body` returns.
  ///
  /// Safe mode is always on: `CMARK_OPT_UNSAFE` is never set, so raw HTML
  /// becomes a comment and `javascript:`, `vbscript:`, `file:` and
  /// non-image `data:` link targets are dropped.
  /// - Parameter allocator: What cmark allocates with; `nil` for the C library's `malloc`.
  static func withHTML<Result>(
    for markdown: UnsafeBufferPointer<UInt8>, options: MarkdownRenderer.Options,
    allocator: Allocator?, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    // An empty document (whose buffer may have no address) is empty HTML.
    guard let start = markdown.baseAddress, !markdown.isEmpty else {
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
    let text = UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)
    guard let allocator else {
      return withHTML(text, count: markdown.count, options, cmark_get_default_mem_allocator(), body)
    }
    var memory = cmark_mem(
      calloc: allocator.calloc, realloc: allocator.realloc, free: allocator.free)
    return withUnsafeMutablePointer(to: &memory) { memory in
      withHTML(text, count: markdown.count, options, memory, body)
    }
  }

  private static func withHTML<Result>(
    _ text: UnsafePointer<CChar>, count: Int, _ options: MarkdownRenderer.Options,
    _ memory: UnsafeMutablePointer<cmark_mem>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    let cmarkOptions = options.cmarkOptions
    guard let parser = cmark_parser_new_with_mem(cmarkOptions, memory) else { return body(empty) }
    defer { cmark_parser_free(parser) }
    cmark_parser_feed(parser, text, count)
    guard let document = cmark_parser_finish(parser) else { return body(empty) }
    defer { cmark_node_free(document) }
    // The HTML is allocated with the document's allocator, and freed with it.
    guard let html = cmark_render_html(document, cmarkOptions) else { return body(empty) }
    defer { memory.pointee.free?(html) }
    let length = strlen(html)
    return html.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
      body(UnsafeBufferPointer(start: bytes, count: length))
    }
  }
}

extension MarkdownRenderer.Options {
  /// cmark's options for these: `CMARK_OPT_DEFAULT` (safe), and the ones chosen.
  fileprivate var cmarkOptions: Int32 {
    var options = CMARK_OPT_DEFAULT
    if contains(.smartPunctuation) { options |= CMARK_OPT_SMART }
    if contains(.hardBreaks) { options |= CMARK_OPT_HARDBREAKS }
    return options
  }
}
