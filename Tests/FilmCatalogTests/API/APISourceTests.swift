import Foundation
import Testing

@testable import FilmCatalog

@Suite struct APISourceURLTests {
  @Test func addsQueryAndPageKeepingOtherItems() throws {
    let source = APISource(
      url: try #require(URL(string: "https://api.example.com/search?api_key=k&page=9")))
    let url = try source.requestURL(query: "Amélie & co+1", page: 3)
    #expect(
      url.absoluteString
        == "https://api.example.com/search?api_key=k&query=Am%C3%A9lie%20%26%20co%2B1&page=3")
    source.close()
  }

  @Test(arguments: [
    "http://127.0.0.1:8080/search",
    "https://api.example.com/search?api_key=k&page=9",
    "https://user:pa%20ss@api.example.com:8443/v3/search%20x/?a=1&a=2&query=old&b=%2B#page=1",
    "http://example.com/search?page=987654321012345678&x=page%3D1",
    "http://example.com/?",
  ])
  func eachPageURLIsTheOneURLComponentsBuilds(url: String) throws {
    let source = APISource(url: try #require(URL(string: url)))
    defer { source.close() }
    for query in ["", "Amélie & co+1", "a=b&page=3", "Ünïcödé 🎬 #1?"] {
      for page in [1, 2, 9, 10, 99, 12_345, Int.max] {
        let url = try source.requestURL(query: query, page: page)
        let expected = try source.slowRequestURL(query: query, page: page)
        #expect(url == expected, "\(query) page \(page)")
        #expect(url.absoluteString == expected.absoluteString)
      }
    }
  }
}

/// How a page's body becomes films, and what the user reads when it is not film JSON.
@Suite struct APISourcePageTests {
  private let url = URL(string: "https://api.example.com/search?api_key=k&query=x&page=7")
  private let shown = "GET https://api.example.com/search?api_key=***&query=x&page=7"

  private func page(_ body: String) throws -> SourcePage {
    let answer = HTTPClient.Answer(body: Array(body.utf8), attempts: 1)
    return try APISource.page(in: answer, from: try #require(url))
  }

  @Test func anEnvelopeGivesItsFilmsAndPageCount() throws {
    let page = try page(#"{"page": 1, "results": [{"id": 1, "title": "Alien"}], "total_pages": 4}"#)
    #expect(page == SourcePage(films: [Film(id: "1", title: "Alien")], totalPages: 4))
  }

  @Test func brokenJSONNamesTheLineAndColumnAndTheStartOfTheBody() throws {
    let error = try #require(throws: APISourceError.self) { try page(#"{"results": [}"#) }
    #expect(
      error.description
        == "\(shown): not film JSON: line 1, column 14: malformed JSON: unexpected character \"}\"; body starts: {\"results\": [}"
    )
  }

  @Test func aFilmWithoutATitleNamesTheFilmAndTheField() throws {
    let error = try #require(throws: APISourceError.self) {
      try page(#"[{"id": 1, "title": "Alien"}, {"id": 2}]"#)
    }
    #expect(
      error.description
        == "\(shown): not film JSON: film 2: missing required field \"title\"; body starts: [{\"id\": 1, \"title\": \"Alien\"}, {\"id\": 2}]"
    )
  }
}
