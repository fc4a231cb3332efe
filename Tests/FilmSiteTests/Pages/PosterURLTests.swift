import Testing

@testable import FilmCatalog
@testable import FilmSite

@Suite struct PosterURLTests {
  private func film(poster: String?) -> Film {
    Film(id: "1", title: "T", posterPath: poster)
  }

  @Test(arguments: [
    ("https://img.example/p", "/a.jpg", "https://img.example/p/a.jpg"),
    ("https://img.example/p/", "/a.jpg", "https://img.example/p/a.jpg"),
    ("https://img.example/p", "a.jpg", "https://img.example/p/a.jpg"),
    ("https://img.example/p/", "a.jpg", "https://img.example/p/a.jpg"),
  ])
  func relativePathsJoinTheBaseWithOneSlash(base: String, path: String, url: String) {
    #expect(film(poster: path).posterURL(base: base) == url)
  }

  @Test func absolutePostersKeepTheirOwnHostWhateverTheSchemeCase() {
    #expect(
      film(poster: "HTTPS://cdn.example/x.jpg").posterURL(base: "b") == "HTTPS://cdn.example/x.jpg")
    #expect(
      film(poster: "http://cdn.example/x.jpg").posterURL(base: "b") == "http://cdn.example/x.jpg")
    #expect(
      film(poster: "httpx://cdn.example/x.jpg").posterURL(base: "b")
        == "b/httpx://cdn.example/x.jpg")
  }

  @Test func unsafeBytesArePercentEncodedAndEscapesKept() {
    let url = film(poster: #"/a b"<é>%20\.jpg"#).posterURL(base: "https://i.example")
    #expect(url == "https://i.example/a%20b%22%3C%C3%A9%3E%20%5C.jpg")
  }

  @Test func blankPostersHaveNoURL() {
    #expect(film(poster: nil).posterURL(base: "b") == nil)
    #expect(film(poster: "  ").posterURL(base: "b") == nil)
  }
}
