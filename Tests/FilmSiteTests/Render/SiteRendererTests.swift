import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

@Suite struct SiteRendererTests {
  private static let matrix = Film(
    id: "603", title: "The Matrix", year: 1999, runtime: 136,
    director: "Lana Wachowski & Lilly Wachowski",
    genres: ["Action", "Science Fiction"],
    overview:
      "A hacker learns that the world is a *simulation* and joins the [resistance](https://example.com).",
    posterPath: "/matrix.jpg")
  private static let bare = Film(id: "tt1", title: "Untitled & \"Unknown\"")

  private func render(
    _ films: [Film], pageSize: Int = 24, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [String: String] {
    let theme = try Theme.load(from: Fixtures.templatesDirectory)
    let renderer = SiteRenderer(
      theme: theme, configuration: SiteConfiguration(title: "Test Films", pageSize: pageSize))
    let files = try renderer.render(films)
    return Dictionary(
      files.map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) },
      uniquingKeysWith: { a, _ in a })
  }

  @Test func detailPageMatchesGoldenFile() throws {
    let files = try render([Self.bare, Self.matrix], pageSize: 1)
    try assertSnapshot(try #require(files["films/603-the-matrix/index.html"]), named: "detail.html")
  }

  @Test func indexPageMatchesGoldenFile() throws {
    let films = [Self.matrix, Self.bare] + Fixtures.films(3)
    let files = try render(films, pageSize: 2)
    try assertSnapshot(try #require(files["page/2/index.html"]), named: "index-page-2.html")
  }

  @Test func missingDataLeavesLinesOutAndShowsThePosterCard() throws {
    let page = try #require(try render([Self.bare])["films/tt1-untitled-unknown/index.html"])
    #expect(page.contains("<title>Untitled &amp; &quot;Unknown&quot; · Test Films</title>"))
    #expect(
      page.contains(
        #"aria-hidden="true"><span>Untitled &amp; &quot;Unknown&quot;</span>"# + "\n</div>"))
    #expect(!page.contains("<img"))
    #expect(!page.contains("Directed by"))
    #expect(!page.contains(" min"))
    #expect(!page.contains("<p></p>"))
    #expect(page.components(separatedBy: "<h1>").count == 2)
  }

  @Test func indexPagesFormOnePrevNextChain() throws {
    let files = try render(Fixtures.films(60), pageSize: 24)
    let first = try #require(files["index.html"])
    let second = try #require(files["page/2/index.html"])
    let last = try #require(files["page/3/index.html"])
    #expect(files["page/1/index.html"] == nil)
    #expect(files["page/4/index.html"] == nil)
    #expect(!first.contains("rel=\"prev\""))
    #expect(first.contains(#"<link rel="next" href="page/2/">"#))
    #expect(second.contains(#"<link rel="prev" href="../../">"#))
    #expect(second.contains(#"<link rel="next" href="../3/">"#))
    #expect(last.contains(#"<a rel="prev" href="../2/">← Previous</a>"#))
    #expect(!last.contains("rel=\"next\""))
    #expect(!last.contains("Next →"))
    #expect(last.contains("Page 3 of 3"))
  }

  @Test func rowsOfAllPagesListEveryFilmOnceInOrder() throws {
    let films = Fixtures.films(60)
    let files = try render(films, pageSize: 24)
    let pages = ["index.html", "page/2/index.html", "page/3/index.html"]
    var linked: [String] = []
    for page in pages {
      let html = try #require(files[page])
      let main = try #require(html.components(separatedBy: "<main").last)
      for part in main.components(separatedBy: #"<li><a href=""#).dropFirst() {
        linked.append(String(part.prefix { $0 != "\"" }))
      }
    }
    let expected = try films.map { try $0.route().description }
    #expect(linked.map { $0.replacingOccurrences(of: "../../", with: "") } == expected)
  }

  @Test func noFilmsGivesOneIndexPageThatSaysSo() throws {
    let files = try render([])
    let index = try #require(files["index.html"])
    #expect(index.contains("There are no films to show"))
    #expect(index.contains("Page 1 of 1"))
    #expect(
      files.keys.filter { $0.hasSuffix(".html") }.sorted() == [
        "404.html", "cast/index.html", "directors/index.html", "genres/index.html", "index.html",
        "search/index.html", "years/index.html",
      ])
    #expect(try #require(files["genres/index.html"]).contains("No film of the catalog has one."))
  }

  @Test func hostileValuesProduceNoMarkup() throws {
    let hostile = Film(
      id: "../../etc", title: "<script>alert(1)</script>", year: 2000,
      director: #""><img src=x onerror=alert(1)>"#, genres: ["{{title}}", "</p>"],
      overview: "<iframe src=javascript:alert(1)></iframe> [x](javascript:alert(1)) # h1",
      posterPath: "\" onerror=\"alert(1)")
    let files = try render([hostile])
    for (path, html) in files where path.hasSuffix(".html") {
      // The search page's own script and a film page's JSON-LD are the only ones.
      let scripts = path == "search/index.html" || path.hasPrefix("films/") ? 1 : 0
      #expect(html.components(separatedBy: "<script").count - 1 == scripts, "\(path)")
      #expect(!path.hasPrefix("films/") || html.contains(#"<script type="application/ld+json">"#))
      #expect(!html.contains("<iframe"), "\(path)")
      #expect(!html.contains("<img src=x"), "\(path)")
      #expect(!html.lowercased().contains("href=\"javascript:"), "\(path)")
      #expect(!html.contains("onerror=\""), "\(path)")
      #expect(!path.contains(".."))
    }
    let page = try #require(files["films/_2e2e2f2e2e2f657463-script-alert-1-script/index.html"])
    #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(page.components(separatedBy: "<h1>").count == 2)
  }

  @Test func aFilmWithAnUnusableIDFailsNamingIt() throws {
    let theme = try Theme.load(from: Fixtures.templatesDirectory)
    let renderer = SiteRenderer(theme: theme, configuration: SiteConfiguration())
    #expect(throws: SiteError.unroutableFilm(title: "B", reason: .emptyID)) {
      try renderer.render([Film(id: "1", title: "A"), Film(id: "", title: "B")])
    }
    #expect(throws: SiteError.duplicateID("1")) {
      try renderer.render([Film(id: "1", title: "A"), Film(id: "1", title: "A")])
    }
  }

  @Test func sameFilmsInAnyOrderGiveByteIdenticalFiles() throws {
    let theme = try Theme.load(from: Fixtures.templatesDirectory)
    let renderer = SiteRenderer(theme: theme, configuration: SiteConfiguration(pageSize: 7))
    let films = Fixtures.films(100) + [Self.matrix, Self.bare]
    let expected = try renderer.render(films)
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<3 {
      #expect(try renderer.render(films.shuffled(using: &generator)) == expected)
    }
  }
}
