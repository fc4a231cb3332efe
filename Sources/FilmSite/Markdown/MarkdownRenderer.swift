import FilmSiteSupport

/// Renders CommonMark to HTML with libcmark (``CommonMark``), always in
/// cmark's safe mode.
///
/// Safe mode replaces raw HTML with a comment and drops `javascript:`,
/// `vbscript:`, `file:` and non-image `data:` link targets, so Markdown from
/// untrusted data cannot put markup or scripts on a page.
struct MarkdownRenderer: Sendable {
  /// Rendering choices, mapped to cmark's options by ``CommonMark``.
  struct Options: OptionSet, Sendable {
    let rawValue: Int

    /// Curly quotes, en and em dashes, and ellipses from straight punctuation.
    static let smartPunctuation = Options(rawValue: 1 << 0)
    /// Soft line breaks become `<br />`.
    static let hardBreaks = Options(rawValue: 1 << 1)
  }

  /// Where cmark's memory comes from. Either way, cmark frees all it allocates.
  enum Memory: Sendable {
    /// This thread's ``ThreadArena``, taken back whole after each document.
    case threadArena
    /// The C library's `malloc` and `free`.
    case system
  }

  let options: Options
  let memory: Memory

  /// The version of the libcmark the program runs with (a shared library, so
  /// an upgrade can change the HTML without a new FilmSite).
  static var libraryVersion: String { CommonMark.version }

  init(options: Options = [], memory: Memory = .threadArena) {
    self.options = options
    self.memory = memory
  }

  /// Returns the HTML for `markdown`.
  func html(from markdown: String) -> String {
    withHTML(from: markdown) { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with the UTF-8 of the HTML for `markdown`, in cmark's own
  /// buffer (valid only during the call): pages finish the HTML from it
  /// without making a string of it first.
  func withHTML<Result>(from markdown: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    var source = markdown
    return source.withUTF8 { html(fromUTF8: $0, body) }
  }

  /// ``withHTML(from:_:)-(String,_)`` for Markdown given as UTF-8 bytes, as pages render it.
  func withHTML<Result>(from markdown: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    markdown.withUnsafeBufferPointer { html(fromUTF8: $0, body) }
  }

  /// The HTML (UTF-8) a page shows for `source`, Markdown as UTF-8: cmark's,
  /// with images finished (``ImageAttributes``), valid UTF-8, and without the
  /// characters HTML forbids.
  func pageHTML(from source: [UInt8]) -> [UInt8] {
    Self.finishedPage(withHTML(from: source, Self.withImagesFinished))
  }

  /// cmark's HTML copied out with its images finished: from cmark's buffer
  /// to the page's bytes in one copy.
  static func withImagesFinished(_ cmark: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var bytes: [UInt8] = []
    ImageAttributes.apply(to: cmark, into: &bytes)
    return bytes
  }

  /// `html` made fit for a page: valid UTF-8, and without the characters
  /// HTML forbids (which numeric references can make).
  static func finishedPage(_ html: [UInt8]) -> [UInt8] {
    var html = html
    // cmark writes some invalid numeric references (`&#xD800;`) as bytes that
    // are not UTF-8; they become U+FFFD.
    if !html.withUnsafeBufferPointer(UTF8Validation.isValid) {
      html = Array(String(decoding: html, as: UTF8.self).utf8)
    }
    Escaping.removeForbiddenCharacters(from: &html)
    return html
  }

  private func html<Result>(
    fromUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    withAllocator { allocator in
      CommonMark.withHTML(for: bytes, options: options, allocator: allocator, body)
    }
  }

  /// Runs `body` with the allocator ``memory`` names (`nil` for the C library's).
  func withAllocator<Result>(_ body: (CommonMark.Allocator?) -> Result) -> Result {
    switch memory {
    case .threadArena:
      // The arena's `free` does nothing: what cmark frees goes back when the
      // document ends, after `body` has copied the HTML out.
      return ThreadArena.withDocument { body(ThreadArena.allocator) }
    case .system:
      return body(nil)
    }
  }
}
