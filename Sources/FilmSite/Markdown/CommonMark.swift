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

  /// A link or image of a parsed document, as the link walk shows it.
  ///
  /// Lines count from 1 (a line ends at `\n`, `\r\n` or `\r`); columns are
  /// cmark's, in bytes from 1, which ``Lines`` makes a ``SourcePosition`` of.
  struct Link {
    /// The destination as cmark read it: entities and backslash escapes
    /// undone, `%` escapes kept.
    let url: String
    let isImage: Bool
    /// Where the link's `[` (an image's `!`, an autolink's `<`) is.
    let line: Int
    let column: Int
    /// Where the paragraph or heading that holds the link starts.
    let blockLine: Int
    let blockColumn: Int
    /// The column cmark gives the first thing on the link's line, when that
    /// line is not the block's first; for a code span, or a text that starts
    /// with backticks no code span closed, the column after the backticks
    /// (and then `lineStartsAfterBackticks`).
    let lineStartColumn: Int?
    let lineStartsAfterBackticks: Bool
    /// Where the code span or inline HTML whose line break started the
    /// link's line ends, when that is how the line started (``Anchor``).
    let lineAnchor: Anchor?
  }

  /// The end of a code span or inline HTML that holds a line break, as cmark
  /// gives it: the offset, on the line it ends on, of a code span's closing
  /// backticks or of inline HTML's closing `>`, counted from where the
  /// line's containers end, as cmark counts the columns after it.
  struct Anchor {
    let column: Int
    let isCode: Bool
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
    withDocument(markdown, options, allocator, positions: false) { document, memory in
      render(document, options, memory, body)
    }
  }

  /// ``withHTML(for:options:allocator:_:)``, where each link and image gets
  /// the destination `rewrite` returns for it before the document is
  /// rendered (`nil` keeps its own). The new destination goes through
  /// cmark's renderer like any other: escaped for the attribute, and dropped
  /// if safe mode drops it.
  static func withHTML<Result>(
    for markdown: UnsafeBufferPointer<UInt8>, options: MarkdownRenderer.Options,
    allocator: Allocator?, rewritingLinks rewrite: (Link) -> String?,
    _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    withDocument(markdown, options, allocator, positions: true) { document, memory in
      if let document { rewriteLinks(in: document, rewrite) }
      return render(document, options, memory, body)
    }
  }

  /// Calls `visit` for each link and image of `markdown`, in document order,
  /// without rendering it.
  static func forEachLink(
    in markdown: UnsafeBufferPointer<UInt8>, options: MarkdownRenderer.Options,
    allocator: Allocator?, _ visit: (Link) -> Void
  ) {
    withDocument(markdown, options, allocator, positions: true) { document, _ in
      guard let document else { return }
      rewriteLinks(in: document) { link in
        visit(link)
        return nil
      }
    }
  }

  /// Parses `markdown` and calls `body` with its document (`nil` when it is
  /// empty) and the memory it was allocated with, then frees the document
  /// and the parser.
  /// - Parameter positions: Whether to parse with `CMARK_OPT_SOURCEPOS`,
  ///   which keeps inline lines counted across code spans and inline HTML
  ///   that hold a line break. It changes only the positions, not the tree.
  private static func withDocument<Result>(
    _ markdown: UnsafeBufferPointer<UInt8>, _ options: MarkdownRenderer.Options,
    _ allocator: Allocator?, positions: Bool,
    _ body: (OpaquePointer?, UnsafeMutablePointer<cmark_mem>) -> Result
  ) -> Result {
    guard let allocator else {
      return withDocument(markdown, options, positions, cmark_get_default_mem_allocator(), body)
    }
    var memory = cmark_mem(
      calloc: allocator.calloc, realloc: allocator.realloc, free: allocator.free)
    return withUnsafeMutablePointer(to: &memory) { memory in
      withDocument(markdown, options, positions, memory, body)
    }
  }

  private static func withDocument<Result>(
    _ markdown: UnsafeBufferPointer<UInt8>, _ options: MarkdownRenderer.Options,
    _ positions: Bool, _ memory: UnsafeMutablePointer<cmark_mem>,
    _ body: (OpaquePointer?, UnsafeMutablePointer<cmark_mem>) -> Result
  ) -> Result {
    // An empty document (whose buffer may have no address) has no nodes.
    guard let start = markdown.baseAddress, !markdown.isEmpty else { return body(nil, memory) }
    let text = UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)
    let parseOptions = options.cmarkOptions | (positions ? CMARK_OPT_SOURCEPOS : 0)
    guard let parser = cmark_parser_new_with_mem(parseOptions, memory) else {
      return body(nil, memory)
    }
    defer { cmark_parser_free(parser) }
    cmark_parser_feed(parser, text, markdown.count)
    let document = cmark_parser_finish(parser)
    defer { if let document { cmark_node_free(document) } }
    return body(document, memory)
  }

  /// Calls `body` with the HTML of `document` (empty for no document).
  private static func render<Result>(
    _ document: OpaquePointer?, _ options: MarkdownRenderer.Options,
    _ memory: UnsafeMutablePointer<cmark_mem>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    // The HTML is allocated with the document's allocator, and freed with it.
    guard let document, let html = cmark_render_html(document, options.cmarkOptions) else {
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
    defer { memory.pointee.free?(html) }
    let length = strlen(html)
    return html.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
      body(UnsafeBufferPointer(start: bytes, count: length))
    }
  }

  /// Shows `rewrite` each link and image of `document` in document order,
  /// and gives it the destination `rewrite` returns, if any.
  private static func rewriteLinks(in document: OpaquePointer, _ rewrite: (Link) -> String?) {
    guard let iterator = cmark_iter_new(document) else { return }
    defer { cmark_iter_free(iterator) }
    var place = InlinePlace()
    var event = cmark_iter_next(iterator)
    while event != CMARK_EVENT_DONE {
      defer { event = cmark_iter_next(iterator) }
      guard let node = cmark_iter_get_node(iterator) else { continue }
      let type = cmark_node_get_type(node)
      guard event == CMARK_EVENT_ENTER else {
        if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE { place.leaveLink() }
        continue
      }
      guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE else {
        place.enter(node, type)
        continue
      }
      let column = self.column(of: node, type)
      place.enter(node, type, column: column)
      let link = Link(
        url: cmark_node_get_url(node).map { String(cString: $0) } ?? "",
        isImage: type == CMARK_NODE_IMAGE, line: place.line, column: column,
        blockLine: place.blockLine, blockColumn: place.blockColumn,
        lineStartColumn: place.lineStart?.column,
        lineStartsAfterBackticks: place.lineStart?.isAfterBackticks ?? false,
        lineAnchor: place.anchor)
      if let url = rewrite(link) {
        _ = url.withCString { cmark_node_set_url(node, $0) }
      }
    }
  }

  /// The column of a link's `[` (an image's `!`, an autolink's `<`). cmark
  /// gives an autolink a column without its block's indent; its text, which
  /// starts right after the `<` (as a link's starts after the `[`), has it
  /// right. But a text that starts with backticks no code span closed is
  /// given a column past them, so a link (not an autolink) whose text starts
  /// so has its own column.
  private static func column(of link: OpaquePointer, _ type: cmark_node_type) -> Int {
    guard type == CMARK_NODE_LINK, let text = cmark_node_first_child(link),
      cmark_node_get_type(text) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(text)
    else { return Int(cmark_node_get_start_column(link)) }
    if literal.pointee == CChar(UInt8(ascii: "`")), !isAutolink(link, text: literal) {
      return Int(cmark_node_get_start_column(link))
    }
    return Int(cmark_node_get_start_column(text)) - 1
  }

  /// Whether `link`, whose one text is `text`, is an autolink: its
  /// destination is its text, or `mailto:` and its text.
  private static func isAutolink(_ link: OpaquePointer, text: UnsafePointer<CChar>) -> Bool {
    guard cmark_node_next(cmark_node_first_child(link)) == nil,
      let url = cmark_node_get_url(link)
    else { return false }
    if strcmp(url, text) == 0 { return true }
    return strncmp(url, "mailto:", 7) == 0 && strcmp(url + 7, text) == 0
  }

  /// Where the walk is in the current block: its line, counted here from
  /// the block's first by the line breaks and the code spans and inline
  /// HTML that hold one, since cmark does not count a backslash line break
  /// and gives a link the line where its text ends; and the column of the
  /// first thing on the line, when a line break started it and it is the
  /// line's first character, or the end of the code span or inline HTML
  /// whose line break started it.
  private struct InlinePlace {
    var blockLine = 1
    var blockColumn = 1
    var line = 1
    var lineStart: LineStart?
    var anchor: Anchor?
    private var afterBreak = false

    struct LineStart {
      let column: Int
      let isAfterBackticks: Bool
    }

    /// Moves past the start of `node`, whose column is `column` when cmark's own is wrong.
    mutating func enter(_ node: OpaquePointer, _ type: cmark_node_type, column: Int? = nil) {
      if CommonMark.isBlock(type) {
        blockLine = Int(cmark_node_get_start_line(node))
        blockColumn = Int(cmark_node_get_start_column(node))
        line = blockLine
        lineStart = nil
        anchor = nil
        afterBreak = false
      } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
        line += 1
        lineStart = nil
        anchor = nil
        afterBreak = true
      } else {
        if afterBreak {
          // After a backslash line break cmark keeps the next line's indent
          // as text; the line's first character is after it.
          var start = column ?? Int(cmark_node_get_start_column(node))
          var startsWithBackticks = false
          if type == CMARK_NODE_TEXT, let text = cmark_node_get_literal(node) {
            start += strspn(text, " \t")
            // cmark puts a text that starts with backticks no code span
            // closed after them, as it puts a code span's text.
            startsWithBackticks = text.pointee == CChar(UInt8(ascii: "`"))
          }
          lineStart = LineStart(
            column: start, isAfterBackticks: type == CMARK_NODE_CODE || startsWithBackticks)
          afterBreak = false
        }
        if type == CMARK_NODE_CODE || type == CMARK_NODE_HTML_INLINE {
          let breaks = Int(cmark_node_get_end_line(node) - cmark_node_get_start_line(node))
          if breaks > 0 {
            line += breaks
            lineStart = nil
            anchor = Anchor(
              column: Int(cmark_node_get_end_column(node)), isCode: type == CMARK_NODE_CODE)
          }
        }
      }
    }

    /// Moves past the end of a link or image. When a line break was the last
    /// of its text, the next line starts with the link's `](…)`, which is no
    /// node, so where that line starts is not known.
    mutating func leaveLink() { afterBreak = false }
  }

  private static func isBlock(_ type: cmark_node_type) -> Bool {
    (CMARK_NODE_FIRST_BLOCK.rawValue...CMARK_NODE_LAST_BLOCK.rawValue).contains(type.rawValue)
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
