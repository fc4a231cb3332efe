import Foundation
import Testing

@testable import FilmSite

@Suite struct MarkdownRendererTests {
  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  @Test func rendersEveryConstructToItsLiteralHTML() throws {
    let markdown = try String(
      contentsOf: Self.fixtures.appendingPathComponent("Everything.md"), encoding: .utf8)
    try assertSnapshot(MarkdownRenderer().html(from: markdown), named: "Everything.html")
  }

  @Test func safeModeDropsRawHTMLAndScriptLinks() {
    let html = MarkdownRenderer().html(
      from:
        "<script>alert(1)</script>\n\nx <b onclick=\"y\">z</b> [a](javascript:alert(1)) [b](VBScript:x)"
    )
    #expect(!html.contains("<script"))
    #expect(!html.contains("onclick"))
    #expect(!html.lowercased().contains("javascript:"))
    #expect(!html.lowercased().contains("vbscript:"))
    #expect(html.contains("<!-- raw HTML omitted -->"))
  }

  @Test func emptyInputGivesEmptyOutput() {
    #expect(MarkdownRenderer().html(from: "") == "")
  }

  @Test func optionsMapToCmark() {
    #expect(
      MarkdownRenderer(options: .smartPunctuation).html(from: "\"a\" -- b...")
        == "<p>“a” – b…</p>\n")
    #expect(MarkdownRenderer(options: .hardBreaks).html(from: "a\nb") == "<p>a<br />\nb</p>\n")
    #expect(MarkdownRenderer().html(from: "a\nb") == "<p>a\nb</p>\n")
  }

  @Test func nonASCIIAndNULSurvive() {
    #expect(MarkdownRenderer().html(from: "Amélie 🎬\u{0}") == "<p>Amélie 🎬\u{FFFD}</p>\n")
  }

  @Test func rendersLargeDocumentsRepeatedly() {
    // Each document's memory goes back to the thread's arena when its HTML is
    // copied out; a block used after that would show in the HTML here.
    let paragraph = String(repeating: "word *em* ", count: 10_000)
    for _ in 0..<50 {
      #expect(MarkdownRenderer().html(from: paragraph).hasPrefix("<p>word <em>em</em>"))
    }
  }
}

@Suite struct ImageAttributesTests {
  @Test func sizeTitleBecomesWidthAndHeight() {
    let html = MarkdownRenderer().html(from: #"![Poster](p.jpg "342x513")"#)
    #expect(
      ImageAttributes.apply(to: html)
        == #"<p><img src="p.jpg" alt="Poster" width="342" height="513" loading="lazy" /></p>"#
        + "\n")
  }

  @Test func otherTitlesStayAndEveryImageIsLazy() {
    let html = MarkdownRenderer().html(from: #"![a](p.jpg "A title") ![b](q.jpg)"#)
    #expect(
      ImageAttributes.apply(to: html)
        == #"<p><img src="p.jpg" alt="a" title="A title" loading="lazy" /> <img src="q.jpg" alt="b" loading="lazy" /></p>"#
        + "\n")
  }

  @Test func textThatLooksLikeATagIsLeftAlone() {
    let html = MarkdownRenderer().html(from: #"<img src=x title="1x1" /> and `<img `"#)
    #expect(ImageAttributes.apply(to: html) == html)
  }

  @Test func linkTitlesAreNotSizes() {
    let html = MarkdownRenderer().html(from: #"[a](p.html "342x513")"#)
    #expect(ImageAttributes.apply(to: html) == html)
  }

  @Test func imagesWhoseTargetSafeModeRemovedBecomeTheirAltText() {
    let html = MarkdownRenderer().html(
      from: "![x &amp; y](javascript:alert(1)) ![s](data:image/svg+xml,a)")
    #expect(html.contains(#"<img src="""#))
    #expect(ImageAttributes.apply(to: html) == "<p>x &amp; y s</p>\n")
  }

  /// Bytes that are not cmark's: a tag that ends with the title's opening
  /// quote has no title to read (the markdown fuzzer's input that crashed it).
  @Test func aTitleCutShortAtTheTagsEndIsLeftAsItIs() {
    #expect(
      ImageAttributes.apply(to: #"<img src="a" title=" />"#)
        == #"<img src="a" title=" loading="lazy" />"#)
    #expect(
      ImageAttributes.apply(to: #"x<img src" title=" />"#)
        == #"x<img src" title=" loading="lazy" />"#)
  }

  @Test func manyImagesAreRewrittenInLinearTime() {
    let markdown = String(repeating: "word ![a](https://e.x/a.png) more ", count: 20_000)
    let html = MarkdownRenderer().html(from: markdown)
    let start = ContinuousClock.now
    let rewritten = ImageAttributes.apply(to: html)
    #expect(ContinuousClock.now - start < .seconds(5))
    #expect(rewritten.components(separatedBy: #"loading="lazy""#).count == 20_001)
  }
}

extension ImageAttributes {
  /// `html` with its images finished, through the bytes form pages use.
  fileprivate static func apply(to html: String) -> String {
    var html = html
    var output: [UInt8] = []
    html.withUTF8 { apply(to: $0, into: &output) }
    return String(decoding: output, as: UTF8.self)
  }
}
