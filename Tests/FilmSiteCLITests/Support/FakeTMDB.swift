import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

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
    var films: Int?
    /// The bearer token accepted ("test-token").
    var token: String?
    /// The `api_key` accepted ("test-key").
    var apiKey: String?
    /// Page `p` starts `shift * (p - 1)` films early, so consecutive pages overlap.
    var shift: Int?
    /// Film ids whose details answer 404 with TMDB's status_code 34.
    var missing: [Int]?
    /// Milliseconds added before every API response.
    var delayMilliseconds: Int?
    /// Faults by endpoint: `"genres"`, `"search:<page>"`, `"discover:<page>"`, `"details:<id>"`.
    var faults: [String: [Fault]]?

    private enum CodingKeys: String, CodingKey {
      case films, token, shift, missing, faults
      case apiKey = "api_key"
      case delayMilliseconds = "delay_ms"
    }
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

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  private static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fake-tmdb-api.py")

  private static let session = URLSession(configuration: .ephemeral)

  private let process: Process
  /// `http://127.0.0.1:<port>/3`, what `--api` takes.
  let baseURL: URL
  private let root: URL

  /// Starts a server and gives it `configuration`.
  /// - Throws: ``Failure`` when the server does not start within 10 seconds.
  init(configuration: Configuration = Configuration(), lifetime: Double = 600) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Self.script.path, "--lifetime", String(lifetime)]
    let stdout = Pipe()
    process.standardOutput = stdout
    try process.run()
    do {
      let line = try Self.readLine(from: stdout.fileHandleForReading, timeout: 10)
      guard line.hasPrefix("listening on "), let port = Int(line.dropFirst(13)),
        let root = URL(string: "http://127.0.0.1:\(port)")
      else {
        throw Failure(description: "fake-tmdb-api.py printed \"\(line)\", not a port")
      }
      self.root = root
      baseURL = root.appendingPathComponent("3")
    } catch {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      throw error
    }
    self.process = process
    try configure(configuration)
  }

  deinit {
    stop()
  }

  /// Replaces the configuration and clears the recorded requests.
  func configure(_ configuration: Configuration) throws {
    var request = URLRequest(url: root.appendingPathComponent("_config"))
    request.httpMethod = "POST"
    request.httpBody = try JSONEncoder().encode(configuration)
    _ = try control(request, expecting: 204)
  }

  /// Every API request since the last configuration, in order of arrival.
  func requests() throws -> [RecordedRequest] {
    let data = try control(URLRequest(url: root.appendingPathComponent("_requests")))
    return try JSONDecoder().decode([RecordedRequest].self, from: data)
  }

  /// The most requests handled at once since the last configuration.
  func maxInFlight() throws -> Int {
    struct Stats: Decodable {
      var maxInFlight: Int

      private enum CodingKeys: String, CodingKey {
        case maxInFlight = "max_in_flight"
      }
    }
    let data = try control(URLRequest(url: root.appendingPathComponent("_stats")))
    return try JSONDecoder().decode(Stats.self, from: data).maxInFlight
  }

  /// Stops the server and waits for it.
  func stop() {
    if process.isRunning { process.terminate() }
    let deadline = ContinuousClock.now + .seconds(5)
    while process.isRunning && ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  private func control(_ request: URLRequest, expecting expected: Int = 200) throws -> Data {
    var request = request
    request.timeoutInterval = 10
    let outcome = Mutex<Result<(Int, Data), any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Self.session.dataTask(with: request) { data, response, error in
      outcome.withLock { result in
        if let error {
          result = .failure(error)
        } else if let response = response as? HTTPURLResponse {
          result = .success((response.statusCode, data ?? Data()))
        }
      }
      done.signal()
    }.resume()
    done.wait()
    let (status, data) = try outcome.withLock { result in
      guard let result else { throw Failure(description: "no response from the fake TMDB") }
      return try result.get()
    }
    guard status == expected else {
      throw Failure(
        description:
          "\(request.url?.path ?? "") answered \(status): \(String(decoding: data, as: UTF8.self))"
      )
    }
    return data
  }

  /// Reads one line from `handle`, waiting at most `timeout` seconds for it.
  private static func readLine(from handle: FileHandle, timeout: Double) throws -> String {
    let deadline = ContinuousClock.now + .seconds(timeout)
    var bytes: [UInt8] = []
    while !bytes.contains(UInt8(ascii: "\n")) {
      let milliseconds = Int32(max(0, (deadline - ContinuousClock.now) / .milliseconds(1)))
      var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, milliseconds)
      if ready == 0 {
        throw Failure(description: "fake-tmdb-api.py printed no port within \(timeout) s")
      }
      if ready < 0 {
        if errno == EINTR { continue }
        throw Failure(description: "poll failed: errno \(errno)")
      }
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = read(handle.fileDescriptor, &buffer, buffer.count)
      if count <= 0 {
        throw Failure(description: "fake-tmdb-api.py exited before printing its port")
      }
      bytes += buffer[..<count]
    }
    let line = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[0]
    return String(decoding: line, as: UTF8.self)
  }
}
