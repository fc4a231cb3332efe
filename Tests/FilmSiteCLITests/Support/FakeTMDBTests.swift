import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Pins the fake TMDB's own behaviour over HTTP, so that the end-to-end tests of pulls and
/// refreshes can trust what it serves.
@Suite struct FakeTMDBTests {
  /// A page of search, discover or changes results, with the fields these tests read.
  struct Envelope: Decodable {
    struct Item: Decodable {
      var id: Int
      var overview: String?
      var releaseDate: String?
      var originalLanguage: String?
      var voteCount: Int?
      var adult: Bool?

      private enum CodingKeys: String, CodingKey {
        case id, overview, adult
        case releaseDate = "release_date"
        case originalLanguage = "original_language"
        case voteCount = "vote_count"
      }
    }

    var page: Int
    var results: [Item]
    var totalPages: Int
    var totalResults: Int

    private enum CodingKeys: String, CodingKey {
      case page, results
      case totalPages = "total_pages"
      case totalResults = "total_results"
    }
  }

  /// TMDB's error body.
  struct TMDBError: Decodable, Equatable {
    var statusCode: Int
    var success: Bool

    private enum CodingKeys: String, CodingKey {
      case success
      case statusCode = "status_code"
    }
  }

  /// A response: its status and body.
  struct Answer {
    var status: Int
    var data: Data

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
      try JSONDecoder().decode(type, from: data)
    }
  }

  private static let session = URLSession(configuration: .ephemeral)

  /// `GET <api>/<path>?<query>` with the fake's default bearer token.
  static func get(_ path: String, _ query: [String: String] = [:], from api: FakeTMDB)
    async throws -> Answer
  {
    var components = try #require(
      URLComponents(url: api.baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false))
    components.queryItems = query.sorted { $0.key < $1.key }.map {
      URLQueryItem(name: $0.key, value: $0.value)
    }
    var request = URLRequest(url: try #require(components.url))
    request.setValue("Bearer test-token", forHTTPHeaderField: "Authorization")
    request.timeoutInterval = 30
    let (data, response) = try await session.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    return Answer(status: http.statusCode, data: data)
  }

  /// The page of `path`, which must answer 200.
  static func page(
    _ path: String, _ query: [String: String] = [:], from api: FakeTMDB,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Envelope {
    let answer = try await get(path, query, from: api)
    #expect(answer.status == 200, sourceLocation: sourceLocation)
    return try answer.decode(Envelope.self)
  }

  // MARK: - /movie/changes

  @Test func changesListTheChangedFilmsByIdThenTheNoiseAHundredAPage() async throws {
    let api = try FakeTMDB(
      configuration: .init(films: 45, changed: [1030, 1002, 1017], changesNoise: 150))
    let window = ["start_date": "2026-03-01", "end_date": "2026-03-15"]
    var first = window
    first["page"] = "1"
    let one = try await Self.page("movie/changes", first, from: api)
    #expect((one.page, one.totalPages, one.totalResults) == (1, 2, 153))
    #expect(one.results.count == 100)
    #expect(one.results.prefix(4).map(\.id) == [1002, 1017, 1030, 9_000_001])
    #expect(one.results.allSatisfy { $0.adult == false })
    var second = window
    second["page"] = "2"
    let two = try await Self.page("movie/changes", second, from: api)
    #expect(two.results.map(\.id) == Array(9_000_098...9_000_150))
    second["page"] = "3"
    #expect(try await Self.page("movie/changes", second, from: api).results.isEmpty)
    // The same ids whatever the dates, and without any (the last 24 hours).
    let other = try await Self.page(
      "movie/changes", ["start_date": "2001-01-01", "end_date": "2001-01-02"], from: api)
    #expect(other.results.map(\.id) == one.results.map(\.id))
    #expect(try await Self.page("movie/changes", from: api).totalResults == 153)
  }

  @Test func changesWithNothingChangedIsAnEmptyList() async throws {
    let api = try FakeTMDB()
    let empty = try await Self.page("movie/changes", from: api)
    #expect(empty.results.isEmpty)
    #expect((empty.totalPages, empty.totalResults) == (0, 0))
  }

  private static let rejectedWindows: [([String: String], Int, Int)] = [
    (["start_date": "2026-03-01", "end_date": "2026-03-16"], 422, 20),
    (["start_date": "2026-03-10", "end_date": "2026-03-09"], 422, 20),
    (["start_date": "2026-02-30"], 400, 23),
    (["end_date": "yesterday"], 400, 23),
    (["page": "0"], 400, 22),
    (["page": "1001"], 400, 22),
  ]

  @Test(arguments: rejectedWindows)
  func changesRejectAsTMDBDoes(query: [String: String], status: Int, code: Int) async throws {
    let api = try FakeTMDB(configuration: .init(changed: [1001]))
    let answer = try await Self.get("movie/changes", query, from: api)
    #expect(answer.status == status)
    #expect(try answer.decode(TMDBError.self) == TMDBError(statusCode: code, success: false))
  }

  @Test func changesAcceptFourteenDaysAndPageAThousand() async throws {
    let api = try FakeTMDB(configuration: .init(changed: [1001]))
    let fourteen = try await Self.page(
      "movie/changes", ["start_date": "2026-03-01", "end_date": "2026-03-15"], from: api)
    #expect(fourteen.results.map(\.id) == [1001])
    let last = try await Self.page("movie/changes", ["page": "1000"], from: api)
    #expect(last.results.isEmpty)
  }

  @Test func changesPagesTakeTheirFaults() async throws {
    let api = try FakeTMDB(
      configuration: .init(changed: [1001], faults: ["changes:1": [.init(status: 500)]]))
    let failed = try await Self.get("movie/changes", ["page": "1"], from: api)
    #expect(failed.status == 500)
    #expect(try failed.decode(TMDBError.self) == TMDBError(statusCode: 11, success: false))
    #expect(try await Self.page("movie/changes", ["page": "1"], from: api).totalResults == 1)
    #expect(try api.requests().map(\.path) == ["/3/movie/changes", "/3/movie/changes"])
  }

  // MARK: - revised and absent films

  @Test func revisedFilmsSayAnotherOverviewInResultsAndDetails() async throws {
    let api = try FakeTMDB(configuration: .init(films: 45, revised: [1003, 1011]))
    let results = try await Self.page("discover/movie", from: api).results
    let overviews = Dictionary(uniqueKeysWithValues: results.map { ($0.id, $0.overview) })
    #expect(overviews[1003] == "Revised overview of film 3.")
    #expect(overviews[1011] == "Revised overview of film 11.")
    #expect(overviews[1005] == "Overview of film 5.")
    let found = try await Self.page("search/movie", ["query": "noir film 3"], from: api)
    #expect(found.results.first?.overview == "Revised overview of film 3.")

    let revised = try await Self.get("movie/1003", from: api)
    let kept = try await Self.get("movie/1005", from: api)
    let revisedDetails = try #require(
      try JSONSerialization.jsonObject(with: revised.data) as? [String: Any])
    #expect(revisedDetails["overview"] as? String == "Revised overview of film 3.")
    #expect(revisedDetails["title"] as? String == "Noir Film 3")
    let keptDetails = try #require(
      try JSONSerialization.jsonObject(with: kept.data) as? [String: Any])
    #expect(keptDetails["overview"] as? String == "Overview of film 5.")
  }

  @Test func absentFilmsLeaveResultsAndTheirDetailsAnswer404() async throws {
    let api = try FakeTMDB(configuration: .init(films: 45, absent: [1002, 1021, 1044]))
    var ids: [Int] = []
    for number in 1...3 {
      let page = try await Self.page("discover/movie", ["page": String(number)], from: api)
      #expect(page.totalResults == 42)
      ids += page.results.map(\.id)
    }
    #expect(ids == (1...45).map { 1000 + $0 }.filter { ![1002, 1021, 1044].contains($0) })
    let found = try await Self.page("search/movie", ["query": "comedy film 2"], from: api)
    #expect(!found.results.map(\.id).contains(1002))
    #expect(found.results.map(\.id).contains(1020))
    let gone = try await Self.get("movie/1021", from: api)
    #expect(gone.status == 404)
    #expect(try gone.decode(TMDBError.self) == TMDBError(statusCode: 34, success: false))
    #expect(try await Self.get("movie/1020", from: api).status == 200)
  }
}
