import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// A fake API script from `Fixtures/` run as a child process, and its control endpoints:
/// what ``FakeFilmAPI`` and ``FakeTMDB`` share, as their scripts share `fake_server.py`.
///
/// The server stops when this object goes away, and by itself after `lifetime` seconds or
/// when the test process dies.
final class FakeServerProcess: Sendable {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  private static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  private static let session = URLSession(configuration: .ephemeral)

  /// The script's file name, for messages.
  let script: String
  private let process: Process
  /// The port the server listens on, on 127.0.0.1.
  let port: Int
  /// `http://127.0.0.1:<port>`.
  let root: URL

  /// Starts `Fixtures/<script>` and waits for it to print its port.
  /// - Parameter lifetime: Seconds after which the server exits by itself.
  /// - Throws: ``Failure`` when the server does not start within 10 seconds.
  init(script: String, lifetime: Double) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // -B: importing fake_server.py must not leave a __pycache__ folder in the fixtures.
    process.arguments = [
      "python3", "-B", Self.fixtures.appendingPathComponent(script).path,
      "--lifetime", String(lifetime),
    ]
    let stdout = Pipe()
    process.standardOutput = stdout
    try process.run()
    do {
      let line = try Self.readLine(from: stdout.fileHandleForReading, timeout: 10, script: script)
      guard line.hasPrefix("listening on "), let port = Int(line.dropFirst(13)),
        let root = URL(string: "http://127.0.0.1:\(port)")
      else {
        throw Failure(description: "\(script) printed \"\(line)\", not a port")
      }
      self.port = port
      self.root = root
    } catch {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      throw error
    }
    self.script = script
    self.process = process
  }

  deinit {
    stop()
  }

  var isRunning: Bool { process.isRunning }

  /// `POST /_config`: replaces the whole configuration and clears the recorded requests and stats.
  /// - Throws: ``Failure`` when the server rejects the configuration.
  func configure(_ configuration: some Encodable) throws {
    var request = URLRequest(url: root.appendingPathComponent("_config"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try JSONEncoder().encode(configuration)
    _ = try control(request, expecting: 204)
  }

  /// `GET /_requests`: every API request since the last configuration, in order of arrival.
  func requests<Request: Decodable>(as type: Request.Type = Request.self) throws -> [Request] {
    let data = try control(URLRequest(url: root.appendingPathComponent("_requests")))
    return try JSONDecoder().decode([Request].self, from: data)
  }

  /// `GET /_stats`: the most requests handled at once, and the number of requests, since the
  /// last configuration.
  func stats() throws -> (maxInFlight: Int, requests: Int) {
    struct Stats: Decodable {
      var maxInFlight: Int
      var requests: Int

      private enum CodingKeys: String, CodingKey {
        case maxInFlight = "max_in_flight"
        case requests
      }
    }
    let data = try control(URLRequest(url: root.appendingPathComponent("_stats")))
    let stats = try JSONDecoder().decode(Stats.self, from: data)
    return (stats.maxInFlight, stats.requests)
  }

  /// Stops the server with SIGTERM, or SIGKILL when it is still running 5 seconds later,
  /// and waits for it.
  /// - Returns: The server's exit status, 0 when it stopped cleanly.
  @discardableResult func stop() -> Int32 {
    if process.isRunning { process.terminate() }
    let deadline = ContinuousClock.now + .seconds(5)
    while process.isRunning && ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Sends a control request and waits for its answer.
  private func control(_ request: URLRequest, expecting expected: Int = 200) throws -> Data {
    var request = request
    request.timeoutInterval = 10
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    Self.session.dataTask(with: request) { data, response, error in
      outcome.result.withLock { result in
        if let error {
          result = .failure(error)
        } else if let response = response as? HTTPURLResponse {
          result = .success((response.statusCode, data ?? Data()))
        }
      }
      done.signal()
    }.resume()
    done.wait()
    let (status, data) = try outcome.result.withLock { result in
      guard let result else { throw Failure(description: "no response from \(script)") }
      return try result.get()
    }
    let method = request.httpMethod ?? "GET"
    let path = request.url?.path ?? ""
    guard status == expected else {
      throw Failure(
        description:
          "\(method) \(path) answered \(status): \(String(decoding: data, as: UTF8.self))")
    }
    return data
  }

  private final class Outcome: Sendable {
    let result = Mutex<Result<(Int, Data), any Error>?>(nil)
  }

  /// Reads one line from `handle`, waiting at most `timeout` seconds for it.
  private static func readLine(from handle: FileHandle, timeout: Double, script: String) throws
    -> String
  {
    let deadline = ContinuousClock.now + .seconds(timeout)
    var bytes: [UInt8] = []
    while !bytes.contains(UInt8(ascii: "\n")) {
      let milliseconds = Int32(max(0, (deadline - ContinuousClock.now) / .milliseconds(1)))
      var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, milliseconds)
      if ready == 0 {
        throw Failure(description: "\(script) printed no port within \(timeout) s")
      }
      if ready < 0 {
        if errno == EINTR { continue }
        throw Failure(description: "poll failed: errno \(errno)")
      }
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = read(handle.fileDescriptor, &buffer, buffer.count)
      if count <= 0 {
        throw Failure(description: "\(script) exited before printing its port")
      }
      bytes += buffer[..<count]
    }
    let line = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[0]
    return String(decoding: line, as: UTF8.self)
  }
}
