import FilmSiteSupport
import FuzzSupport

@testable import FilmSite

/// Markdown: cmark's output and the image-attribute pass over it
/// (``ImageAttributes``), and the Markdown escapers whose output cmark reads.
/// The first byte picks what the rest is:
/// - 0: Markdown, made into a page's HTML with the thread arena and with the
///   C library's allocator, which must give the same bytes: valid UTF-8,
///   with every image lazy and none left with an empty `src`. Its links to
///   films and pages (``MarkdownLink``) are resolved too: the walk sees the
///   links that `links(in:)` lists, no `film:` or `@/` link is left in the
///   HTML, every fault is placed inside the document, and without such links
///   the HTML is the plain path's.
/// - 1: any bytes, through the image pass alone, which must end.
/// - 2: a value escaped as Markdown text, which cmark must read as one plain
///   paragraph (or nothing): no markup at all.
/// - 3: an overview made one paragraph, which cmark must read as at most one
///   paragraph: inline markup, but no other block.
@main enum FuzzMarkdown {
  static func main() { FuzzDriver.run(fuzzMarkdown) }
}

/// Runs the target on one input.
private func fuzzMarkdown(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(start, count)
  let mode = input.byte()
  let bytes = input.rest()
  switch mode % 4 {
  case 0: checkPageHTML(bytes, options: MarkdownRenderer.Options(rawValue: Int(mode >> 2) & 3))
  case 1:
    var output: [UInt8] = []
    bytes.withUnsafeBufferPointer { ImageAttributes.apply(to: $0, into: &output) }
  case 2: checkEscapedText(String(decoding: bytes, as: UTF8.self))
  default: checkParagraph(String(decoding: bytes, as: UTF8.self))
  }
  return 0
}

private func checkPageHTML(_ source: [UInt8], options: MarkdownRenderer.Options) {
  let html = MarkdownRenderer(options: options, memory: .threadArena).pageHTML(from: source)
  let system = MarkdownRenderer(options: options, memory: .system).pageHTML(from: source)
  let text = String(decoding: source, as: UTF8.self)
  FuzzCheck.require(html == system, "the arena and malloc give different HTML: \(text)")
  FuzzCheck.require(html.withUnsafeBufferPointer(UTF8Validation.isValid), "not UTF-8: \(text)")
  FuzzCheck.require(!html.contains(utf8: "<img src=\"\""), "an image without a source: \(text)")
  for image in html.split(separator: UInt8(ascii: "<")) where image.starts(with: "img ".utf8) {
    let tag = image.prefix { $0 != UInt8(ascii: ">") }
    FuzzCheck.require(
      tag.ends(withUTF8: " loading=\"lazy\" /"),
      "an image left unfinished: <\(String(decoding: tag, as: UTF8.self))> in \(text)")
  }
  checkLinks(source, html: html, options: options)
}

/// The properties of resolving links (see the target's comment), with a
/// resolver that knows every film and page, and with one that knows none.
private func checkLinks(_ source: [UInt8], html: [UInt8], options: MarkdownRenderer.Options) {
  let renderer = MarkdownRenderer(options: options)
  let text = String(decoding: source, as: UTF8.self)
  var seen: [MarkdownLink] = []
  do {
    let resolved = try renderer.pageHTML(from: source) { link in
      seen.append(link)
      return "../resolved/"
    }
    let lowercased = resolved.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    FuzzCheck.require(
      !lowercased.contains(utf8: "href=\"film:") && !resolved.contains(utf8: "href=\"@/"),
      "a film or page link left unresolved: \(text)")
    let listed = try renderer.links(in: source)
    FuzzCheck.require(listed == seen, "links(in:) lists other links than the walk: \(text)")
    if seen.isEmpty {
      FuzzCheck.require(resolved == html, "no links to resolve, but other HTML: \(text)")
    }
  } catch {
    FuzzCheck.require(!error.faults.isEmpty, "an error without faults: \(text)")
  }
  let lines = source.count { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } + 1
  do {
    _ = try renderer.html(from: text, firstLine: 1) { _ in nil }
  } catch {
    for fault in error.faults {
      FuzzCheck.require(
        (1...lines).contains(fault.line) && (1...max(1, source.count)).contains(fault.column),
        "a fault placed outside the document (\(fault)): \(text)")
    }
  }
}

private func checkEscapedText(_ value: String) {
  let html = MarkdownRenderer(memory: .system).html(from: Escaping.markdown(value))
  guard !html.isEmpty else { return }
  // Compared as bytes: a combining mark after ">" would join it as one Character.
  let bytes = Array(html.utf8)
  FuzzCheck.require(
    bytes.starts(with: "<p>".utf8) && bytes.ends(withUTF8: "</p>\n")
      && bytes.count(where: { $0 == UInt8(ascii: "<") }) == 2,
    "an escaped value is read as markup: \(html) from \(value.debugDescription)")
}

/// The tags of the blocks other than a paragraph that cmark writes.
private let otherBlocks = [
  "<h1", "<h2", "<h3", "<h4", "<h5", "<h6", "<blockquote", "<ul", "<ol", "<li", "<pre", "<hr",
]

private func checkParagraph(_ overview: String) {
  let html = MarkdownRenderer(memory: .system).html(from: Escaping.markdownParagraph(overview))
  let paragraphs = html.utf8.split(separator: UInt8(ascii: "<"), omittingEmptySubsequences: false)
    .dropFirst().count(where: { $0.starts(with: "p>".utf8) })
  FuzzCheck.require(
    paragraphs <= 1 && !otherBlocks.contains { html.utf8.contains(utf8: $0) },
    "an overview is read as more than one paragraph: \(html) from \(overview.debugDescription)")
}
