import Foundation
import Testing

/// Pins how the fake TMDB pages, filters and sorts search and discover results, so that
/// the tests of pulls that split a query by release date can trust it.
@Suite struct FakeTMDBDiscoverTests {
  private typealias Item = FakeTMDBTests.Envelope.Item

  private func ids(
    _ query: [String: String] = [:], path: String = "discover/movie", from api: FakeTMDB,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> [Int] {
    try await FakeTMDBTests.everyResult(path, query, from: api, sourceLocation: sourceLocation)
      .map(\.id)
  }

  private static func window(_ from: String, _ to: String) -> [String: String] {
    ["primary_release_date.gte": from, "primary_release_date.lte": to]
  }

  @Test func totalPagesCountEveryFilmWhilePagesPast500AreRefused() async throws {
    let api = try FakeTMDB(configuration: .init(films: 12_345))
    let last = try await FakeTMDBTests.page("discover/movie", ["page": "500"], from: api)
    #expect((last.totalPages, last.totalResults) == (618, 12_345))
    #expect(last.results.map(\.id) == Array(10_981...11_000))
    let beyond = try await FakeTMDBTests.get("discover/movie", ["page": "501"], from: api)
    #expect(beyond.status == 400)
    #expect(
      try beyond.decode(FakeTMDBTests.TMDBError.self)
        == FakeTMDBTests.TMDBError(statusCode: 22, success: false))
  }

  @Test func releaseDateWindowsAreInclusiveAndLeaveOutUndatedFilms() async throws {
    let api = try FakeTMDB(configuration: .init(films: 600))
    // Films released in 1990 are those with n % 60 == 50; film 350 has no date.
    #expect(
      try await ids(Self.window("1990-01-01", "1990-12-31"), from: api)
        == [1050, 1110, 1170, 1230, 1290, 1410, 1470, 1530, 1590])
    #expect(try await ids(Self.window("1990-01-02", "1990-01-02"), from: api) == [1110])
    #expect(try await ids(["primary_release_year": "1990"], from: api).count == 9)
    let early = try await ids(["primary_release_date.lte": "1942-12-31"], from: api)
    #expect(early.prefix(2) == [1001, 1002])
    let dated = try await FakeTMDBTests.everyResult(
      "discover/movie", ["primary_release_date.gte": "1940-01-01"], from: api)
    #expect(dated.count == 600 - 600 / 7)
    #expect(dated.allSatisfy { $0.releaseDate != nil })
  }

  @Test func releasesFromFilm60OnSpreadOverTheDaysOfTheYear() async throws {
    let api = try FakeTMDB(configuration: .init(films: 60_000, undatedEvery: 0))
    let year = try await FakeTMDBTests.page(
      "discover/movie", ["primary_release_year": "1990"], from: api)
    #expect(year.totalResults == 1000)
    // Day 1 of the year for films 110, 22010 and 43910 (n // 60 is 1, 366 and 731).
    #expect(
      try await ids(Self.window("1990-01-02", "1990-01-02"), from: api) == [1110, 23_010, 44_910])
    let days = Set(
      try await FakeTMDBTests.everyResult(
        "discover/movie", ["primary_release_year": "1990"], from: api
      ).compactMap(\.releaseDate))
    #expect(days.count == 365)
    #expect(days.allSatisfy { $0.hasPrefix("1990-") })
  }

  @Test func anUnsplittableDayHoldsTheCrowdedFilms() async throws {
    let api = try FakeTMDB(
      configuration: .init(films: 100, crowdedDay: .init(date: "1990-06-01", films: 10_500)))
    let day = try await FakeTMDBTests.page(
      "discover/movie", Self.window("1990-06-01", "1990-06-01"), from: api)
    #expect((day.totalPages, day.totalResults) == (525, 10_500))
    #expect(day.results.first?.id == 500_001)
    #expect(day.results.allSatisfy { $0.releaseDate == "1990-06-01" })
    let all = try await FakeTMDBTests.page("discover/movie", from: api)
    #expect(all.totalResults == 10_600)
    let details = try await FakeTMDBTests.get("movie/510500", from: api)
    #expect(details.status == 200)
    #expect(try details.decode(Item.self).releaseDate == "1990-06-01")
    #expect(try await FakeTMDBTests.get("movie/510501", from: api).status == 404)
  }

  @Test func genresJoinWithCommasForAllAndPipesForAny() async throws {
    let api = try FakeTMDB()
    #expect(
      try await ids(["with_genres": "18,80"], from: api)
        == (1...45).filter { $0 % 2 == 1 }.map { 1000 + $0 })
    #expect(try await ids(["with_genres": "35|18"], from: api).count == 45)
    #expect(try await ids(["with_genres": "35,18"], from: api).isEmpty)
    #expect(
      try await ids(["with_genres": "10770"], from: api)
        == stride(from: 3, through: 45, by: 3).map { 1000 + $0 })
  }

  @Test func originalLanguageAndVoteCountFilter() async throws {
    let api = try FakeTMDB(configuration: .init(films: 120))
    #expect(
      try await ids(["with_original_language": "fr"], from: api)
        == stride(from: 60, through: 120, by: 4).map { 1000 + $0 })
    #expect(
      try await ids(["with_original_language": "ja"], from: api) == [1063, 1081, 1090, 1099, 1117])
    let english = try await FakeTMDBTests.everyResult(
      "discover/movie", ["with_original_language": "en"], from: api)
    #expect(english.count == 120 - 16 - 5)
    let voted = try await FakeTMDBTests.everyResult(
      "discover/movie", ["vote_count.gte": "2500"], from: api)
    #expect(!voted.isEmpty && voted.count < 120)
    #expect(voted.allSatisfy { ($0.voteCount ?? 0) >= 2500 })
    #expect(try await ids(["vote_count.gte": "140"], from: FakeTMDB()) == Array(1040...1045))
  }

  @Test func sortsAreTotalWithTiesInTheOrderOfIds() async throws {
    let api = try FakeTMDB()
    #expect(
      try await ids(["sort_by": "popularity.asc"], from: api) == Array((1001...1045).reversed()))
    let undated = [1007, 1014, 1021, 1028, 1035, 1042]
    let dated = (1001...1045).filter { !undated.contains($0) }
    #expect(try await ids(["sort_by": "primary_release_date.asc"], from: api) == dated + undated)
    #expect(
      try await ids(["sort_by": "primary_release_date.desc"], from: api)
        == dated.reversed() + undated)
    let titles = try await FakeTMDBTests.everyResult(
      "discover/movie", ["sort_by": "title.asc"], from: api
    ).compactMap(\.title)
    #expect(titles == titles.sorted())
    #expect(titles.count == 45)

    let spread = try FakeTMDB(configuration: .init(films: 300))
    let rated = try await FakeTMDBTests.everyResult(
      "discover/movie", ["sort_by": "vote_average.desc"], from: spread)
    #expect(rated.count == 300)
    for (first, second) in zip(rated, rated.dropFirst()) {
      let (a, b) = (first.voteAverage ?? 0, second.voteAverage ?? 0)
      #expect(a > b || (a == b && first.id < second.id), "\(first.id) before \(second.id)")
    }
  }

  private static let rejected: [([String: String], Int, Int)] = [
    (["primary_release_date.gte": "1990-13-01"], 400, 23),
    (["primary_release_date.lte": "1990-1-1"], 400, 23),
    (["sort_by": "rating.desc"], 422, 5),
    (["sort_by": "popularity"], 422, 5),
    (["with_genres": "drama"], 422, 5),
    (["vote_count.gte": "many"], 422, 5),
    (["primary_release_year": "MCMXC"], 422, 5),
  ]

  @Test(arguments: rejected)
  func discoverRejectsWhatTMDBRejects(query: [String: String], status: Int, code: Int)
    async throws
  {
    let answer = try await FakeTMDBTests.get("discover/movie", query, from: FakeTMDB())
    #expect(answer.status == status)
    #expect(
      try answer.decode(FakeTMDBTests.TMDBError.self)
        == FakeTMDBTests.TMDBError(statusCode: code, success: false))
  }

  @Test func searchFiltersByReleaseYear() async throws {
    let api = try FakeTMDB()
    #expect(
      try await ids(
        ["query": "film", "primary_release_year": "1945"], path: "search/movie", from: api)
        == [1005])
    #expect(
      try await ids(["query": "film", "year": "1945"], path: "search/movie", from: api) == [1005])
    // Film 7 would be 1947's, but it has no release date.
    #expect(
      try await ids(["query": "film", "year": "1947"], path: "search/movie", from: api).isEmpty)
    #expect(try await ids(["query": "noir"], path: "search/movie", from: api).count == 23)
  }

  @Test func everyFilmHasADateWhenUndatedEveryIsZero() async throws {
    let api = try FakeTMDB(configuration: .init(undatedEvery: 0))
    let all = try await FakeTMDBTests.everyResult("discover/movie", from: api)
    #expect(all.count == 45)
    #expect(all.allSatisfy { $0.releaseDate != nil })
    #expect(all.first { $0.id == 1007 }?.releaseDate == "1947-03-14")
  }
}
