import Foundation
import Testing

/// Server-sent events on `<basePath>__filmsite/events`.
@Suite struct EventStreamTests {
  private func openStream(_ server: TestServer, path: String = "/__filmsite/events") throws
    -> (RawClient, RawResponse)
  {
    let client = try RawClient(port: server.port, timeout: 3)
    try client.send("GET \(path) HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
    return (client, try client.readResponse(hasBody: false))
  }

  @Test func aClientReceivesABroadcast() throws {
    let server = try TestServer()
    let (client, head) = try openStream(server)
    #expect(head.status == 200)
    #expect(head.headers["content-type"] == "text/event-stream")
    #expect(head.headers["cache-control"] == "no-cache")
    #expect(head.headers["content-length"] == nil)
    server.server.broadcast(event: "reload", data: "/films/x/")
    #expect(client.waitFor("event: reload\ndata: /films/x/\n\n"))
  }

  @Test func dataLinesAreSplitOnLineBreaks() throws {
    let server = try TestServer()
    let (client, _) = try openStream(server)
    server.server.broadcast(event: "build-error", data: "line one\nline two\r\nline three")
    #expect(
      client.waitFor(
        "event: build-error\ndata: line one\ndata: line two\ndata: line three\n\n"))
  }

  @Test func everyClientOnEveryThreadReceivesIt() throws {
    let server = try TestServer()
    let streams = try (0..<6).map { _ in try openStream(server).0 }
    server.server.broadcast(event: "reload", data: "all")
    for stream in streams {
      #expect(stream.waitFor("event: reload\ndata: all\n\n"))
    }
  }

  @Test func curlReceivesABroadcast() throws {
    let server = try TestServer()
    let previewServer = server.server
    let sender = Thread {
      // curl connects within this time; a late connection would miss the event.
      usleep(500_000)
      previewServer.broadcast(event: "reload", data: "from curl")
    }
    sender.start()
    let result = try ExternalTool.curl([
      "--no-buffer", "--max-time", "2", "--include", server.url("/__filmsite/events"),
    ])
    #expect(result.stdout.contains("Content-Type: text/event-stream\r\n"), "\(result.stderr)")
    #expect(result.stdout.contains("event: reload\ndata: from curl\n\n"))
  }

  @Test func heartbeatsKeepAStreamOpenPastTheIdleTimeout() throws {
    let server = try TestServer {
      $0.limits.idleTimeout = .milliseconds(200)
      $0.limits.heartbeatInterval = .milliseconds(300)
    }
    let (client, _) = try openStream(server)
    #expect(client.waitFor(": heartbeat\n\n"))
    #expect(client.waitFor(": heartbeat\n\n"))
    server.server.broadcast(event: "reload", data: "still here")
    #expect(client.waitFor("event: reload\ndata: still here\n\n"))
  }

  @Test func theStreamLivesUnderTheBasePath() throws {
    let server = try TestServer { $0.basePath = "/sub/" }
    let (client, head) = try openStream(server, path: "/sub/__filmsite/events?v=1")
    #expect(head.status == 200)
    server.server.broadcast(event: "reload", data: "sub")
    #expect(client.waitFor("data: sub\n\n"))
    #expect(try server.request("/__filmsite/events").status == 404)
  }

  @Test func headOfTheStreamDoesNotOpenIt() throws {
    let server = try TestServer()
    let client = try RawClient(port: server.port)
    try client.send(
      "HEAD /__filmsite/events HTTP/1.1\r\nHost: x\r\n\r\nGET /notes.txt HTTP/1.1\r\nHost: x\r\n\r\n"
    )
    #expect(try client.readResponse(hasBody: false).status == 200)
    #expect(try client.readResponse().text == "notes\n")
  }
}
