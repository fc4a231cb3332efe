import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// The genre, director and year pages, the lists of each, search, 404 and the site files.
@Suite struct BrowsePagesTests {
  private static let matrix = Film(
    id: "603", title: "The Matrix", year: 1999, runtime: 136,
    director: "Lana Wachowski & Lilly Wachowski", genres: ["Action", "Science Fiction"],
    posterPath: "/matrix.jpg")

  private func render(
    _ films: [Film], pageSize: Int = 24, baseURL: String? = nil, sitemapLimit: Int? = nil
  ) throws -> [String: String] {
    var configuration = SiteConfiguration(title: "Test Films", pageSize: pageSize, baseURL: baseURL)
    if let sitemapLimit { configuration.sitemapLimit = sitemapLimit }
    let renderer = SiteRenderer(
      theme: try Theme.load(from: Fixtures.templatesDirectory), configuration: configuration)
    return Dictionary(
      try renderer.render(films).map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) },
      uniquingKeysWith: { first, _ in first })
  }

  /// 5 dramas, 2 of them by one director, for pages of 2.
  private static let dramas = (1...5).map { number in
    Film(
      id: String(number), title: "Drama \(number)", year: 2000 + number % 2,
      director: number <= 2 ? "Agnès Varda" : nil, genres: ["Drama"])
  }

  @Test func genrePageMatchesGoldenFile() throws {
    let files = try render(Self.dramas + [Self.matrix], pageSize: 2)
    try assertSnapshot(
      try #require(files["genres/drama/page/2/index.html"]), named: "genre-page-2.html")
  }

  @Test func listOfGenresMatchesGoldenFile() throws {
    let files = try render(Self.dramas + [Self.matrix], pageSize: 2)
    try assertSnapshot(try #require(files["genres/index.html"]), named: "genres.html")
  }

  @Test func searchPageMatchesGoldenFile() throws {
    let files = try render([Self.matrix])
    try assertSnapshot(try #require(files["search/index.html"]), named: "search.html")
  }

  @Test func notFoundPageMatchesGoldenFile() throws {
    let files = try render([Self.matrix])
    try assertSnapshot(try #require(files["404.html"]), named: "404.html")
  }

  @Test func browsePagesArePagedLikeTheMainIndex() throws {
    let files = try render(Self.dramas, pageSize: 2)
    let first = try #require(files["genres/drama/index.html"])
    let second = try #require(files["genres/drama/page/2/index.html"])
    let last = try #require(files["genres/drama/page/3/index.html"])
    #expect(files["genres/drama/page/1/index.html"] == nil)
    #expect(files["genres/drama/page/4/index.html"] == nil)
    #expect(!first.contains("rel=\"prev\""))
    #expect(first.contains(#"<link rel="next" href="page/2/">"#))
    #expect(first.contains("Page 1 of 3"))
    #expect(second.contains(#"<link rel="prev" href="../../">"#))
    #expect(second.contains(#"<link rel="next" href="../3/">"#))
    #expect(second.contains("<title>Drama (genre), page 2 of 3 · Test Films</title>"))
    #expect(last.contains(#"<a rel="prev" href="../2/">← Previous</a>"#))
    #expect(!last.contains("rel=\"next\""))
    #expect(!last.contains("Next →"))
    #expect(last.contains("Page 3 of 3"))
    // The director's two films fit on one page; years have films of one year each.
    #expect(try #require(files["directors/agnes-varda/index.html"]).contains("Page 1 of 1"))
    #expect(files["directors/agnes-varda/page/2/index.html"] == nil)
    #expect(files["years/2001/page/2/index.html"] != nil)
    #expect(files["years/2001/page/3/index.html"] == nil)
  }

  @Test func detailPageLinksItsGenresDirectorAndYear() throws {
    let page = try #require(try render([Self.matrix])["films/603-the-matrix/index.html"])
    #expect(page.contains(#"<p><a href="../../years/1999/">1999</a> · 136 min</p>"#))
    #expect(
      page.contains(
        #"Directed by <a href="../../directors/lana-wachowski-lilly-wachowski/">Lana Wachowski &amp; Lilly Wachowski</a>"#
      ))
    #expect(
      page.contains(
        #"<p><a href="../../genres/action/">Action</a> · <a href="../../genres/science-fiction/">Science Fiction</a></p>"#
      ))
  }

  @Test func everyPageHasTheSiteNavigationWithRelativeLinks() throws {
    let files = try render(Self.dramas + [Self.matrix], pageSize: 2)
    let html = files.filter { $0.key.hasSuffix(".html") }
    #expect(html.count > 10)
    for (path, page) in html {
      let depth = path == "404.html" ? 0 : path.split(separator: "/").count - 1
      let up = String(repeating: "../", count: depth)
      #expect(page.contains(#"<nav class="site-nav" aria-label="Site">"#), "\(path)")
      let search = path == "search/index.html" ? "./" : up + "search/"
      #expect(page.contains(#"<a href="\#(search)">Search</a>"#), "\(path)")
      #expect(page.contains("<main id=\"content\">"), "\(path)")
      #expect(!page.contains("href=\"/"), "\(path)")
    }
  }

  @Test func filmsWithoutDirectorGenresOrYearAreNotListedThere() throws {
    let files = try render([Film(id: "1", title: "Bare")])
    #expect(files.keys.filter { $0.hasPrefix("genres/") } == ["genres/index.html"])
    #expect(files.keys.filter { $0.hasPrefix("years/") } == ["years/index.html"])
    let page = try #require(files["films/1-bare/index.html"])
    let main = try #require(page.components(separatedBy: "<main").last)
    #expect(!main.contains("Directed by"))
    #expect(!main.contains("genres/"))
    #expect(!main.contains("years/"))
  }

  @Test func siteFilesAndCanonicalLinksOnlyWithABaseURL() throws {
    let without = try render([Self.matrix])
    #expect(without["sitemap.xml"] == nil)
    #expect(without["robots.txt"] == nil)
    #expect(without.values.allSatisfy { !$0.contains("rel=\"canonical\"") })

    let with = try render([Self.matrix], baseURL: "https://example.org/films/")
    #expect(with["robots.txt"]?.contains("Sitemap: https://example.org/films/sitemap.xml") == true)
    let sitemap = try #require(with["sitemap.xml"])
    for (path, page) in with where path.hasSuffix(".html") && path != "404.html" {
      let url = "https://example.org/films/" + path.dropLast("index.html".count)
      #expect(page.contains(#"<link rel="canonical" href="\#(url)">"#), "\(path)")
      #expect(sitemap.contains("<loc>\(url)</loc>"), "\(path)")
    }
    #expect(!(with["404.html"] ?? "").contains("canonical"))
    #expect(!sitemap.contains("404"))
  }

  @Test func aBaseURLSetWithoutItsSlashIsNormalisedAndABadOneFails() throws {
    let files = try render([Self.matrix], baseURL: "https://example.org/films")
    #expect(
      try #require(files["index.html"]).contains(
        #"<link rel="canonical" href="https://example.org/films/">"#))
    #expect(throws: BaseURLError(url: "films", reason: "not an absolute http or https URL")) {
      try render([Self.matrix], baseURL: "films")
    }
  }

  @Test func sitemapIsSplitAtTheConfiguredLimit() throws {
    let films = (1...10).map { Film(id: String($0), title: "Film \($0)") }
    let files = try render(films, pageSize: 5, baseURL: "https://example.org/", sitemapLimit: 4)
    // 2 index pages, 10 films, 4 lists of names and search: 17 URLs in 5 files.
    let parts = files.keys.filter { $0.hasPrefix("sitemap-") }.sorted()
    #expect(parts == (1...5).map { "sitemap-\($0).xml" })
    let urls = parts.map { files[$0]?.components(separatedBy: "<url>").count ?? 0 }
    #expect(urls.map { $0 - 1 } == [4, 4, 4, 4, 1])
    #expect(try #require(files["sitemap.xml"]).contains("<sitemapindex"))
  }

  @Test func notFoundPageLinksFromTheSiteRootOrTheBaseURL() throws {
    let relative = try #require(try render([Self.matrix])["404.html"])
    #expect(relative.contains(#"<link rel="stylesheet" href="assets/style.css">"#))
    #expect(relative.contains(#"<a href="search/">Search the films</a>"#))
    let absolute = try #require(
      try render([Self.matrix], baseURL: "https://example.org/films/")["404.html"])
    #expect(
      absolute.contains(
        #"<link rel="stylesheet" href="https://example.org/films/assets/style.css">"#))
    #expect(
      absolute.contains(#"<a href="https://example.org/films/search/">Search the films</a>"#))
    #expect(absolute.contains(#"<a href="https://example.org/films/">Go to the home page</a>"#))
  }

  @Test func namesThatFoldAlikeGetTwoPages() throws {
    let films = [
      Film(id: "1", title: "A", genres: ["Film Noir"]),
      Film(id: "2", title: "B", genres: ["Film-Noir"]),
    ]
    let files = try render(films)
    let other = "genres/film-noir_\(TermSlugs.hash("Film-Noir"))/index.html"
    #expect(try #require(files["genres/film-noir/index.html"]).contains("films/1-a/"))
    #expect(try #require(files[other]).contains("films/2-b/"))
    #expect(try #require(files["films/2-b/index.html"]).contains("film-noir_"))
  }
}
