import Foundation
import Testing

/// The request line, header and connection limits.
@Suite struct LimitsTests {
  @Test func aRequestLineOver8KiBIs414() throws {
    let server = try TestServer()
    let fits = try server.request("/" + String(repeating: "a", count: 8 * 1024 - 15))
    #expect(fits.status == 404)
    let response = try server.request("/" + String(repeating: "a", count: 9000))
    #expect(response.status == 414)
    #expect(response.headers["connection"] == "close")
  }

  @Test func aRequestLineOver8KiBWithoutItsEndIs414() throws {
    let server = try TestServer()
    let client = try RawClient(port: server.port)
    try client.send("GET /" + String(repeating: "a", count: 10_000))
    #expect(try client.readResponse().status == 414)
    #expect(client.isClosedByServer())
  }

  @Test func headersOver16KiBAre431() throws {
    let server = try TestServer()
    let fits = try server.request(
      "/notes.txt", headers: (0..<4).map { "X-\($0): " + String(repeating: "v", count: 4000) })
    #expect(fits.status == 200)
    let client = try RawClient(port: server.port)
    let big = (0..<5).map { "X-\($0): " + String(repeating: "v", count: 4000) + "\r\n" }.joined()
    try client.send("GET /notes.txt HTTP/1.1\r\nHost: x\r\n" + big + "\r\n")
    let response = try client.readResponse()
    #expect(response.status == 431)
    #expect(response.headers["connection"] == "close")
    #expect(client.isClosedByServer())
  }

  @Test func moreThan100HeaderLinesAre431() throws {
    let server = try TestServer()
    let hundred = try server.request("/notes.txt", headers: (1..<100).map { "X-\($0): 1" })
    #expect(hundred.status == 200)
    let response = try server.request("/notes.txt", headers: (0..<100).map { "X-\($0): 1" })
    #expect(response.status == 431)
  }

  @Test func curlSeesTheLimitsToo() throws {
    let server = try TestServer()
    let long = try ExternalTool.curl([
      "--output", "/dev/null", "--write-out", "%{http_code}",
      server.url("/" + String(repeating: "b", count: 9000)),
    ])
    #expect(long.stdout == "414", "\(long.stderr)")
    let headers = (0..<120).flatMap { ["--header", "X-Many-\($0): yes"] }
    let many = try ExternalTool.curl(
      headers + ["--output", "/dev/null", "--write-out", "%{http_code}", server.url("/")])
    #expect(many.stdout == "431", "\(many.stderr)")
  }

  @Test func connectionsPastTheLimitAreRefusedWith503() throws {
    let server = try TestServer { $0.limits.maxConnections = 4 }
    var held: [RawClient] = []
    for _ in 0..<4 {
      let client = try RawClient(port: server.port)
      try client.send("GET /notes.txt HTTP/1.1\r\nHost: x\r\n\r\n")
      _ = try client.readResponse()
      held.append(client)
    }
    let refused = try RawClient(port: server.port)
    let bytes = String(decoding: refused.readToEnd(), as: UTF8.self)
    #expect(bytes.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
    held.removeAll()
    // Once the held connections are gone there is room again.
    var status = 0
    for _ in 0..<50 where status != 200 {
      usleep(20_000)
      status = (try? server.request("/notes.txt").status) ?? 0
    }
    #expect(status == 200)
  }
}
