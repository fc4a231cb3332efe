import Testing

@testable import FilmCatalog
@testable import FilmSite

/// The links a film page makes from a film's data: the trailer's watch URL,
/// the IMDb page and the homepage, each made only from a value that cannot
/// choose another kind of link.
@Suite struct FilmLinksTests {
  private func film(_ change: (inout Film.Fields) -> Void) -> Film {
    Film(id: "1", title: "T").with(change)
  }

  private func trailerURL(site: String, key: String) -> String? {
    film { $0.trailer = Film.Trailer(site: site, key: key) }.trailerURL
  }

  // MARK: - Trailer

  @Test(arguments: [
    ("YouTube", "dQw4w9WgXcQ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"),
    ("youtube", "a-b_C9", "https://www.youtube.com/watch?v=a-b_C9"),
    ("YOUTUBE", "x", "https://www.youtube.com/watch?v=x"),
    ("Vimeo", "76979871", "https://vimeo.com/76979871"),
    ("vimeo", "1", "https://vimeo.com/1"),
  ])
  func trailersOnYouTubeAndVimeoBecomeWatchURLs(site: String, key: String, url: String) {
    #expect(trailerURL(site: site, key: key) == url)
  }

  @Test(arguments: [
    ("YouTube", "javascript:alert(1)"), ("YouTube", "../x"), ("YouTube", "a/b"),
    ("YouTube", "a b"), ("YouTube", ""), ("YouTube", "a\"b"), ("YouTube", "ｄQw4"),
    ("YouTube", String(repeating: "a", count: 65)), ("Vimeo", "abc"), ("Vimeo", "12a"),
    ("Vimeo", ""), ("Vimeo", String(repeating: "1", count: 21)), ("Dailymotion", "x7tgad0"),
    ("", "dQw4w9WgXcQ"), (" YouTube", "dQw4w9WgXcQ"), ("javascript:", "alert(1)"),
  ])
  func otherSitesAndKeysMakeNoLink(site: String, key: String) {
    #expect(trailerURL(site: site, key: key) == nil)
  }

  @Test func keysUpToTheirLimitsAreLinked() {
    let youTube = String(repeating: "a", count: 64)
    #expect(
      trailerURL(site: "YouTube", key: youTube) == "https://www.youtube.com/watch?v=" + youTube)
    let vimeo = String(repeating: "9", count: 20)
    #expect(trailerURL(site: "Vimeo", key: vimeo) == "https://vimeo.com/" + vimeo)
  }

  @Test func aFilmWithoutATrailerHasNoTrailerURL() {
    #expect(Film(id: "1", title: "T").trailerURL == nil)
  }

  // MARK: - IMDb

  @Test(arguments: ["tt0133093", "tt1", "tt" + String(repeating: "9", count: 12)])
  func imdbTitleIDsLinkToTheirPage(_ id: String) {
    #expect(Film.isIMDbID(id))
    #expect(film { $0.imdbId = id }.imdbURL == "https://www.imdb.com/title/\(id)/")
  }

  @Test(arguments: [
    "../x", "tt", "TT0133093", "nm0000206", "tt0133093/", " tt0133093", "tt01330a3",
    "tt" + String(repeating: "9", count: 13), "tt١٢٣", "", "tt0133093?x=1",
  ])
  func otherIDsAreNoIMDbTitles(_ id: String) {
    #expect(!Film.isIMDbID(id))
    #expect(film { $0.imdbId = id }.imdbURL == nil)
  }

  // MARK: - Homepage

  @Test(arguments: [
    ("https://www.example.com", "https://www.example.com"),
    ("http://example.com/film?id=1#top", "http://example.com/film?id=1#top"),
    ("HTTPS://Example.com/", "HTTPS://Example.com/"),
    ("  https://example.com/  ", "https://example.com/"),
    ("https://example.com/ü\"<x>", "https://example.com/%C3%BC%22%3Cx%3E"),
    ("https://user@example.com:8080/", "https://user@example.com:8080/"),
  ])
  func httpHomepagesAreLinkedPercentEncoded(homepage: String, url: String) {
    #expect(film { $0.homepage = homepage }.homepageURL == url)
  }

  @Test(arguments: [
    "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,hi", "ftp://example.com",
    "//example.com", "example.com", "/films/1", "https://", "https:///path", "https://@evil",
    "https://:80", "https:example.com", "https://exa mple.com", "https://example.com/\ta",
    "https://example.com/a\u{7F}b", "https://example.com/a\u{85}b",
    "https://example.com/a\u{A0}b", "https://example.com/a\u{2028}b", "", " ",
  ])
  func otherHomepagesMakeNoLink(_ homepage: String) {
    #expect(film { $0.homepage = homepage }.homepageURL == nil)
  }

  @Test func homepagesLongerThan2048BytesMakeNoLink() {
    let base = "https://example.com/"
    let longest = base + String(repeating: "a", count: 2048 - base.utf8.count)
    #expect(film { $0.homepage = longest }.homepageURL == longest)
    #expect(film { $0.homepage = longest + "a" }.homepageURL == nil)
  }
}
