import Foundation
import Synchronization

/// A local paged film search API that misbehaves on command: `Fixtures/fake-film-api.py`
/// run as a child process, one per test.
///
/// The server stops when this object goes away, and by itself after `lifetime` seconds or
/// when the test process dies.
final class FakeFilmAPI: Sendable {
  /// What the server serves. Every field is optional; `nil` leaves the server's default.
  /// A ``configure(_:)`` replaces the whole configuration and clears the record.
  struct Configuration: Encodable, Sendable {
    enum Shape: String, Encodable, Sendable {
      /// `{"page", "results", "total_pages", "total_results"}`.
      case envelope
      /// A bare JSON array of films.
      case array
    }

    enum TotalPages: Encodable, Sendable {
      /// Report this number instead of the real count.
      case value(Int)
      /// Leave `total_pages` out of the envelope.
      case omit

      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .value(let count): try container.encode(count)
        case .omit: try container.encode("omit")
        }
      }
    }

    struct Header: Encodable, Sendable {
      var name: String
      var value: String
    }

    /// Number of films, with ids `1...films` (100).
    var films: Int?
    /// Films per page (20).
    var pageSize: Int?
    var shape: Shape?
    var totalPages: TotalPages?
    /// The search path (`/search`); other paths answer 404.
    var path: String?
    /// Page `p` starts `shift * (p - 1)` films early, so consecutive pages overlap.
    var shift: Int?
    /// Milliseconds added before every search response.
    var delayMilliseconds: Int?
    /// Milliseconds added before the responses for a page.
    var pageDelayMilliseconds: [Int: Int]?
    /// Requests without this exact header get a 401.
    var requireHeader: Header?
    /// Faults per page, taken one per request to that page, in order.
    var faults: [Int: [Fault]]?

    private enum CodingKeys: String, CodingKey {
      case films
      case pageSize = "page_size"
      case shape
      case totalPages = "total_pages"
      case path
      case shift
      case delayMilliseconds = "delay_ms"
      case pageDelayMilliseconds = "delays_ms"
      case requireHeader = "require_header"
      case faults
    }
  }

  /// One misbehaviour of one response. `sleepMilliseconds` may be combined with one other.
  struct Fault: Codable, Sendable, Equatable {
    var status: Int?
    /// The Retry-After value: seconds, or an HTTP date.
    var retryAfter: String?
    var body: String?
    var malformed: Bool?
    var sleepMilliseconds: Int?
    var drop: Bool?
    var hugeBytes: Int?
    var chunked: Bool?
    var redirect: String?
    /// A persistent fault is never used up, so every later request to its page gets it.
    var always: Bool?

    private enum CodingKeys: String, CodingKey {
      case status
      case retryAfter = "retry_after"
      case body
      case malformed
      case sleepMilliseconds = "sleep_ms"
      case drop
      case hugeBytes = "huge_bytes"
      case chunked
      case redirect
      case always
    }

    /// Answers with `code`, an optional Retry-After header and body (default: a JSON error).
    static func status(_ code: Int, retryAfter: String? = nil, body: String? = nil) -> Fault {
      Fault(status: code, retryAfter: retryAfter, body: body)
    }

    /// A 200 whose body is cut off in the middle of the JSON.
    static let malformed = Fault(malformed: true)

    /// Sleeps before serving the page normally, to outlast a client's timeout.
    static func sleep(milliseconds: Int) -> Fault {
      Fault(sleepMilliseconds: milliseconds)
    }

    /// Promises the whole page in Content-Length, sends half, and closes the connection.
    static let drop = Fault(drop: true)

    /// A 200 of `bytes` bytes that look like the start of a page, with Content-Length or chunked.
    static func huge(bytes: Int, chunked: Bool = false) -> Fault {
      Fault(hugeBytes: bytes, chunked: chunked ? true : nil)
    }

    /// A 302 to `location`, which may be relative to the server.
    static func redirect(to location: String) -> Fault {
      Fault(redirect: location)
    }

    /// This fault on every request to its page, never used up.
    var persistent: Fault {
      var fault = self
      fault.always = true
      return fault
    }
  }

  /// A request the server received, as `GET /_requests` reports it.
  struct RecordedRequest: Decodable, Sendable, Equatable {
    var method: String
    var path: String
    /// Query items by name; the last value wins when a name repeats.
    var query: [String: String]
    /// The `page` query item (1 when absent), or `nil` when it is not an integer.
    var page: Int?
    /// Header values by lower-case name.
    var headers: [String: String]
    /// The client's port, the same for requests over one kept-alive connection.
    var clientPort: Int
    /// The status sent, or `nil` while the response is being written.
    var status: Int?
    /// The fault this request took, if any.
    var fault: Fault?
    /// Seconds since 1970 when the request arrived.
    var start: Double
    /// Seconds since 1970 when the response was written, or `nil` while it is being written.
    var end: Double?

    private enum CodingKeys: String, CodingKey {
      case method, path, query, page, headers, status, fault, start, end
      case clientPort = "client_port"
    }
  }

  typealias Failure = FakeServerProcess.Failure

  private let server: FakeServerProcess
  /// The port the server listens on, on 127.0.0.1.
  var port: Int { server.port }
  /// `http://127.0.0.1:<port>`.
  var root: URL { server.root }
  private let searchPath: Mutex<String>

  /// Starts a server and gives it `configuration`.
  /// - Parameter lifetime: Seconds after which the server exits by itself: an hour, since
  ///   under ThreadSanitizer the whole suite takes 20 minutes, and servers that a suite
  ///   started at once outlived 10 minutes' lifetime before their tests had finished.
  /// - Throws: ``Failure`` when the server does not start within 10 seconds or rejects
  ///   the configuration.
  init(configuration: Configuration = Configuration(), lifetime: Double = 3_600) throws {
    server = try FakeServerProcess(script: "fake-film-api.py", lifetime: lifetime)
    searchPath = Mutex(configuration.path ?? "/search")
    try configure(configuration)
  }

  /// The search endpoint, `http://127.0.0.1:<port>/search` unless the configuration moved it.
  var baseURL: URL {
    root.appendingPathComponent(String(searchPath.withLock { $0 }.dropFirst()))
  }

  /// The search endpoint with `query` and `page` filled in.
  func searchURL(query: String = "", page: Int) -> URL {
    var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
    components?.queryItems = [
      URLQueryItem(name: "query", value: query), URLQueryItem(name: "page", value: String(page)),
    ]
    return components?.url ?? baseURL
  }

  var isRunning: Bool { server.isRunning }

  /// Replaces the whole configuration and clears the recorded requests and stats.
  func configure(_ configuration: Configuration) throws {
    try server.configure(configuration)
    searchPath.withLock { $0 = configuration.path ?? "/search" }
  }

  /// Every request to the API since the last configuration, in order of arrival.
  func requests() throws -> [RecordedRequest] {
    try server.requests()
  }

  /// The most requests handled at once, and the number of requests, since the last configuration.
  func stats() throws -> (maxInFlight: Int, requests: Int) {
    try server.stats()
  }

  /// Stops the server with SIGTERM, or SIGKILL when it is still running 5 seconds later,
  /// and waits for it.
  /// - Returns: The server's exit status, 0 when it stopped cleanly.
  @discardableResult func stop() -> Int32 {
    server.stop()
  }
}
