import Testing

@testable import FilmCatalog
@testable import FilmSite

/// The values a film's row gets: its overview, safe in the row's language.
@Suite struct PageContextsTests {
  private func contexts() -> PageContexts {
    PageContexts(configuration: SiteConfiguration(), markdown: MarkdownRenderer())
  }

  private func row(_ source: String, language: TemplateLanguage) throws -> Template {
    try Template(
      source: source, file: language == .html ? "row.html" : "row.md", language: language,
      schema: Theme.Schemas.row)
  }

  private static let hostileOverview =
    "<script>alert(1)</script> *kept* [link](javascript:alert(1)) ![i](javascript:alert(2)) <img src=x onerror=alert(3)>"

  @Test func anHTMLRowGetsTheOverviewAsCmarksSafeHTML() throws {
    // An HTML row never goes through cmark: inserted raw, the overview must already be safe.
    let template = try row("<li>{{{overview}}}</li>", language: .html)
    let film = Film(id: "1", title: "A", overview: Self.hostileOverview)
    var bytes: [UInt8] = []
    contexts().row(for: film, at: try film.route(), in: template)
      .fill(with: HoleFilling.Prepared(HoleFilling(route: Route(["page", "2"]))), into: &bytes)
    let row = String(decoding: bytes, as: UTF8.self)
    #expect(row.hasPrefix("<li><p>"))
    #expect(row.contains("<em>kept</em>"))
    for unsafe in ["<script", "javascript:", "<img src=x", "onerror"] {
      #expect(!row.contains(unsafe), "\(unsafe) in \(row)")
    }
  }

  @Test func aMarkdownRowGetsTheOverviewAsMarkdown() throws {
    let template = try row("- {{{overview}}}", language: .markdown)
    let film = Film(id: "1", title: "A", overview: Self.hostileOverview)
    #expect(
      contexts().filmValues(film, for: template)["overview"]
        == .text(PageContexts.overviewMarkdown(Self.hostileOverview)))
  }

  @Test func theLinksToTheRootAreHolesThatEachPageFills() {
    let contexts = contexts()
    #expect(contexts.common["root"] == .hole(.rootPath, then: ""))
    #expect(contexts.common["homeURL"] == .hole(.rootURL, then: ""))
    #expect(
      contexts.filmPage["posterPlaceholder"]
        == .hole(.rootPath, then: "assets/poster-placeholder.svg"))
  }
}
