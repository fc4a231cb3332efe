import Foundation
import Glibc
import PreviewServer
import Testing

/// Starting, failing to start, and stopping without leaving anything behind.
@Suite struct LifecycleTests {
  @Test func aPortInUseIsAnErrorNamingTheAddress() throws {
    let first = try TestServer()
    var configuration = PreviewServer.Configuration(root: first.root)
    configuration.port = first.port
    let second = PreviewServer(configuration)
    #expect(throws: PreviewServerError.addressInUse(host: "127.0.0.1", port: first.port)) {
      try second.start()
    }
    do {
      try second.start()
    } catch {
      #expect("\(error)".contains("127.0.0.1:\(first.port) is in use"))
    }
    #expect(
      PreviewServerError.addressInUse(host: "127.0.0.1", port: 8000).description.hasPrefix(
        "127.0.0.1:8000 is in use"))
  }

  @Test func aHostThatIsNotAnAddressIsAnError() throws {
    var configuration = PreviewServer.Configuration(root: "/tmp")
    configuration.host = "example.invalid"
    #expect(throws: PreviewServerError.invalidHost("example.invalid")) {
      try PreviewServer(configuration).start()
    }
  }

  @Test func startingTwiceIsAnError() throws {
    let server = try TestServer()
    #expect(throws: PreviewServerError.alreadyRunning) { try server.server.start() }
  }

  @Test func stopClosesTheListenerEveryConnectionAndEveryThread() throws {
    let server = try TestServer { $0.threadCount = 2 }
    let keptAlive = try RawClient(port: server.port, timeout: 3)
    try keptAlive.send("GET /notes.txt HTTP/1.1\r\nHost: x\r\n\r\n")
    _ = try keptAlive.readResponse()
    let stream = try RawClient(port: server.port, timeout: 3)
    try stream.send("GET /__filmsite/events HTTP/1.1\r\nHost: x\r\n\r\n")
    _ = try stream.readResponse(hasBody: false)
    let prefix = "serve:\(server.port)/"
    #expect(Self.threadNames().filter { $0.hasPrefix(prefix) }.count == 2)

    server.server.stop()
    #expect(!RawClient.canConnect(port: server.port))
    #expect(keptAlive.isClosedByServer())
    let start = Date()
    _ = stream.readToEnd()
    #expect(Date().timeIntervalSince(start) < 2, "the event stream was not closed")
    #expect(Self.threadNamesVanish(prefix: prefix), "a server thread outlived stop()")
    server.server.stop()
  }

  @Test func aStoppedServerStartsAgainOnTheSamePort() throws {
    let first = try Self.serverOutsideTheEphemeralRange()
    // A connection left in TIME_WAIT must not keep the port from being bound again.
    _ = try first.request("/notes.txt")
    first.server.stop()
    var configuration = first.server.configuration
    configuration.port = first.port
    let again = PreviewServer(configuration)
    #expect(try Self.start(again, whileInUseFor: .seconds(5)) == first.port)
    defer { again.stop() }
    let client = try RawClient(port: first.port)
    try client.send("GET /notes.txt HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try client.readResponse().text == "notes\n")
  }

  @Test func aStoppedServerCanBeStartedAgain() throws {
    let server = try TestServer()
    server.server.stop()
    let port = try server.server.start()
    let client = try RawClient(port: port)
    try client.send("GET /notes.txt HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try client.readResponse().text == "notes\n")
  }

  @Test func itListensOnIPv6Loopback() throws {
    let server = try TestServer { $0.host = "::1" }
    let result = try ExternalTool.curl(["--globoff", "http://[::1]:\(server.port)/notes.txt"])
    #expect(result.stdout == "notes\n", "\(result.stderr)")
    #expect(
      PreviewServerError.addressInUse(host: "::1", port: 8000).description.hasPrefix(
        "[::1]:8000 is in use"))
  }

  @Test func broadcastOnAStoppedServerDoesNothing() {
    let server = PreviewServer(PreviewServer.Configuration(root: "/tmp"))
    server.broadcast(event: "reload", data: "nobody")
    server.stop()
  }

  /// A server on a port the kernel never hands out by itself.
  ///
  /// A port from the ephemeral range, once freed, can be taken at once as the local port of any
  /// outgoing connection on the machine, and then the restart fails for a reason the server has
  /// nothing to do with. Below that range only an explicit `bind` takes a port.
  /// Starts `server`, trying again for up to `limit` while its port is in use.
  ///
  /// Other tests of this process start programs (curl, Python, Chromium), and
  /// a child holds a copy of every descriptor from its fork until its `exec`
  /// closes them, a stopped server's listener among them: on a loaded machine
  /// that can keep the port taken for a moment after `stop()`. A listener that
  /// `stop()` left open keeps it taken for good, and the test still fails.
  private static func start(_ server: PreviewServer, whileInUseFor limit: Duration) throws
    -> UInt16
  {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while true {
      do {
        return try server.start()
      } catch {
        guard case .addressInUse = error, clock.now < deadline else { throw error }
        Thread.sleep(forTimeInterval: 0.05)
      }
    }
  }

  private static func serverOutsideTheEphemeralRange() throws -> TestServer {
    let range =
      (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))
      .map { $0.split(whereSeparator: \.isWhitespace).compactMap { UInt16($0) } }
    let lowest = range?.first ?? 32768
    let candidates = (max(1024, Int(lowest) - 8192)..<Int(lowest)).shuffled().prefix(64)
    for port in candidates {
      do {
        return try TestServer { $0.port = UInt16(port) }
      } catch PreviewServerError.addressInUse {
        continue
      }
    }
    throw TestFailure("no free port below the ephemeral range \(lowest) among 64 tried")
  }

  /// Whether no thread's name starts with `prefix` within a second.
  ///
  /// `stop()` joins its threads, but a joined thread's `/proc` entry can stay for a moment: the
  /// kernel wakes the joiner as the thread lets go of its memory, before it leaves the process's
  /// list of tasks.
  private static func threadNamesVanish(prefix: String) -> Bool {
    let deadline = Date().addingTimeInterval(1)
    while threadNames().contains(where: { $0.hasPrefix(prefix) }) {
      guard Date() < deadline else { return false }
      usleep(5_000)
    }
    return true
  }

  /// The names of this process's threads, from `/proc`.
  private static func threadNames() -> [String] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.compactMap { task in
      (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
        .trimmingCharacters(in: .newlines)
    }
  }
}
