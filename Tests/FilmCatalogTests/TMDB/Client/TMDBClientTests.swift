import Foundation
import Testing

@testable import FilmCatalog

@Suite struct TMDBClientTests {
  private func client(
    _ base: String = "https://api.themoviedb.org/3",
    credentials: TMDBCredentials = .bearerToken("t"), language: String = "en-US",
    includeAdult: Bool = false
  ) throws -> TMDBClient {
    TMDBClient(
      baseURL: try #require(URL(string: base)), credentials: credentials, language: language,
      includeAdult: includeAdult)
  }

  private func url(_ client: TMDBClient, query: String, page: Int) throws -> String {
    let (path, items) = client.searchRequest(TMDBSearch(query))
    return try #require(
      client.url(path, items + [URLQueryItem(name: "page", value: String(page))])
    ).absoluteString
  }

  @Test func aQuerySearchesWithPageLanguageAndAdultFlag() throws {
    #expect(
      try url(client(), query: "  noir ", page: 4)
        == "https://api.themoviedb.org/3/search/movie?query=noir&include_adult=false&page=4&language=en-US"
    )
  }

  @Test func anEmptyQueryDiscoversThePopularFilms() throws {
    #expect(
      try url(client(language: "fr-FR", includeAdult: true), query: " ", page: 1)
        == "https://api.themoviedb.org/3/discover/movie?sort_by=popularity.desc&include_adult=true&page=1&language=fr-FR"
    )
  }

  @Test func aKeyGoesInTheQueryAndIsMaskedWhenShown() throws {
    let client = try client(credentials: .apiKey("k-SECRET"))
    #expect(try url(client, query: "x", page: 1).hasSuffix("&language=en-US&api_key=k-SECRET"))
    let shown = client.maskedSearchURL(TMDBSearch("x"))
    #expect(
      shown
        == "https://api.themoviedb.org/3/search/movie?query=x&include_adult=false&language=en-US&api_key=***"
    )
  }

  @Test func discoverFiltersFollowTheOrderAndTheAdultFlag() throws {
    let filters = try TMDBDiscoverFilters(parsing: [
      "vote_count.gte=50", "with_genres=18|80", "primary_release_date.lte=1999-12-31",
      "sort_by=vote_average.desc", "with_original_language=fr",
      "primary_release_date.gte=1990-01-01",
    ])
    let (path, items) = try client().searchRequest(TMDBSearch("", filters: filters))
    #expect(path == "discover/movie")
    #expect(
      items.map { "\($0.name)=\($0.value ?? "")" } == [
        "sort_by=vote_average.desc", "include_adult=false", "primary_release_date.gte=1990-01-01",
        "primary_release_date.lte=1999-12-31", "with_genres=18|80", "with_original_language=fr",
        "vote_count.gte=50",
      ])
  }

  @Test func aWindowReplacesTheFiltersReleaseDates() throws {
    let filters = try TMDBDiscoverFilters(parsing: [
      "primary_release_date.gte=1990-01-01", "with_original_language=fr",
    ])
    let window = TMDBReleaseWindow.days(
      try #require(CalendarDay("1994-07-02")), try #require(CalendarDay("1999-12-31")))
    let (_, items) = try client().searchRequest(TMDBSearch("", filters: filters, window: window))
    #expect(
      items.map { "\($0.name)=\($0.value ?? "")" } == [
        "sort_by=popularity.desc", "include_adult=false", "primary_release_date.gte=1994-07-02",
        "primary_release_date.lte=1999-12-31", "with_original_language=fr",
      ])
  }

  @Test func aSearchWindowIsAReleaseYear() throws {
    let (path, items) = try client().searchRequest(TMDBSearch("noir", window: .year(1947)))
    #expect(path == "search/movie")
    #expect(
      items.map { "\($0.name)=\($0.value ?? "")" } == [
        "query=noir", "include_adult=false", "primary_release_year=1947",
      ])
  }

  @Test func pathsJoinABaseWithATrailingSlashAndKeepItsQueryItems() throws {
    let client = try client("http://127.0.0.1:9/3/?region=GB")
    #expect(
      client.url("genre/movie/list", [])?.absoluteString
        == "http://127.0.0.1:9/3/genre/movie/list?region=GB&language=en-US")
  }

  @Test func aPlusInTheQueryIsNotReadAsASpace() throws {
    #expect(try url(client(), query: "C++ & co", page: 1).contains("query=C%2B%2B%20%26%20co&"))
  }

  @Test func aBaseThatIsNotHTTPFails() throws {
    let client = try client("ftp://example.com/3")
    #expect(client.url("genre/movie/list", []) == nil)
  }
}
