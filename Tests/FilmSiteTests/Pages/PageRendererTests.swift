import FilmCatalog
import FilmSiteSupport
import Foundation
import Testing

@testable import FilmSite

/// What the layout does to the HTML cmark gives it, before the page is written.
@Suite struct PageRendererTests {
  private func renderer() throws -> PageRenderer {
    PageRenderer(
      theme: try Theme.load(from: Fixtures.templatesDirectory),
      configuration: SiteConfiguration(), markdown: MarkdownRenderer())
  }

  private func page(_ markdown: String) throws -> [UInt8] {
    try renderer().layout(
      at: Route(["films", "1-a"]), kind: "film", title: "A", markdown: Array(markdown.utf8))
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

  /// The default theme with its row template replaced by `source` in `language`.
  private func renderer(row source: String, language: TemplateLanguage) throws -> PageRenderer {
    let theme = try Theme.load(from: Fixtures.templatesDirectory)
    let row = try Template(
      source: source, file: language == .html ? "row.html" : "row.md", language: language,
      schema: Theme.Schemas.row)
    return PageRenderer(
      theme: Theme(
        layout: theme.layout, film: theme.film, index: theme.index, row: row, terms: theme.terms,
        search: theme.search, notFound: theme.notFound, assets: theme.assets),
      configuration: SiteConfiguration(), markdown: MarkdownRenderer())
  }

  private static let hostileOverview =
    "<script>alert(1)</script> *kept* [link](javascript:alert(1)) ![i](javascript:alert(2)) <img src=x onerror=alert(3)>"

  @Test func anHTMLRowGetsTheOverviewAsCmarksSafeHTML() throws {
    // An HTML row never goes through cmark: inserted raw, the overview must already be safe.
    let renderer = try renderer(row: "<li>{{{overview}}}</li>", language: .html)
    let film = Film(id: "1", title: "A", overview: Self.hostileOverview)
    guard case .rendered(let bytes) = renderer.row(for: film, at: try film.route()) else {
      Issue.record("the row should be rendered once")
      return
    }
    let row = String(decoding: bytes, as: UTF8.self)
    #expect(row.hasPrefix("<li><p>"))
    #expect(row.contains("<em>kept</em>"))
    for unsafe in ["<script", "javascript:", "<img src=x", "onerror"] {
      #expect(!row.contains(unsafe), "\(unsafe) in \(row)")
    }
  }

  @Test func aMarkdownRowGetsTheOverviewAsMarkdown() throws {
    let renderer = try renderer(row: "- {{{overview}}}", language: .markdown)
    let film = Film(id: "1", title: "A", overview: Self.hostileOverview)
    #expect(
      renderer.filmValues(film, for: renderer.theme.row)["overview"]
        == .text(PageRenderer.overviewMarkdown(Self.hostileOverview)))
  }
}
