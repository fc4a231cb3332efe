import Testing

@testable import FilmSite

@Suite struct SitemapTests {
  private let routes = [Route.root, Route(["page", "2"]), Route(["films", "1-a"])]

  @Test func listsEveryPageWithAbsoluteURLs() throws {
    let files = Sitemap.files(routes: routes, baseURL: "https://example.org/a&b/")
    #expect(files.map(\.path) == ["sitemap.xml"])
    let text = String(decoding: try #require(files.first).contents, as: UTF8.self)
    #expect(
      text == """
        <?xml version="1.0" encoding="UTF-8"?>
        <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc>https://example.org/a&amp;b/</loc></url>
        <url><loc>https://example.org/a&amp;b/page/2/</loc></url>
        <url><loc>https://example.org/a&amp;b/films/1-a/</loc></url>
        </urlset>

        """)
  }

  @Test func splitsIntoASitemapIndexPastTheLimit() throws {
    let files = Sitemap.files(routes: routes, baseURL: "https://example.org/", limit: 2)
    #expect(files.map(\.path) == ["sitemap-1.xml", "sitemap-2.xml", "sitemap.xml"])
    let index = String(decoding: files[2].contents, as: UTF8.self)
    #expect(index.contains("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"))
    #expect(index.contains("<sitemap><loc>https://example.org/sitemap-1.xml</loc></sitemap>"))
    #expect(index.contains("<sitemap><loc>https://example.org/sitemap-2.xml</loc></sitemap>"))
    let second = String(decoding: files[1].contents, as: UTF8.self)
    #expect(second.components(separatedBy: "<url>").count == 2)
    #expect(second.contains("https://example.org/films/1-a/"))
  }

  @Test func robotsNamesTheSitemap() {
    let robots = Sitemap.robots(baseURL: "https://example.org/films/")
    #expect(robots.path == "robots.txt")
    #expect(
      String(decoding: robots.contents, as: UTF8.self)
        == "User-agent: *\nAllow: /\n\nSitemap: https://example.org/films/sitemap.xml\n")
  }

  @Test(arguments: [
    ("https://example.org", "https://example.org/"),
    ("http://example.org/films//", "http://example.org/films/"),
    (" HTTPS://example.org/a/ ", "HTTPS://example.org/a/"),
  ])
  func baseURLIsNormalisedToEndInOneSlash(input: String, expected: String) throws {
    #expect(try BaseURL.normalized(input) == expected)
  }

  @Test(arguments: [
    ("example.org", "not an absolute http or https URL"),
    ("ftp://example.org/", "not an absolute http or https URL"),
    ("/films/", "not an absolute http or https URL"),
    ("https:///films", "it has no host"),
    ("https://example.org/?a=1", "it has a query or fragment"),
  ])
  func baseURLMustBeAnAbsoluteHTTPURL(input: String, reason: String) {
    #expect(throws: BaseURLError(url: input, reason: reason)) { try BaseURL.normalized(input) }
  }
}
