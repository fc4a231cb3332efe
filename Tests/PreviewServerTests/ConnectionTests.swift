import Foundation
import Glibc
import Testing

/// Keep-alive, `Connection: close`, HTTP/1.0, pipelining and the idle and header timeouts.
@Suite struct ConnectionTests {
  @Test func pythonSendsThreeRequestsOverOneConnection() throws {
    let server = try TestServer()
    let result = try ExternalTool.python(
      """
      import http.client, sys
      conn = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=5)
      seen = set()
      for path in ["/", "/style.css", "/films/x/"]:
          conn.request("GET", path)
          response = conn.getresponse()
          response.read()
          seen.add(conn.sock.getsockname())
          print(response.status, response.will_close)
      print(len(seen), "connection")
      """, [String(server.port)])
    #expect(
      result.stdout == "200 False\n200 False\n200 False\n1 connection\n", "\(result.stderr)")
  }

  @Test func curlReusesTheConnection() throws {
    let server = try TestServer()
    let result = try ExternalTool.curl([
      "--verbose", "--output", "/dev/null", "--output", "/dev/null",
      server.url("/index.html"), server.url("/style.css"),
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Re-using existing connection"), "\(result.stderr)")
  }

  @Test func connectionCloseIsHonoured() throws {
    let server = try TestServer()
    let client = try RawClient(port: server.port)
    try client.send("GET /notes.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.text == "notes\n")
    #expect(response.headers["connection"] == "close")
    #expect(client.isClosedByServer())
  }

  @Test func http10ClosesUnlessAskedToKeepAlive() throws {
    let server = try TestServer()
    let closing = try RawClient(port: server.port)
    try closing.send("GET /notes.txt HTTP/1.0\r\n\r\n")
    #expect(try closing.readResponse().headers["connection"] == "close")
    #expect(closing.isClosedByServer())

    let keeping = try RawClient(port: server.port)
    for _ in 0..<2 {
      try keeping.send("GET /notes.txt HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
      let response = try keeping.readResponse()
      #expect(response.text == "notes\n")
      #expect(response.headers["connection"] == "keep-alive")
    }
  }

  @Test func pipelinedRequestsAreAnsweredInOrder() throws {
    let server = try TestServer()
    let client = try RawClient(port: server.port)
    let paths = ["/notes.txt", "/missing", "/style.css", "/films/x", "/notes.txt"]
    try client.send(paths.map { "GET \($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined())
    let statuses = try paths.map { _ in try client.readResponse().status }
    #expect(statuses == [200, 404, 200, 301, 200])
  }

  @Test func requestsSentBeforeTheClientClosesItsSideAreAllAnswered() throws {
    let server = try TestServer()
    // Large enough that the answers wait for the client to read while the rest are pending.
    let page = String(repeating: "0123456789abcdef", count: 6_400)
    try server.write(page, to: "large.txt")
    let client = try RawClient(port: server.port)
    try client.send(String(repeating: "GET /large.txt HTTP/1.1\r\nHost: x\r\n\r\n", count: 50))
    shutdown(client.descriptor, Int32(SHUT_WR))
    usleep(100_000)
    for _ in 0..<50 {
      #expect(try client.readResponse().text == page)
    }
    #expect(client.isClosedByServer())
  }

  @Test func manyPipelinedRequestsInOneWriteAreAllAnswered() throws {
    let server = try TestServer()
    let client = try RawClient(port: server.port)
    try client.send(String(repeating: "GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n", count: 500))
    for _ in 0..<500 {
      #expect(try client.readResponse().text == TestServer.homePage)
    }
  }

  @Test func anIdleConnectionIsClosedAfterTheIdleTimeout() throws {
    let server = try TestServer { $0.limits.idleTimeout = .milliseconds(300) }
    let client = try RawClient(port: server.port, timeout: 3)
    try client.send("GET /notes.txt HTTP/1.1\r\nHost: x\r\n\r\n")
    _ = try client.readResponse()
    let start = Date()
    #expect(client.isClosedByServer())
    #expect(Date().timeIntervalSince(start) < 2)
  }

  @Test func aHeadThatNeverEndsIsCutAtTheHeaderDeadline() throws {
    let server = try TestServer { $0.limits.headerTimeout = .milliseconds(400) }
    let client = try RawClient(port: server.port, timeout: 3)
    let start = Date()
    try client.send("GET /notes.txt HTTP/1.1\r\nHost: x\r\n")
    // Bytes keep coming, so the idle timeout never applies; the header deadline does.
    for _ in 0..<3 {
      usleep(100_000)
      try? client.send("X")
    }
    #expect(client.isClosedByServer())
    #expect(Date().timeIntervalSince(start) < 2)
  }

  @Test func lineFeedsAloneEndLinesToo() throws {
    let server = try TestServer()
    let client = try RawClient(port: server.port)
    try client.send("\r\nGET /notes.txt HTTP/1.1\nHost: x\n\n")
    #expect(try client.readResponse().text == "notes\n")
  }
}
