import CCmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Renders CommonMark to HTML with libcmark, always in cmark's safe mode.
///
/// Safe mode replaces raw HTML with a comment and drops `javascript:`,
/// `vbscript:`, `file:` and non-image `data:` link targets, so Markdown from
/// untrusted data cannot put markup or scripts on a page. This is the only
/// file that talks to cmark.
public struct MarkdownRenderer: Sendable {
  /// Rendering choices, mapped to cmark's options inside this file.
  public struct Options: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Curly quotes, en and em dashes, and ellipses from straight punctuation.
    public static let smartPunctuation = Options(rawValue: 1 << 0)
    /// Soft line breaks become `<br />`.
    public static let hardBreaks = Options(rawValue: 1 << 1)
  }

  public let options: Options

  /// The version of the libcmark the program runs with (a shared library, so
  /// an upgrade can change the HTML without a new FilmSite).
  public static var libraryVersion: String {
    cmark_version_string().map { String(cString: $0) } ?? "unknown"
  }

  public init(options: Options = []) {
    self.options = options
  }

  /// Returns the HTML for `markdown`.
  public func html(from markdown: String) -> String {
    html(from: markdown) { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with the UTF-8 of the HTML for `markdown`, in cmark's own
  /// buffer (valid only during the call): pages finish the HTML from it
  /// without making a string of it first.
  func html<Result>(from markdown: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    var source = markdown
    return source.withUTF8 { html(fromUTF8: $0, body) }
  }

  /// ``html(from:_:)`` for Markdown given as UTF-8 bytes, as pages render it.
  func html<Result>(from markdown: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    markdown.withUnsafeBufferPointer { html(fromUTF8: $0, body) }
  }

  private func html<Result>(
    fromUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    var cmarkOptions = CMARK_OPT_DEFAULT  // Safe: CMARK_OPT_UNSAFE is never set.
    if options.contains(.smartPunctuation) { cmarkOptions |= CMARK_OPT_SMART }
    if options.contains(.hardBreaks) { cmarkOptions |= CMARK_OPT_HARDBREAKS }
    return bytes.withMemoryRebound(to: CChar.self) { text in
      // An empty document (whose buffer may have no address) is empty HTML.
      guard let start = text.baseAddress, !text.isEmpty else {
        return body(UnsafeBufferPointer(start: nil, count: 0))
      }
      // Everything cmark allocates for the document, the HTML included,
      // comes from this thread's arena and goes back at once at the end.
      var memory = cmark_mem(
        calloc: ThreadArena.cmarkCalloc, realloc: ThreadArena.cmarkRealloc,
        free: ThreadArena.cmarkFree)
      return ThreadArena.withDocument {
        withUnsafeMutablePointer(to: &memory) { memory in
          guard let parser = cmark_parser_new_with_mem(cmarkOptions, memory) else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
          }
          cmark_parser_feed(parser, start, text.count)
          guard let document = cmark_parser_finish(parser),
            let html = cmark_render_html(document, cmarkOptions)
          else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
          let count = strlen(html)
          return html.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
            body(UnsafeBufferPointer(start: bytes, count: count))
          }
        }
      }
    }
  }
}
