import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// A film's row, rendered once with holes and filled by a list page, must be
/// exactly the row rendered on that page with its links as plain text.
@Suite struct PrerenderedRowTests {
  /// A row template's source: a file of the repository, or ``everyPlaceholder``.
  enum RowSource: Sendable, CustomTestStringConvertible {
    case file(String)
    case everyPlaceholder

    var testDescription: String {
      switch self {
      case .file(let path): return path
      case .everyPlaceholder: return "every placeholder"
      }
    }

    func read() throws -> String {
      switch self {
      case .file(let path):
        return try String(
          contentsOfFile: Fixtures.repositoryRoot.appendingPathComponent(path).path,
          encoding: .utf8)
      case .everyPlaceholder: return PrerenderedRowTests.everyPlaceholder
      }
    }
  }

  /// Every placeholder a row may use, escaped and raw, and sections on the
  /// links that are empty on the root page.
  private static let everyPlaceholder = """
    {{{url}}} {{url}} {{{root}}} {{root}} {{{homeURL}}} {{homeURL}} \
    {{{posterPlaceholder}}} {{posterPlaceholder}} {{siteTitle}} {{{siteTitle}}} {{title}}! \
    {{{title}}} {{id}} {{year}} {{runtime}} {{facts}} {{director}} {{genres}} {{{poster}}} \
    {{#root}}[below: {{.}} {{{.}}}{{^homeURL}}never{{/homeURL}}]{{/root}}\
    {{^root}}(the root: {{homeURL}}{{#root}}never{{/root}}){{/root}} \
    {{#homeURL}}home {{.}}{{/homeURL}} {{#url}}<{{.}}>{{/url}} {{#posterPlaceholder}}p{{/posterPlaceholder}}
    {{posterHue}} {{posterSrcset}} {{{backdrop}}} {{backdropSrcset}} {{cast}} {{ratingText}} \
    {{voteCountText}} {{trailerURL}} {{imdbURL}} {{{homepageURL}}} {{originalTitle}}
    {{{overview}}}
    """

  /// The sample catalog, the hostile corpus, and films whose text holds the
  /// private-use character and the other marks a row could be confused by.
  private static func films() throws -> [Film] {
    let catalogs = ["Catalog/films.json", "Tests/FilmSiteCLITests/Fixtures/hostile-films.json"]
    let fromFiles = try catalogs.flatMap { path in
      try CatalogFile.load(path: Fixtures.repositoryRoot.appendingPathComponent(path).path)
    }
    return fromFiles + [
      Film(
        id: "e000", title: "Odd \u{E000}! title \u{E000}\\! \u{E000}", year: 2001,
        director: "\u{E000}", genres: ["\u{E000}!"], overview: "*\u{E000}!* \u{E000}",
        posterPath: "/\u{E000}!.jpg"),
      Film(id: "tags", title: "\u{0}\u{1}\u{6}\u{7}\u{A}\u{80} ../ \\! {{url}}", genres: []),
    ]
  }

  /// `count` list pages at random depths (up to six folders, never inside `films/`).
  private static func listPages(count: Int) -> [Route] {
    var generator = SystemRandomNumberGenerator()
    let names = ["page", "genres", "directors", "years", "2", "drama", "x-1", "_e2ab"]
    return [.root, Route(["page", "2"])]
      + (0..<count).map { _ in
        Route(
          (0..<Int.random(in: 1...6, using: &generator)).map { _ in
            names.randomElement(using: &generator) ?? "page"
          })
      }
  }

  /// The default theme's pieces, with `source` as the row in `language`.
  private static func row(_ source: String, language: TemplateLanguage) throws -> Template {
    try Template(
      source: source, file: language == .html ? "row.html" : "row.md", language: language,
      schema: Theme.Schemas.row)
  }

  /// The row of `film` on the page at `page`, rendered there with every link
  /// as plain text, as `Route` makes it: the reference.
  private static func direct(
    _ template: Template, _ film: Film, at page: Route, contexts: PageContexts
  ) throws -> String {
    let links: TemplateContext = [
      "siteTitle": .text(contexts.configuration.title),
      "root": .text(page.depth == 0 ? "" : page.url(to: .root)),
      "homeURL": .text(page.url(to: .root)),
      "posterPlaceholder": .text(page.url(toFile: PageContexts.placeholderPath)),
    ]
    var values = contexts.filmValues(film, for: template)
    values["url"] = .text(page.url(to: try film.route()))
    return template.render(values, within: links, at: page)
  }

  @Test(arguments: [
    (RowSource.file("Templates/row.html"), TemplateLanguage.html),
    (.file("Tests/FilmSiteTests/Theme/MarkdownLists/row.md"), .markdown),
    (.everyPlaceholder, .html), (.everyPlaceholder, .markdown),
  ])
  func aFilledRowIsTheRowRenderedOnThePage(source: RowSource, language: TemplateLanguage)
    throws
  {
    let template = try Self.row(try source.read(), language: language)
    var configuration = SiteConfiguration()
    configuration.title = "Site ! \\! ../ \u{E000}! <&>"
    let contexts = PageContexts(configuration: configuration, markdown: MarkdownRenderer())
    let pages = Self.listPages(count: 10)
    let fillings = pages.map { HoleFilling.Prepared(HoleFilling(route: $0)) }
    let films = try Self.films()
    #expect(films.count > 150)
    for film in films {
      let row = contexts.row(for: film, at: try film.route(), in: template)
      for (page, filling) in zip(pages, fillings) {
        var filled = Array("before ".utf8)
        row.fill(with: filling, into: &filled)
        let expected = try Self.direct(template, film, at: page, contexts: contexts)
        #expect(
          String(decoding: filled, as: UTF8.self) == "before " + expected,
          "\(film.id) on /\(page)")
      }
    }
  }

  @Test func aRowWithHolesRendersForOnePageAsItsFillingDoes() throws {
    // The row's values with holes, rendered for the page at once, are the
    // same as the row prerendered and filled.
    let template = try Self.row(Self.everyPlaceholder, language: .markdown)
    let contexts = PageContexts(configuration: SiteConfiguration(), markdown: MarkdownRenderer())
    let film = Film(id: "1", title: "Heat", year: 1995, genres: ["Crime"], posterPath: nil)
    let route = try film.route()
    let row = contexts.row(for: film, at: route, in: template)
    for page in [Route.root, Route(["genres", "crime"]), Route(["years", "1995", "page", "3"])] {
      var values = contexts.filmValues(film, for: template)
      values["url"] = .hole(.rootPath, then: route.description)
      var direct: [UInt8] = []
      template.render(
        values, within: contexts.filmPage, for: HoleFilling(route: page), into: &direct)
      var filled: [UInt8] = []
      row.fill(with: HoleFilling.Prepared(HoleFilling(route: page)), into: &filled)
      #expect(filled == direct, "on /\(page)")
      #expect(String(decoding: filled, as: UTF8.self).contains(page.url(to: route)))
    }
  }
}
