import FilmSiteSupport
import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// What the layout does to the HTML cmark gives it, before the page is written.
@Suite struct PageLayoutTests {
  private func page(_ markdown: String) throws -> [UInt8] {
    let inputs = PageInputs(
      theme: try Theme.load(from: Fixtures.templatesDirectory),
      configuration: SiteConfiguration(), markdown: MarkdownRenderer())
    return inputs.layout.wrap(
      markdown: Array(markdown.utf8), at: Route(["films", "1-a"]), kind: "film", title: "A")
  }

  @Test func referencesToNoCharacterBecomeReplacementCharactersInValidUTF8() throws {
    // cmark writes some of these as bytes that are not UTF-8.
    let bytes = try page("Refs: &#xD800; &#x110000; &#0; end")
    #expect(bytes.withUnsafeBufferPointer(UTF8Validation.isValid))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("Refs: \u{FFFD} \u{FFFD} \u{FFFD} end"))
  }

  @Test func referencesToForbiddenCharactersAreDropped() throws {
    let text = String(decoding: try page("A&#1;B&#x85;C&#xFDD0;D"), as: UTF8.self)
    #expect(text.contains("<p>ABCD</p>"))
  }

  @Test func imagesAreFinishedAndTheContentSitsInTheLayout() throws {
    let text = String(decoding: try page("![P](p.jpg \"342x513\")"), as: UTF8.self)
    #expect(
      text.contains(
        #"<p><img src="p.jpg" alt="P" width="342" height="513" loading="lazy" /></p>"#))
    #expect(text.hasPrefix("<!doctype html>"))
    #expect(text.contains(#"<link rel="stylesheet" href="../../assets/style.css">"#))
  }
}
