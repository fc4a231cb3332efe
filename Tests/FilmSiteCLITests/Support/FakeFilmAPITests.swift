import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Pins the fake film API's own behaviour, so that tests of the HTTP film source can trust it.
@Suite struct FakeFilmAPITests {
  private struct Envelope: Decodable {
    var page: Int
    var results: [Item]
    var totalPages: Int?
    var totalResults: Int

    private enum CodingKeys: String, CodingKey {
      case page, results
      case totalPages = "total_pages"
      case totalResults = "total_results"
    }
  }

  private struct Item: Decodable, Equatable {
    var id: Int
    var title: String
    var year: Int
    var runtime: Int
    var director: String
    var genres: [String]
    var overview: String
    var posterPath: String

    private enum CodingKeys: String, CodingKey {
      case id, title, year, runtime, director, genres, overview
      case posterPath = "poster_path"
    }
  }

  private static func session(timeout: Double = 10) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.httpMaximumConnectionsPerHost = 8
    return URLSession(configuration: configuration)
  }

  private let session = Self.session()

  private func get(
    _ url: URL, headers: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> (data: Data, response: HTTPURLResponse) {
    var request = URLRequest(url: url)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await session.data(for: request)
    let http = try #require(response as? HTTPURLResponse, sourceLocation: sourceLocation)
    return (data, http)
  }

  private func page(
    _ number: Int, query: String = "", of api: FakeFilmAPI,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Envelope {
    let (data, response) = try await get(api.searchURL(query: query, page: number))
    #expect(response.statusCode == 200, sourceLocation: sourceLocation)
    #expect(
      response.value(forHTTPHeaderField: "Content-Length") == String(data.count),
      sourceLocation: sourceLocation)
    return try JSONDecoder().decode(Envelope.self, from: data)
  }

  @Test func servesPagesOfTwentyThenAnEmptyPage() async throws {
    let api = try FakeFilmAPI(configuration: .init(films: 45))
    let first = try await page(1, of: api)
    #expect(first.page == 1)
    #expect(first.results.map(\.id) == Array(1...20))
    #expect((first.totalPages, first.totalResults) == (3, 45))
    #expect(
      first.results.last
        == Item(
          id: 20, title: "Film 20", year: 1920, runtime: 90, director: "Director 20",
          genres: ["Drama"], overview: "Overview 20.", posterPath: "/p20.jpg"))
    #expect(try await page(2, of: api).results.map(\.id) == Array(21...40))
    #expect(try await page(3, of: api).results.map(\.id) == Array(41...45))
    let beyond = try await page(4, of: api)
    #expect(beyond.results.isEmpty)
    #expect((beyond.page, beyond.totalPages, beyond.totalResults) == (4, 3, 45))
  }

  @Test func matchesTitlesCaseInsensitively() async throws {
    let api = try FakeFilmAPI()
    let found = try await page(1, query: "FILM 1", of: api)
    #expect(found.results.map(\.id) == [1] + Array(10...19) + [100])
    #expect((found.totalPages, found.totalResults) == (1, 12))
    #expect(try await page(1, query: "nothing", of: api).results.isEmpty)
  }

  private static let totalPagesCases: [(FakeFilmAPI.Configuration.TotalPages?, Int?)] = [
    (nil, 5), (.value(9), 9), (.omit, nil),
  ]

  @Test(arguments: totalPagesCases)
  func totalPagesIsCountedOverriddenOrOmitted(
    setting: FakeFilmAPI.Configuration.TotalPages?, expected: Int?
  ) async throws {
    let api = try FakeFilmAPI(configuration: .init(totalPages: setting))
    let (data, _) = try await get(api.searchURL(page: 1))
    #expect(String(decoding: data, as: UTF8.self).contains("total_pages") == (expected != nil))
    let first = try JSONDecoder().decode(Envelope.self, from: data)
    #expect(first.totalPages == expected)
    #expect(first.results.count == 20)
  }

  @Test func arrayShapeServesBareArrays() async throws {
    let api = try FakeFilmAPI(configuration: .init(films: 30, pageSize: 25, shape: .array))
    let (first, _) = try await get(api.searchURL(page: 1))
    #expect(try JSONDecoder().decode([Item].self, from: first).map(\.id) == Array(1...25))
    let (second, _) = try await get(api.searchURL(page: 2))
    #expect(try JSONDecoder().decode([Item].self, from: second).map(\.id) == Array(26...30))
    let (beyond, _) = try await get(api.searchURL(page: 3))
    #expect(String(decoding: beyond, as: UTF8.self) == "[]")
  }

  @Test func shiftMakesConsecutivePagesOverlap() async throws {
    let api = try FakeFilmAPI(configuration: .init(shift: 3))
    let first = try await page(1, of: api).results.map(\.id)
    let second = try await page(2, of: api).results.map(\.id)
    let third = try await page(3, of: api).results.map(\.id)
    #expect(first == Array(1...20))
    #expect(second == Array(18...37))
    #expect(third == Array(35...54))
  }

  @Test func faultsAreTakenInOrderAndPersistentFaultsStay() async throws {
    let api = try FakeFilmAPI(
      configuration: .init(faults: [
        1: [.status(500), .status(503)],
        2: [.status(502).persistent],
      ]))
    var statuses: [Int] = []
    for number in [1, 1, 1, 1, 2, 2, 2] {
      statuses.append(try await get(api.searchURL(page: number)).response.statusCode)
    }
    #expect(statuses == [500, 503, 200, 200, 502, 502, 502])
    #expect(try api.requests().map(\.status) == statuses)
    #expect(try api.requests().map(\.page) == [1, 1, 1, 1, 2, 2, 2])
    let persistent = FakeFilmAPI.Fault.status(502).persistent
    #expect(
      try api.requests().map(\.fault) == [
        .status(500), .status(503), nil, nil, persistent, persistent, persistent,
      ])
  }

  @Test(arguments: ["1", "Wed, 21 Oct 2015 07:28:00 GMT"])
  func tooManyRequestsCarriesRetryAfter(retryAfter: String) async throws {
    let api = try FakeFilmAPI(
      configuration: .init(faults: [1: [.status(429, retryAfter: retryAfter)]]))
    let (data, response) = try await get(api.searchURL(page: 1))
    #expect(response.statusCode == 429)
    #expect(response.value(forHTTPHeaderField: "Retry-After") == retryAfter)
    let error = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    #expect(error?["status_code"] as? Int == 429)
  }

  @Test func statusFaultsCanCarryABody() async throws {
    let api = try FakeFilmAPI(
      configuration: .init(faults: [1: [.status(503, body: "<html>down</html>")]]))
    let (data, response) = try await get(api.searchURL(page: 1))
    #expect(response.statusCode == 503)
    #expect(response.value(forHTTPHeaderField: "Retry-After") == nil)
    #expect(String(decoding: data, as: UTF8.self) == "<html>down</html>")
  }

  @Test func malformedBodyIsNotJSON() async throws {
    let api = try FakeFilmAPI(configuration: .init(faults: [7: [.malformed]]))
    let (data, response) = try await get(api.searchURL(page: 7))
    #expect(response.statusCode == 200)
    #expect(String(decoding: data, as: UTF8.self).hasPrefix(#"{"page": 7, "results": ["#))
    #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: data) }
  }

  @Test func redirectIsFollowedAndBothRequestsAreRecorded() async throws {
    let api = try FakeFilmAPI(
      configuration: .init(faults: [2: [.redirect(to: "/search?query=&page=2&moved=1")]]))
    let (data, response) = try await get(api.searchURL(page: 2))
    #expect(response.statusCode == 200)
    #expect(response.url?.query?.contains("moved=1") == true)
    let moved = try JSONDecoder().decode(Envelope.self, from: data)
    #expect(moved.results.map(\.id) == Array(21...40))

    let requests = try api.requests()
    #expect(requests.map(\.status) == [302, 200])
    #expect(requests.map(\.page) == [2, 2])
    #expect(requests.map { $0.query["moved"] } == [nil, "1"])
  }

  @Test func requiredHeaderIsEnforced() async throws {
    let api = try FakeFilmAPI(
      configuration: .init(requireHeader: .init(name: "Authorization", value: "Bearer secret")))
    let (missing, missingResponse) = try await get(api.searchURL(page: 1))
    #expect(missingResponse.statusCode == 401)
    let error = try JSONSerialization.jsonObject(with: missing) as? [String: Any]
    #expect(error?["status_message"] is String)

    let wrong = try await get(api.searchURL(page: 1), headers: ["Authorization": "Bearer guess"])
    #expect(wrong.response.statusCode == 401)
    let right = try await get(api.searchURL(page: 1), headers: ["Authorization": "Bearer secret"])
    #expect(right.response.statusCode == 200)
    #expect(
      try api.requests().map(\.headers["authorization"]) == [
        nil, "Bearer guess", "Bearer secret",
      ])
  }

  @Test func recordsQueryItemsAndHeaders() async throws {
    let api = try FakeFilmAPI()
    let url = try #require(URL(string: "\(api.baseURL)?query=Film&page=2&language=en-US"))
    let before = Date().timeIntervalSince1970
    _ = try await get(url, headers: ["User-Agent": "filmsite-test/1", "X-Trace": "abc"])
    let after = Date().timeIntervalSince1970

    let request = try #require(try api.requests().first)
    #expect(request.method == "GET")
    #expect(request.path == "/search")
    #expect(request.query == ["query": "Film", "page": "2", "language": "en-US"])
    #expect(request.page == 2)
    #expect(request.headers["user-agent"] == "filmsite-test/1")
    #expect(request.headers["x-trace"] == "abc")
    #expect(request.status == 200)
    let end = try #require(request.end)
    #expect(before - 1 <= request.start && request.start <= end && end <= after + 1)
    #expect(request.clientPort > 0)
  }

  @Test func controlRequestsAreNotRecorded() async throws {
    let api = try FakeFilmAPI()
    _ = try await page(1, of: api)
    _ = try api.requests()
    _ = try api.stats()
    #expect(try api.requests().count == 1)
    #expect(try api.stats() == (1, 1))
    try api.configure(.init())
    #expect(try api.requests().isEmpty)
  }

  @Test func maxInFlightCountsConcurrentRequests() async throws {
    let api = try FakeFilmAPI(configuration: .init(delayMilliseconds: 300))
    try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 1...4 {
        group.addTask { try await get(api.searchURL(page: 1)).response.statusCode }
      }
      for try await status in group { #expect(status == 200) }
    }
    #expect(try api.stats() == (4, 4))
  }

  @Test func pageDelaysReorderResponses() async throws {
    let api = try FakeFilmAPI(configuration: .init(pageDelayMilliseconds: [1: 400]))
    async let first = page(1, of: api)
    async let second = page(2, of: api)
    #expect(try await (first.page, second.page) == (1, 2))
    let requests = try api.requests()
    let one = try #require(requests.first { $0.page == 1 }?.end)
    let two = try #require(requests.first { $0.page == 2 }?.end)
    #expect(two < one)
  }

  @Test func sleepOutlastsAClientTimeout() async throws {
    let api = try FakeFilmAPI(configuration: .init(faults: [1: [.sleep(milliseconds: 1_500)]]))
    // Whole seconds: swift-corelibs-foundation truncates request timeouts, so 0.5 s times out at once.
    let impatient = Self.session(timeout: 1)
    let error = await #expect(throws: URLError.self) {
      _ = try await impatient.data(from: api.searchURL(page: 1))
    }
    #expect(error?.code == .timedOut)
    #expect(try await page(1, of: api).results.count == 20)
  }

  @Test func dropEndsTheResponseEarly() async throws {
    let api = try FakeFilmAPI(configuration: .init(faults: [1: [.drop]]))
    await #expect(throws: URLError.self) {
      _ = try await get(api.searchURL(page: 1))
    }
    #expect(try await page(1, of: api).results.count == 20)
    #expect(try api.requests().map(\.fault) == [.drop, nil])
  }

  @Test(arguments: [false, true])
  func hugeResponsesStreamTheirLength(chunked: Bool) async throws {
    let api = try FakeFilmAPI(
      configuration: .init(faults: [1: [.huge(bytes: 1_000_000, chunked: chunked)]]))
    let (data, response) = try await get(api.searchURL(page: 1))
    #expect(response.statusCode == 200)
    #expect(data.count == 1_000_000)
    #expect(String(decoding: data.prefix(24), as: UTF8.self) == #"{"page": 1, "results": ["#)
    #expect(
      response.value(forHTTPHeaderField: "Content-Length") == (chunked ? nil : "1000000"))
  }

  /// Checked with curl, which sends the URLs of one command line over one
  /// connection whenever the server keeps it open (URLSession may open a
  /// second connection when a request starts before the last one's is free).
  @Test func keepsConnectionsAlive() throws {
    let api = try FakeFilmAPI()
    let curl = Process()
    curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    let urls = (1...3).map { api.searchURL(page: $0).absoluteString }
    curl.arguments = ["--silent", "--fail"] + urls.flatMap { ["--output", "/dev/null", $0] }
    try curl.run()
    curl.waitUntilExit()
    #expect(curl.terminationStatus == 0)
    let requests = try api.requests()
    #expect(requests.count == 3)
    #expect(Set(requests.map(\.clientPort)).count == 1)
  }

  @Test func servesTheConfiguredPathOnly() async throws {
    let api = try FakeFilmAPI(configuration: .init(path: "/3/search/movie"))
    #expect(api.baseURL.absoluteString == "http://127.0.0.1:\(api.port)/3/search/movie")
    #expect(try await page(1, of: api).results.count == 20)
    let elsewhere = try #require(URL(string: "http://127.0.0.1:\(api.port)/search?page=1"))
    #expect(try await get(elsewhere).response.statusCode == 404)
  }

  @Test func rejectsInvalidConfigurations() throws {
    let api = try FakeFilmAPI()
    #expect(throws: FakeFilmAPI.Failure.self) { try api.configure(.init(pageSize: 0)) }
    #expect(throws: FakeFilmAPI.Failure.self) { try api.configure(.init(path: "search")) }
  }

  @Test func stopsCleanlyOnSIGTERM() async throws {
    let api = try FakeFilmAPI()
    #expect(api.isRunning)
    #expect(api.stop() == 0)
    #expect(!api.isRunning)
    await #expect(throws: URLError.self) { _ = try await get(api.searchURL(page: 1)) }
  }

  @Test func exitsByItselfAfterItsLifetime() async throws {
    let api = try FakeFilmAPI(lifetime: 0.5)
    let deadline = ContinuousClock.now + .seconds(3)
    while api.isRunning && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(!api.isRunning)
    #expect(api.stop() == 0)
  }
}
