import Foundation
import Testing

/// `--max-rate` against the fake TMDB: the times the server saw the requests arrive show
/// that no second held more than the limit, and that without it the same pull goes faster.
@Suite struct TMDBRateEndToEndTests {
  private static let token = ["TMDB_API_TOKEN": "test-token", "TMDB_API_KEY": ""]

  /// 200 films: 1 genre list, 10 search pages and 200 details.
  private static let films = 200
  private static let requests = 1 + 10 + films
  /// Requests past the limit that one second of arrivals may hold; see
  /// ``aPullAtFiftyASecondNeverHasMoreThanFiftyInASecond()``.
  private static let margin = 3

  /// Runs `filmsite pull --tmdb --api <fake>` with `arguments` into a temporary file.
  private func pull(_ api: FakeTMDB, _ arguments: [String]) async throws -> FilmSiteProcess.Result {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      try await FilmSiteProcess.run(
        [
          "pull", "--tmdb", "--api", api.baseURL.absoluteString, "--quiet", "--out",
          directory.appendingPathComponent("films.json").path,
        ] + arguments, environment: Self.token)
    }
  }

  /// The most requests that arrived within any one second, and the seconds from the first
  /// arrival to the last.
  private func busiestSecond(_ api: FakeTMDB) throws -> (requests: Int, span: Double) {
    busiestSecond(try api.requests().map(\.start))
  }

  private func busiestSecond(_ arrivals: [Double]) -> (requests: Int, span: Double) {
    let starts = arrivals.sorted()
    guard let first = starts.first, let last = starts.last else { return (0, 0) }
    var busiest = 0
    var end = 0
    for (index, start) in starts.enumerated() {
      while end < starts.count, starts[end] < start + 1 { end += 1 }
      busiest = max(busiest, end - index)
    }
    return (busiest, last - first)
  }

  /// Pulls the 200 films with 8 in flight at `maxRate`: the busiest second, the span and the
  /// most requests the fake handled at once.
  private func pullTheFilms(
    maxRate: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> (busiest: Int, span: Double, inFlight: Int) {
    let api = try FakeTMDB(configuration: .init(films: Self.films))
    let result = try await pull(api, ["--concurrency", "8", "--max-rate", maxRate])
    #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(try api.requests().count == Self.requests, sourceLocation: sourceLocation)
    let (busiest, span) = try busiestSecond(api)
    return (busiest, span, try api.maxInFlight())
  }

  /// The limiter hands out tokens at least 1/N s apart, so N + 1 requests span at least a
  /// second when they take their tokens. What the fake notes is later: URLSession hands each
  /// request to the kernel from a queue of its own, and the fake reads it when its thread
  /// runs, so two arrivals can be closer than their tokens. A jitter of a few milliseconds
  /// lets one second of arrivals hold N + 1 (N + 2 span 1 + 1/N s, 1.02 s at 50, so they need
  /// delays that differ by more than 1/N). On a machine busy with other work, a stall of that
  /// queue can hold back two or three requests and let them go together, so the window check
  /// allows N + 3 (`margin`); the span shows the rate over the whole pull is N, within one
  /// request.
  @Test func aPullAtFiftyASecondNeverHasMoreThanFiftyInASecond() async throws {
    let (busiest, span, inFlight) = try await pullTheFilms(maxRate: "50")
    #expect(busiest <= 50 + Self.margin, "\(busiest) requests arrived within one second")
    // 211 requests 20 ms apart take 4.2 s from the first to the last.
    #expect(span >= Double(Self.requests - 1) / 51, "the pull took \(span) s")
    #expect(inFlight <= 8)
  }

  /// The same pull without a limit sends more than the limit in its busiest second, so the
  /// check above would catch a limiter that did nothing.
  @Test func withoutALimitTheSamePullSendsFasterThanTheLimit() async throws {
    let (busiest, _, _) = try await pullTheFilms(maxRate: "0")
    #expect(busiest > 50 + Self.margin, "only \(busiest) requests arrived in the busiest second")
  }

  /// 45 films make 49 requests: at 40 a second they span 1.2 s, and no second holds more
  /// than 40 (with the margin explained above). Four in flight answer far faster
  /// than that, so the limit is what sets the pace.
  @Test func withTMDBTheDefaultIsFortyASecond() async throws {
    let api = try FakeTMDB()
    let result = try await pull(api, ["--concurrency", "4"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try api.requests().count == 49)
    let (busiest, span) = try busiestSecond(api)
    #expect(busiest <= 40 + Self.margin, "\(busiest) requests arrived within one second")
    #expect(span >= 48.0 / 41, "the pull took \(span) s")
    // Nor a much lower default: at 20 a second the pull would take 2.4 s.
    #expect(span < 48.0 / 20, "the pull took \(span) s")

    let help = try await FilmSiteProcess.run(["pull", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("0 for no limit (default: 40 with --tmdb, else 0)"))
  }

  /// `--api` has no limit unless it is given one: 40 pages of 5 films, without and with
  /// `--max-rate 20`.
  @Test func anAPISourceIsLimitedOnlyWhenAsked() async throws {
    let api = try FakeFilmAPI(configuration: .init(films: 200, pageSize: 5))
    func pull(_ arguments: [String]) async throws -> (requests: Int, span: Double) {
      try await FilmSiteProcess.withTemporaryFolder { directory in
        let result = try await FilmSiteProcess.run(
          [
            "pull", "--api", api.baseURL.absoluteString, "--concurrency", "4", "--quiet",
            "--out", directory.appendingPathComponent("films.json").path,
          ] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
      }
      let arrivals = try api.requests().map(\.start)
      #expect(arrivals.count == 40)
      try api.configure(.init(films: 200, pageSize: 5))
      return busiestSecond(arrivals)
    }
    let unlimited = try await pull([])
    #expect(
      unlimited.requests > 20 + Self.margin, "only \(unlimited.requests) in the busiest second")
    let limited = try await pull(["--max-rate", "20"])
    #expect(limited.requests <= 20 + Self.margin, "\(limited.requests) requests within one second")
    #expect(limited.span >= 39.0 / 21, "the pull took \(limited.span) s")
  }

  @Test(arguments: ["1001", "-1", "fast", "2.5"])
  func aRateOutsideZeroToAThousandIsAUsageError(rate: String) async throws {
    let result = try await FilmSiteProcess.run(
      ["pull", "--tmdb", "--api", "http://127.0.0.1:9/3", "--max-rate", rate, "--out", "x.json"],
      environment: Self.token)
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "filmsite pull: option '--max-rate' takes a whole number from 0 to 1000, not '\(rate)'\n"
    )
  }
}
