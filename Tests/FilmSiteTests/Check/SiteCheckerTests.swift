import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

@Suite struct SiteCheckerTests {
  /// A page with optional `<link rel="prev|next">` and one `<a>` per link.
  private static func page(prev: String? = nil, next: String? = nil, links: [String] = [])
    -> String
  {
    var html = "<!doctype html>\n<html lang=\"en\">\n<head>\n<title>Page</title>\n"
    if let prev { html += "<link rel=\"prev\" href=\"\(prev)\">\n" }
    if let next { html += "<link rel=\"next\" href=\"\(next)\">\n" }
    html += "</head>\n<body>\n"
    for link in links { html += "<a href=\"\(link)\">link</a>\n" }
    return html + "</body>\n</html>\n"
  }

  /// Three index pages, one film on each, and a stylesheet: a site with no fault.
  private static let sound: [String: String] = [
    "index.html": page(next: "page/2/", links: ["assets/style.css", "films/1-a/"]),
    "page/2/index.html": page(
      prev: "../../", next: "../3/", links: ["../../assets/style.css", "../../films/2-b/"]),
    "page/3/index.html": page(
      prev: "../2/", links: ["../../assets/style.css", "../../films/3-c/"]),
    "films/1-a/index.html": page(links: ["../../assets/style.css", "../../"]),
    "films/2-b/index.html": page(links: ["../../assets/style.css", "../../page/2/"]),
    "films/3-c/index.html": page(links: ["../../assets/style.css", "../../page/3/"]),
    "assets/style.css": "body { margin: 0 }\n",
  ]

  /// Writes `files` with the real writer (so its manifest lists them), then
  /// `foreign` files beside them, and checks the folder.
  private func check(
    _ files: [String: String], foreign: [String: String] = [:]
  ) throws -> SiteCheckReport {
    try Fixtures.withTemporaryDirectory { directory in
      try SiteWriter(directory: directory).write(
        files.sorted { $0.key < $1.key }.map { OutputFile(path: $0.key, text: $0.value) })
      for (path, text) in foreign {
        let url = URL(fileURLWithPath: directory).appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
      }
      return try SiteChecker(directory: directory).check()
    }
  }

  private func changing(
    _ path: String, to text: String?, in files: [String: String] = sound
  ) -> [String: String] {
    var files = files
    files[path] = text
    return files
  }

  // MARK: - Sound sites

  @Test func handBuiltSoundSiteHasNoFaults() throws {
    let report = try check(Self.sound)
    #expect(report.faults == [])
    #expect(report.pageCount == 6)
    #expect(report.linkCount == 16)
    #expect(report.description == "Checked 6 pages and 16 links: 0 problems")
  }

  @Test func siteRenderedByTheRealRendererChecksClean() throws {
    let odd = [
      Film(id: "../x", title: "Amélie & the Straße?", posterPath: "/a b.jpg"),
      Film(id: "42", title: "水"),
    ]
    let films = Fixtures.films(60) + odd
    let renderer = SiteRenderer(
      theme: try Theme.load(from: Fixtures.templatesDirectory),
      configuration: SiteConfiguration(pageSize: 24))
    let files = try renderer.render(films)
    let report = try Fixtures.withTemporaryDirectory { directory in
      try SiteWriter(directory: directory).write(files)
      return try SiteChecker(directory: directory).check()
    }
    #expect(report.faults == [])
    // 62 films, 3 index pages, the Drama genre's 3 pages, 60 years, 2 genre lists
    // (Drama and none), the four lists of names, search and 404.
    #expect(report.pageCount == 62 + 3 + 3 + 60 + 4 + 1 + 1)
    #expect(report.linkCount > 62 * 3)
  }

  @Test func filesTheManifestDoesNotListAreTheUsersAndNotOrphans() throws {
    let report = try check(
      Self.sound,
      foreign: [
        "CNAME": "films.example.com\n",
        ".nojekyll": "",
        ".git/HEAD": "ref: refs/heads/gh-pages\n",
        ".git/hooks/sample.html": "<a href=\"nowhere/\">",
        "notes/todo.txt": "check the site\n",
        "google1234.html": "google-site-verification: google1234.html\n",
      ])
    #expect(report.faults == [])
    #expect(report.pageCount == 7)
  }

  @Test func skipsExternalURLsAndResolvesQueriesFragmentsAndEscapes() throws {
    let links = [
      "https://example.com/x", "HTTP://example.com", "mailto:films@example.com",
      "data:image/png;base64,AAAA", "//cdn.example.com/x.js", "#top", "?page=1", "",
      "../../assets/style.css?v=1#x", "../../assets/st%79le.css", "./", ".", "../1-a/",
      "../../films/1-a/index.html", " ../../ ", "../../index.html#films",
      "../../a&amp;b/", "../../assets/../assets/style.css",
    ]
    let site = changing(
      "films/1-a/index.html", to: Self.page(links: links),
      in: changing("a&b/index.html", to: Self.page(links: ["../"])))
    let report = try check(site)
    #expect(report.faults == [])
    // The sound site's 16 links, less film 1's two, plus a&b's one and the 13 internal ones here.
    #expect(report.linkCount == 16 - 2 + 1 + 13)
  }

  // MARK: - Links

  @Test(arguments: [
    ("../../films/9-x/", SiteCheckReport.Fault.LinkProblem.noSuchFile),
    ("../../films/2-b", .folder),
    ("../../../secret.txt", .outsideSite),
    ("../../../../etc/passwd", .outsideSite),
    ("../../../Output/index.html", .outsideSite),
    ("/assets/style.css", .absolutePath),
    ("javascript:alert(1)", .unsupportedScheme),
    ("file:///etc/passwd", .unsupportedScheme),
  ])
  func reportsALinkThatLeadsToNoFileOfTheSite(
    link: String, problem: SiteCheckReport.Fault.LinkProblem
  ) throws {
    let page = Self.page(links: ["../../assets/style.css", "../../", link, link])
    let report = try check(changing("films/1-a/index.html", to: page))
    #expect(
      report.faults == [.brokenLink(page: "films/1-a/index.html", link: link, problem: problem)])
  }

  @Test func brokenLinkNamesThePageAndTheLink() throws {
    let report = try check(changing("films/2-b/index.html", to: nil))
    #expect(
      report.faults == [
        .brokenLink(page: "page/2/index.html", link: "../../films/2-b/", problem: .noSuchFile)
      ])
    #expect(
      report.description == """
        page/2/index.html: broken link "../../films/2-b/" (no such file)
        Checked 5 pages and 14 links: 1 problem
        """)
  }

  // MARK: - The index chain

  @Test func reportsAChainThatStopsBeforeTheLastPage() throws {
    let page2 = Self.page(prev: "../../", links: ["../../assets/style.css", "../../films/2-b/"])
    let report = try check(changing("page/2/index.html", to: page2))
    #expect(
      report.faults == [
        .notOnChain(page: "page/3/index.html"),
        .notLinkedFromIndex(page: "films/3-c/index.html"),
      ])
    #expect(
      report.faults.map(\.description) == [
        "page/3/index.html: not on the prev/next chain of index pages from index.html",
        "films/3-c/index.html: not linked from any index page",
      ])
  }

  @Test func reportsAChainThatCyclesBack() throws {
    let page3 = Self.page(
      prev: "../2/", next: "../2/", links: ["../../assets/style.css", "../../films/3-c/"])
    let report = try check(changing("page/3/index.html", to: page3))
    #expect(report.faults == [.chainCycle(page: "page/3/index.html", target: "page/2/index.html")])
  }

  @Test func reportsAPageThatLinksToItselfAsNext() throws {
    let home = Self.page(next: "./", links: ["assets/style.css", "films/1-a/"])
    let report = try check(changing("index.html", to: home))
    #expect(
      report.faults == [
        .chainCycle(page: "index.html", target: "index.html"),
        .notOnChain(page: "page/2/index.html"),
        .notOnChain(page: "page/3/index.html"),
        .notLinkedFromIndex(page: "films/2-b/index.html"),
        .notLinkedFromIndex(page: "films/3-c/index.html"),
      ])
  }

  @Test func reportsAPrevLinkToTheWrongPage() throws {
    let page3 = Self.page(
      prev: "../../", links: ["../../assets/style.css", "../../films/3-c/"])
    let report = try check(changing("page/3/index.html", to: page3))
    #expect(
      report.faults == [
        .prevMismatch(
          page: "page/3/index.html", target: "index.html", expected: "page/2/index.html")
      ])
    #expect(
      report.faults.first?.description
        == "page/3/index.html: rel=\"prev\" points to index.html, expected page/2/index.html")
  }

  @Test func reportsAMissingPrevAndAPrevOnTheFirstPage() throws {
    let home = Self.page(
      prev: "page/3/", next: "page/2/", links: ["assets/style.css", "films/1-a/"])
    let page2 = Self.page(next: "../3/", links: ["../../assets/style.css", "../../films/2-b/"])
    let report = try check(
      changing("index.html", to: home, in: changing("page/2/index.html", to: page2)))
    #expect(
      report.faults == [
        .prevOnFirstPage(page: "index.html", target: "page/3/index.html"),
        .missingPrev(page: "page/2/index.html", expected: "index.html"),
      ])
  }

  @Test func reportsANextLinkThatSkipsAPage() throws {
    let home = Self.page(next: "page/3/", links: ["assets/style.css", "films/1-a/"])
    let page3 = Self.page(prev: "../../", links: ["../../assets/style.css", "../../films/3-c/"])
    let report = try check(
      changing("index.html", to: home, in: changing("page/3/index.html", to: page3)))
    #expect(
      report.faults == [
        .nextMismatch(
          page: "index.html", target: "page/3/index.html", expected: "page/2/index.html"),
        .notOnChain(page: "page/2/index.html"),
        .notLinkedFromIndex(page: "films/2-b/index.html"),
      ])
  }

  @Test func reportsAPageWithTwoNextLinks() throws {
    var page2 = Self.page(
      prev: "../../", next: "../3/", links: ["../../assets/style.css", "../../films/2-b/"])
    page2 = page2.replacingOccurrences(
      of: "</head>", with: "<link rel=\"next\" href=\"../3/\">\n</head>")
    let report = try check(changing("page/2/index.html", to: page2))
    #expect(report.faults == [.repeatedRel(page: "page/2/index.html", rel: "next", count: 2)])
  }

  // MARK: - Detail pages and orphans

  @Test func reportsADetailPageThatNoIndexPageLinks() throws {
    let film = Self.page(links: ["../../assets/style.css", "../../", "../4-d/"])
    let report = try check(
      changing(
        "films/1-a/index.html", to: film,
        in: changing("films/4-d/index.html", to: Self.page(links: ["../../"]))))
    // Linked from another film's page, so reachable: a detail page fault but no orphan.
    #expect(report.faults == [.notLinkedFromIndex(page: "films/4-d/index.html")])
  }

  @Test func anUnreachableDetailPageIsReportedOnce() throws {
    let report = try check(changing("films/4-d/index.html", to: Self.page(links: ["../../"])))
    #expect(report.faults == [.notLinkedFromIndex(page: "films/4-d/index.html")])
  }

  @Test func reportsFilesFilmSiteWroteThatNothingLinksButNotThemeAssets() throws {
    var site = changing("assets/old.css", to: "body {}\n")
    site["films/1-a/still.jpg"] = "jpeg"
    site["about/index.html"] = Self.page(links: ["../"])
    let report = try check(site)
    #expect(
      report.faults == [
        .orphan(path: "about/index.html"),
        .orphan(path: "films/1-a/still.jpg"),
      ])
    #expect(
      report.faults.last?.description
        == "films/1-a/still.jpg: not linked from any page reachable from index.html")
  }

  // MARK: - The folder

  @Test func aMissingFolderIsAFault() throws {
    try Fixtures.withTemporaryDirectory { directory in
      let missing = directory + "/Output"
      let report = try SiteChecker(directory: missing).check()
      #expect(report == SiteCheckReport(faults: [.noSuchFolder(missing)]))
      #expect(
        report.description == """
          \(missing): no such folder (build the site first)
          Checked 0 pages and 0 links: 1 problem
          """)
      try "x".write(toFile: missing, atomically: true, encoding: .utf8)
      #expect(try SiteChecker(directory: missing).check().faults == [.notAFolder(missing)])
    }
  }

  @Test func aFolderWithoutAHomePageIsAFault() throws {
    let report = try check(["films/1-a/index.html": Self.page(links: ["../1-a/"])])
    #expect(report.faults == [.missingHomePage])
    #expect(
      report.faults.first?.description == "index.html: no such file, so the site has no home page")
  }

  @Test func aManifestFilmSiteDidNotWriteIsAFault() throws {
    let report = try check(Self.sound, foreign: [".filmsite-manifest": "assets/style.css\n"])
    #expect(report.faults == [.unreadableManifest])
  }

  @Test func summaryCountsInTheSingularAndPlural() {
    #expect(
      SiteCheckReport(pageCount: 1, linkCount: 1, faults: [.missingHomePage]).summary
        == "Checked 1 page and 1 link: 1 problem")
    #expect(SiteCheckReport(pageCount: 2).summary == "Checked 2 pages and 0 links: 0 problems")
  }
}
