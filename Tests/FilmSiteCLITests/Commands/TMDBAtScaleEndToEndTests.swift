import Foundation
import Testing

/// `filmsite pull --tmdb` past TMDB's 500-page cap and with discover's filters, against the
/// fake TMDB (`Fixtures/fake-tmdb-api.py`), which serves no page past 500, filters and sorts
/// discover as TMDB does, and counts every film a query finds in `total_results`.
@Suite struct TMDBAtScaleEndToEndTests {
  private static let token = ["TMDB_API_TOKEN": "test-token", "TMDB_API_KEY": ""]

  private func pull(
    _ api: FakeTMDB, _ arguments: [String], in directory: URL
  ) async throws -> (result: FilmSiteProcess.Result, ids: [Int]) {
    let out = directory.appendingPathComponent("films.json")
    let result = try await FilmSiteProcess.run(
      ["pull", "--tmdb", "--api", api.baseURL.absoluteString, "--max-rate", "0", "--out", out.path]
        + arguments, environment: Self.token)
    guard result.status == 0 else { return (result, []) }
    struct Snapshot: Decodable {
      struct Film: Decodable { let id: String }
      let results: [Film]
    }
    let snapshot = try JSONDecoder().decode(Snapshot.self, from: Data(contentsOf: out))
    return (result, snapshot.results.compactMap { Int($0.id) })
  }

  /// The scenario: 60,000 films, three times what TMDB serves of one query.
  ///
  /// The pull itself has five minutes; the test has more, since it may wait for a turn to run
  /// it (``offThePool(_:)``) while other tests' children run.
  @Test(.timeLimit(.minutes(10)))
  func aSixtyThousandFilmDiscoverIsPulledWholeEachFilmOnce() async throws {
    let api = try FakeTMDB(configuration: .init(films: 60_000, undatedEvery: 0))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (result, ids) = try await pull(api, ["--concurrency", "8"], in: directory)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.duration < .seconds(300))
      #expect(ids.count == 60_000)
      #expect(Set(ids) == Set((1...60_000).map { 1000 + $0 }))
      let requests = try api.requests()
      let pages = requests.filter { $0.path == "/3/discover/movie" }
      let details = requests.filter { $0.path.hasPrefix("/3/movie/") }
      #expect(details.count == 60_000)
      #expect(Set(details.map(\.path)).count == 60_000)
      #expect(pages.allSatisfy { Int($0.query["page"] ?? "") ?? 0 <= 500 })
      #expect(requests.allSatisfy { $0.status == 200 })
      // One request per page of films and per film, and the probes that found the windows.
      #expect(requests.count == 1 + 3_021 + 60_000, "\(pages.count) discover requests")
      #expect(Double(requests.count) <= 1.03 * Double(3_000 + 60_000))
      #expect(result.stdout.hasPrefix("Pulled 60000 films into "))
      #expect(result.stdout.contains(" s; pulled in 14 release-date windows; 63022 requests "))
      #expect(!result.stderr.contains("warning"))
    }
  }

  @Test func filtersArePassedAsTMDBSpellsThem() async throws {
    let api = try FakeTMDB(configuration: .init(films: 400))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (result, ids) = try await pull(
        api,
        [
          "--discover", "with_original_language=fr", "--discover", "vote_count.gte=1000",
          "--discover", "primary_release_date.gte=1950-01-01", "--discover",
          "sort_by=primary_release_date.asc",
        ], in: directory)
      #expect(result.status == 0, "\(result.stderr)")
      let discover = try api.requests().filter { $0.path == "/3/discover/movie" }
      #expect(!discover.isEmpty)
      for request in discover {
        #expect(request.query["with_original_language"] == "fr")
        #expect(request.query["vote_count.gte"] == "1000")
        #expect(request.query["primary_release_date.gte"] == "1950-01-01")
        #expect(request.query["sort_by"] == "primary_release_date.asc")
      }
      #expect(!ids.isEmpty)
      let details = try api.requests().filter { $0.path.hasPrefix("/3/movie/") }
      #expect(details.count == ids.count)
    }
  }

  @Test func aDayThatCannotBeSplitIsReportedWithTheFilmsLeftOut() async throws {
    let api = try FakeTMDB(
      configuration: .init(
        films: 200, undatedEvery: 0, crowdedDay: .init(date: "1990-06-01", films: 10_050)))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (result, ids) = try await pull(api, ["--concurrency", "8"], in: directory)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(ids.count == 200 + 10_000)
      #expect(
        result.stderr.contains(
          "warning: the release day 1990-06-01 alone lists 10050 films, more than TMDB serves of one query; 50 left out\n"
        ))
      #expect(
        result.stdout.contains(" release-date windows, 50 films left out (see the warnings); "))
      let pages = try api.requests().filter { $0.path == "/3/discover/movie" }
      #expect(pages.allSatisfy { $0.status == 200 })
    }
  }

  @Test func filmsWithoutADateAreReportedWhenTheListingIsSplit() async throws {
    let api = try FakeTMDB(configuration: .init(films: 10_500, undatedEvery: 7))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (result, ids) = try await pull(api, ["--concurrency", "8"], in: directory)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(ids.count == 10_500 - 1_500)
      #expect(
        result.stderr.contains(
          "warning: 1500 films have no release date in any window (TMDB lists them without one); left out\n"
        ))
    }
  }

  @Test func aSearchPastTheCapIsSplitByReleaseYear() async throws {
    let api = try FakeTMDB(configuration: .init(films: 10_100, undatedEvery: 0))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      // Every title has "Film" in it.
      let (result, ids) = try await pull(
        api, ["--query", "film", "--concurrency", "8"], in: directory)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(Set(ids).count == 10_100)
      let searches = try api.requests().filter { $0.path == "/3/search/movie" }
      #expect(searches.contains { $0.query["primary_release_year"] == "1947" })
      // The years from 1870 through five after this one.
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
      let years = calendar.component(.year, from: Date()) + 5 - 1870 + 1
      #expect(result.stdout.contains(" s; pulled in \(years) release-year windows; "))
    }
  }

  @Test func discoverFiltersAreRefusedWithAQueryOrWhenTMDBWouldRefuseThem() async throws {
    let withQuery = try await FilmSiteProcess.run(
      ["pull", "--tmdb", "--query", "noir", "--discover", "vote_count.gte=5", "--out", "/x"],
      environment: Self.token)
    #expect(withQuery.status == 64)
    #expect(
      withQuery.stderr
        == "filmsite pull: option '--discover' filters TMDB's discover listing, which --query replaces with a title search; give one or the other\n"
    )
    let unknown = try await FilmSiteProcess.run(
      ["pull", "--tmdb", "--discover", "with_cast=5", "--out", "/x"], environment: Self.token)
    #expect(unknown.status == 64)
    #expect(
      unknown.stderr.hasPrefix(
        "filmsite pull: option '--discover': unknown discover filter 'with_cast'"))
    let withoutTMDB = try await FilmSiteProcess.run(
      ["build", "--discover", "sort_by=title.asc", "--output", "/x"])
    #expect(withoutTMDB.status == 64)
    #expect(withoutTMDB.stderr == "filmsite build: option '--discover' needs --tmdb\n")
  }
}
