import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// `filmsite check` on the browse pages and the search index of a site the real renderer made.
@Suite struct SiteCheckerBrowseTests {
  private static let films = (1...7).map { number in
    Film(
      id: String(number), title: "Film \(number)", year: 2000 + number % 2,
      director: "Director \(number % 3)", genres: ["Drama"])
  }

  /// Renders the films with pages of 2, changes the files with `edit`, writes and checks them.
  private func check(
    configuration: SiteConfiguration = SiteConfiguration(pageSize: 2),
    _ edit: (inout [String: Data]) throws -> Void = { _ in }
  ) throws -> SiteCheckReport {
    let renderer = SiteRenderer(
      theme: try Theme.load(from: Fixtures.templatesDirectory), configuration: configuration)
    var files = Dictionary(
      try renderer.render(Self.films).map { ($0.path, $0.contents) },
      uniquingKeysWith: { first, _ in first })
    try edit(&files)
    return try Fixtures.withTemporaryDirectory { directory in
      try SiteWriter(directory: directory).write(
        files.sorted { $0.key < $1.key }.map { OutputFile(path: $0.key, contents: $0.value) })
      return try SiteChecker(directory: directory).check()
    }
  }

  @Test func renderedSiteWithBrowsePagesSearchAndSiteFilesIsClean() throws {
    let report = try check(
      configuration: SiteConfiguration(pageSize: 2, baseURL: "https://example.org/"))
    #expect(report.faults == [])
  }

  @Test func aBrokenBrowseChainIsReported() throws {
    let report = try check { files in
      let path = "genres/drama/page/2/index.html"
      let page = String(decoding: try #require(files[path]), as: UTF8.self)
      files[path] = Data(
        page.replacingOccurrences(
          of: #"<link rel="next" href="../3/">"#, with: #"<link rel="next" href="../4/">"#
        ).utf8)
    }
    #expect(
      report.faults.contains(
        .nextMismatch(
          page: "genres/drama/page/2/index.html", target: "genres/drama/page/4/index.html",
          expected: "genres/drama/page/3/index.html")))
    #expect(report.faults.contains(.notOnChain(page: "genres/drama/page/3/index.html")))
  }

  @Test func aMissingSearchChunkAndAFilmMissingFromTheIndexAreReported() throws {
    let report = try check { files in
      files["search/fi.json"] = nil
      files["search/di.json"] = nil
      files["search/7.json"] = nil
      files["search/2001.json"] = nil
      files["search/1.json"] = nil
    }
    #expect(
      report.faults.contains(
        .badSearchChunk(path: "search/fi.json", reason: "listed in search/index.json, no such file")
      ))
    // Film 7 is in no chunk left: "film", "director", "7", "1" and 2001 are gone.
    #expect(report.faults.contains(.notInSearchIndex(page: "films/7-film-7/index.html")))
    #expect(!report.faults.contains(.notInSearchIndex(page: "films/2-film-2/index.html")))
  }

  @Test func aSearchEntryThatLeadsNowhereIsReported() throws {
    let report = try check { files in
      files["search/7.json"] = Data(#"[["Film 7",null,null,"films/8-film-8/"]]"#.utf8)
    }
    #expect(
      report.faults.contains(.brokenSearchEntry(chunk: "search/7.json", url: "films/8-film-8/")))
  }

  @Test func aMalformedManifestIsReported() throws {
    let report = try check { files in files["search/index.json"] = Data("[]".utf8) }
    #expect(
      report.faults.first
        == .unreadableSearchIndex(reason: "not a search manifest (a JSON object with chunks)"))
    // Without a manifest, nothing leads to the chunks.
    #expect(report.faults.contains(.orphan(path: "search/fi.json")))
  }

  @Test func siteFilesFoundByNameAreNotOrphansButAnUnlinkedBrowsePageIs() throws {
    let report = try check(
      configuration: SiteConfiguration(pageSize: 2, baseURL: "https://example.org/")
    ) { files in
      // Unlink the director's page from the list of directors and from their films' pages.
      for (path, contents) in files where path.hasSuffix(".html") {
        files[path] = Data(
          String(decoding: contents, as: UTF8.self)
            .replacingOccurrences(of: #"<a href="director-0/">"#, with: "<a>")
            .replacingOccurrences(of: #"<a href="../../directors/director-0/">"#, with: "<a>")
            .utf8)
      }
    }
    #expect(report.faults == [.orphan(path: "directors/director-0/index.html")])
  }

  @Test func aSitemapThatMissesAPageOrListsAGhostIsReported() throws {
    let report = try check(
      configuration: SiteConfiguration(pageSize: 2, baseURL: "https://example.org/films/")
    ) { files in
      let sitemap = String(decoding: try #require(files["sitemap.xml"]), as: UTF8.self)
      files["sitemap.xml"] = Data(
        sitemap.replacingOccurrences(
          of: "<url><loc>https://example.org/films/films/1-film-1/</loc></url>\n",
          with: "<url><loc>https://example.org/films/films/9-ghost/</loc></url>\n"
            + "<url><loc>https://elsewhere.example/</loc></url>\n"
        ).utf8)
    }
    #expect(
      report.faults == [
        .brokenSitemapEntry(file: "sitemap.xml", url: "https://example.org/films/films/9-ghost/"),
        .brokenSitemapEntry(file: "sitemap.xml", url: "https://elsewhere.example/"),
        .notInSitemap(page: "films/1-film-1/index.html"),
      ])
  }

  @Test func aSplitSitemapIsFollowedThroughItsIndex() throws {
    var configuration = SiteConfiguration(pageSize: 2, baseURL: "https://example.org/")
    configuration.sitemapLimit = 5
    #expect(try check(configuration: configuration).faults == [])
    let report = try check(configuration: configuration) { files in files["sitemap-2.xml"] = nil }
    #expect(
      report.faults.first
        == .brokenSitemapEntry(file: "sitemap.xml", url: "https://example.org/sitemap-2.xml"))
    // The 27 pages fill 6 files of 5; the 5 pages of the second file are now in none.
    #expect(!report.faults.contains(.notInSitemap(page: "index.html")))
    #expect(report.faults.count == 1 + 5)
  }

  @Test func aSitemapWithoutRobotsIsReported() throws {
    let report = try check(
      configuration: SiteConfiguration(pageSize: 2, baseURL: "https://example.org/")
    ) { files in files["robots.txt"] = nil }
    #expect(
      report.faults == [
        .unreadableSitemap(reason: "there is no robots.txt to name it and the base URL")
      ])
  }
}
