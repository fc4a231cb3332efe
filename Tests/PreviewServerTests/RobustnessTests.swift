import Foundation
import Glibc
import Testing

/// Broken, slow and vanished clients get an error or are dropped, and never hold up others.
@Suite struct RobustnessTests {
  struct Garbage: CustomTestStringConvertible, Sendable {
    var bytes: [UInt8]
    var status: Int
    var testDescription: String {
      "\(String(decoding: bytes.prefix(40), as: UTF8.self).debugDescription) is \(status)"
    }

    init(_ text: String, _ status: Int = 400) {
      bytes = Array(text.utf8)
      self.status = status
    }

    init(bytes: [UInt8]) {
      self.bytes = bytes
      status = 400
    }
  }

  static let garbage: [Garbage] = [
    Garbage(bytes: HostileClients.brokenRequests[0].bytes),
    Garbage(bytes: [0xFF, 0xFE, 0x41, 0x0D, 0x0A, 0x0D, 0x0A]),
    Garbage("GET\r\n\r\n"),
    Garbage("GET /\r\n\r\n"),
    Garbage("GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n"),
    Garbage("GET  / HTTP/1.1\r\nHost: x\r\n\r\n"),
    Garbage("GET / HTTX/1.1\r\nHost: x\r\n\r\n"),
    Garbage("GET / HTTP/1.10\r\nHost: x\r\n\r\n", 505),
    Garbage("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
    Garbage("G\u{0}T / HTTP/1.1\r\nHost: x\r\n\r\n"),
    Garbage("GET /caf\u{E9} HTTP/1.1\r\nHost: x\r\n\r\n"),
    Garbage("GET / HTTP/1.1\r\n\r\n"),
    Garbage("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
    Garbage("GET / HTTP/1.1\r\nHost: x\r\n folded: value\r\n\r\n"),
    Garbage("GET / HTTP/1.1\r\nHost : x\r\n\r\n"),
    Garbage("GET / HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n"),
    Garbage("GET / HTTP/1.1\r\nHost: x\u{1}y\r\n\r\n"),
    Garbage("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n"),
    Garbage("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"),
  ]

  @Test(arguments: garbage)
  func garbageGetsAnErrorAndAClose(_ input: Garbage) throws {
    let server = try TestServer()
    let client = try RawClient(port: server.port)
    try client.send(input.bytes)
    let response = try client.readResponse()
    #expect(response.status == input.status)
    #expect(response.headers["connection"] == "close")
    #expect(client.isClosedByServer())
  }

  @Test func hundredsOfBrokenClientsDoNotSlowANormalOne() throws {
    let server = try TestServer()
    let hostile = HostileClients(port: server.port)
    hostile.start(slow: 60, silent: 40)
    defer { hostile.stop() }
    let keptAlive = try RawClient(port: server.port, timeout: 1)
    var slowest = 0.0
    // Until a few hundred broken connections have come and gone, and at least 2 s.
    let start = Date()
    var rounds = 0
    while hostile.opened.load(ordering: .relaxed) < 400 || Date().timeIntervalSince(start) < 2 {
      let began = Date()
      #expect(try server.request("/notes.txt").text == "notes\n")
      try keptAlive.send("GET /style.css HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(try keptAlive.readResponse().status == 200)
      slowest = max(slowest, Date().timeIntervalSince(began))
      rounds += 1
      usleep(50_000)
      if Date().timeIntervalSince(start) > 15 { break }
    }
    #expect(slowest < 1, "a normal request took \(slowest) s")
    #expect(hostile.opened.load(ordering: .relaxed) >= 400)
    #expect(hostile.refusals.load(ordering: .relaxed) > 50)
    #expect(rounds > 10)
  }

  @Test func clientsThatResetMidResponseAreDroppedQuietly() throws {
    let server = try TestServer()
    try server.write(String(repeating: "0123456789abcdef", count: 512 * 1024), to: "big.txt")
    for _ in 0..<20 {
      let client = try RawClient(port: server.port)
      try client.send("GET /big.txt HTTP/1.1\r\nHost: x\r\n\r\n")
      // SO_LINGER with a zero time: close sends RST, so the server's next send fails with
      // ECONNRESET or EPIPE.
      var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
      setsockopt(
        client.descriptor, SOL_SOCKET, SO_LINGER, &linger,
        socklen_t(MemoryLayout<Glibc.linger>.size))
    }
    let response = try server.request("/big.txt")
    #expect(response.body.count == 8 * 1024 * 1024)
  }
}
