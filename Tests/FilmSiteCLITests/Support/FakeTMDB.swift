import Foundation

/// A local stand-in for TMDB's API v3 in TMDB's response shapes:
/// `Fixtures/fake-tmdb-api.py` run as a child process, one per test.
///
/// It checks the bearer token or `api_key` and records every API request. The server stops
/// when this object goes away, and by itself after `lifetime` seconds or when the test
/// process dies.
final class FakeTMDB: Sendable {
  /// What the server serves; `nil` leaves the server's default. See the script's docstring
  /// for the films it makes up (which have missing dates, overviews, posters and runtimes).
  struct Configuration: Encodable, Sendable {
    /// Number of films (45); film `n` has id `1000 + n`, odd ones are titled "Noir Film n".
    /// Films from 60 on are released on days spread over the year, and vary in original
    /// language and votes.
    var films: Int?
    /// Every how many films have a null release date (7); 0 gives every film a date.
    var undatedEvery: Int?
    /// More films, all released on one day, so a one-day discover has more than 500 pages.
    var crowdedDay: CrowdedDay?
    /// The bearer token accepted ("test-token").
    var token: String?
    /// The `api_key` accepted ("test-key").
    var apiKey: String?
    /// Page `p` starts `shift * (p - 1)` films early, so consecutive pages overlap.
    var shift: Int?
    /// Film ids whose details answer 404 with TMDB's status_code 34.
    var missing: [Int]?
    /// Film ids whose details send `vote_average` as a string.
    var malformed: [Int]?
    /// Milliseconds added before every API response.
    var delayMilliseconds: Int?
    /// Film ids that `/movie/changes` reports, sorted by id, for whatever dates are asked.
    var changed: [Int]?
    /// How many ids of films outside the catalog (9000001, 9000002, …) `/movie/changes`
    /// reports after ``changed``, as TMDB's list of every changed film does.
    var changesNoise: Int?
    /// Film ids whose search result and details have the overview "Revised overview of
    /// film n.", so a test can tell a refetched film from a kept one.
    var revised: [Int]?
    /// Film ids left out of search and discover results, whose details answer 404 with
    /// TMDB's status_code 34: films that left the results.
    var absent: [Int]?
    /// Faults by endpoint: `"genres"`, `"search:<page>"`, `"discover:<page>"`,
    /// `"changes:<page>"`, `"details:<id>"`.
    var faults: [String: [Fault]]?

    private enum CodingKeys: String, CodingKey {
      case films, token, shift, missing, malformed, changed, revised, absent, faults
      case apiKey = "api_key"
      case delayMilliseconds = "delay_ms"
      case changesNoise = "changes_noise"
      case undatedEvery = "undated_every"
      case crowdedDay = "crowded_day"
    }
  }

  /// `films` more films, ids 500001 to 500000 + `films`, all released on `date`.
  struct CrowdedDay: Encodable, Sendable {
    /// YYYY-MM-DD.
    var date: String
    var films: Int
  }

  /// An error response with TMDB's error body for the status, taken by one request.
  struct Fault: Encodable, Sendable {
    var status: Int
    /// The Retry-After value, in seconds.
    var retryAfter: String?
    /// Never used up: every later request to the endpoint gets it.
    var always: Bool?

    private enum CodingKeys: String, CodingKey {
      case status, always
      case retryAfter = "retry_after"
    }
  }

  /// A request the server received.
  struct RecordedRequest: Decodable, Sendable {
    var method: String
    var path: String
    /// Query items by name.
    var query: [String: String]
    /// Header values by lower-case name.
    var headers: [String: String]
    var status: Int?
    /// Seconds since 1970 when the request arrived.
    var start: Double
    /// Seconds since 1970 when the response was written.
    var end: Double?
  }

  typealias Failure = FakeServerProcess.Failure

  private let server: FakeServerProcess
  /// `http://127.0.0.1:<port>/3`, what `--api` takes.
  let baseURL: URL

  /// Starts a server and gives it `configuration`.
  /// - Parameter lifetime: Seconds after which the server exits by itself: an hour, since
  ///   under ThreadSanitizer the whole suite takes 20 minutes, and servers that a suite
  ///   started at once outlived 10 minutes' lifetime before their tests had finished.
  /// - Throws: ``Failure`` when the server does not start within 10 seconds.
  init(configuration: Configuration = Configuration(), lifetime: Double = 3_600) throws {
    server = try FakeServerProcess(script: "fake-tmdb-api.py", lifetime: lifetime)
    baseURL = server.root.appendingPathComponent("3")
    try configure(configuration)
  }

  /// Replaces the configuration and clears the recorded requests.
  func configure(_ configuration: Configuration) throws {
    try server.configure(configuration)
  }

  /// Every API request since the last configuration, in order of arrival.
  func requests() throws -> [RecordedRequest] {
    try server.requests()
  }

  /// The most requests handled at once since the last configuration.
  func maxInFlight() throws -> Int {
    try server.stats().maxInFlight
  }

  /// Stops the server and waits for it.
  func stop() {
    server.stop()
  }
}
