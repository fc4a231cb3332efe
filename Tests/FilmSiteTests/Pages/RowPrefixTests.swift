import FilmCatalog
import Foundation
import Testing

@testable import FilmSite

/// A row rendered once with prefix tokens, then filled with a page's prefix,
/// must be exactly the row rendered for that page.
@Suite struct RowPrefixTests {
  private static let defaultTheme = Result { try Theme.load(from: Fixtures.templatesDirectory) }

  /// The default theme with its row template replaced by `source`.
  private func renderer(
    row source: String, language: TemplateLanguage = .html, title: String = "Films"
  ) throws -> PageRenderer {
    let theme = try Self.defaultTheme.get()
    let row = try Template(
      source: source, file: language == .html ? "row.html" : "row.md", language: language,
      schema: Theme.Schemas.row)
    var configuration = SiteConfiguration()
    configuration.title = title
    return PageRenderer(
      theme: Theme(
        layout: theme.layout, film: theme.film, index: theme.index, row: row,
        terms: theme.terms, search: theme.search, notFound: theme.notFound,
        assets: theme.assets),
      configuration: configuration, markdown: MarkdownRenderer())
  }

  /// The row for the page at `page`, rendered there: what the cache must equal.
  private func direct(_ renderer: PageRenderer, _ film: Film, at page: Route) throws -> String {
    let row = renderer.theme.row
    var bytes: [UInt8] = []
    row.render(
      renderer.filmValues(film, for: row), within: renderer.pageContext(at: page), setting: "url",
      to: .text(page.url(to: try film.route())), into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static let films = [
    Film(
      id: "1", title: "Heat: *a* [film] ../ <b>", year: 1995, director: "M. Mann",
      genres: ["Crime", "Drama"], posterPath: "/p.jpg"),
    Film(id: "x/../2", title: "  Amélie ! \\! \u{1} `x`", genres: []),
    Film(id: "3", title: "!!", year: nil, director: nil),
  ]

  /// Every place a token can land, escaped and raw.
  private static let everyToken =
    "{{{url}}} {{url}} {{{root}}} {{root}} {{{homeURL}}} {{homeURL}} {{{posterPlaceholder}}} {{posterPlaceholder}} {{siteTitle}} {{title}}!"

  /// A row template's source: a file of the repository, or ``everyToken``.
  enum RowSource: Sendable, CustomTestStringConvertible {
    case file(String)
    case everyToken

    var testDescription: String {
      switch self {
      case .file(let path): return path
      case .everyToken: return "every token"
      }
    }

    func read() throws -> String {
      switch self {
      case .file(let path):
        return try String(
          contentsOfFile: Fixtures.repositoryRoot.appendingPathComponent(path).path,
          encoding: .utf8)
      case .everyToken: return RowPrefixTests.everyToken
      }
    }
  }

  @Test(arguments: [
    (RowSource.file("Templates/row.html"), TemplateLanguage.html),
    (.file("Tests/FilmSiteTests/Theme/MarkdownLists/row.md"), .markdown),
    (.everyToken, .html), (.everyToken, .markdown),
  ])
  func aFilledRowIsTheRowRenderedOnThePage(source: RowSource, language: TemplateLanguage) throws {
    let renderer = try renderer(
      row: try source.read(), language: language, title: "Site ! \\! ../")
    let pages = [
      Route(["page", "2"]), Route(["genres", "crime"]), Route(["genres", "crime", "page", "3"]),
    ]
    for film in Self.films {
      guard case .rendered(let cached) = renderer.row(for: film, at: try film.route()) else {
        Issue.record("\(film.title) should have a row rendered once")
        continue
      }
      for page in pages {
        var filled: [UInt8] = Array("before ".utf8)
        RowPrefix(depth: page.depth, language: language).fill(cached, into: &filled)
        #expect(
          String(decoding: filled, as: UTF8.self) == "before "
            + (try direct(renderer, film, at: page)),
          "\(film.title) on \(page)")
      }
    }
  }

  @Test func aFilmWhoseTextHoldsTheTokenCharacterKeepsItsValues() throws {
    let renderer = try renderer(row: Self.everyToken)
    let film = Film(id: "9", title: "Odd \u{E000}! title")
    guard case .values(let values) = renderer.row(for: film, at: try film.route()) else {
      Issue.record("the film's row should be rendered on each page")
      return
    }
    #expect(values == renderer.filmValues(film, for: renderer.theme.row))
    let site = renderer.row(for: Self.films[0], at: try Self.films[0].route())
    guard case .rendered = site else {
      Issue.record("an ordinary film's row should be rendered once")
      return
    }
    let oddSite = try self.renderer(row: Self.everyToken, title: "\u{E000}")
    guard case .values = oddSite.row(for: Self.films[0], at: try Self.films[0].route()) else {
      Issue.record("a site title with the token character should keep every row's values")
      return
    }
  }
}
