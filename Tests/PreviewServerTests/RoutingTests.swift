import Foundation
import Glibc
import Testing

/// Which file or answer each path gets: folders, redirects, 404 pages, methods, base paths and
/// content types.
@Suite struct RoutingTests {
  @Test func theRootServesItsIndex() throws {
    let server = try TestServer()
    let result = try ExternalTool.curl(["--include", server.url("/")])
    #expect(result.stdout.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(result.stderr)")
    #expect(result.stdout.hasSuffix("\r\n\r\n" + TestServer.homePage))
  }

  @Test func headSendsTheHeadersOfGetWithoutABody() throws {
    let server = try TestServer()
    let get = try server.request("/style.css")
    let client = try RawClient(port: server.port)
    try client.send(
      "HEAD /style.css HTTP/1.1\r\nHost: x\r\n\r\nGET /notes.txt HTTP/1.1\r\nHost: x\r\n\r\n")
    let head = try client.readResponse(hasBody: false)
    #expect(head.status == 200)
    #expect(head.headers["content-length"] == String(get.body.count))
    for name in ["content-type", "etag", "last-modified"] {
      #expect(head.headers[name] == get.headers[name], "\(name)")
    }
    // No body came between the two: the next bytes are the second response.
    let next = try client.readResponse()
    #expect(next.status == 200)
    #expect(next.text == "notes\n")
  }

  @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "BREW"])
  func otherMethodsAre405WithAllow(_ method: String) throws {
    let server = try TestServer()
    let result = try ExternalTool.curl([
      "--request", method, "--include", "--output", "-", server.url("/index.html"),
    ])
    #expect(result.stdout.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"), "\(result.stderr)")
    #expect(result.stdout.contains("\r\nAllow: GET, HEAD\r\n"))
  }

  @Test func aPostWithABodyIsAnsweredAndTheConnectionClosed() throws {
    let server = try TestServer()
    let client = try RawClient(port: server.port)
    try client.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
    let response = try client.readResponse()
    #expect(response.status == 405)
    #expect(response.headers["connection"] == "close")
    #expect(client.isClosedByServer())
  }

  @Test func aFolderWithoutASlashIsRedirectedKeepingTheQuery() throws {
    let server = try TestServer()
    let result = try ExternalTool.curl([
      "--include", "--output", "-", server.url("/films/x?sort=year&page=2"),
    ])
    #expect(result.stdout.hasPrefix("HTTP/1.1 301 Moved Permanently\r\n"), "\(result.stderr)")
    #expect(result.stdout.contains("\r\nLocation: /films/x/?sort=year&page=2\r\n"))
    let followed = try ExternalTool.curl(["--location", server.url("/films/x")])
    #expect(followed.stdout == "<html><body><p>Film X</p></body></html>\n")
  }

  @Test func aRedirectNeverNamesAnotherHost() throws {
    // `Location: //films/x/` would send a browser to a host called "films".
    let server = try TestServer()
    let response = try server.request("//films/x")
    #expect(response.status == 301)
    #expect(response.headers["location"] == "/films/x/")
  }

  @Test func aFolderWithoutIndexIsNotFound() throws {
    let server = try TestServer()
    let response = try server.request("/films/empty/")
    #expect(response.status == 404)
    #expect(response.text == TestServer.notFoundPage)
  }

  @Test func aMissingPathGetsTheSites404Page() throws {
    let server = try TestServer()
    let result = try ExternalTool.curl([
      "--write-out", "\n%{http_code} %{content_type}", server.url("/no/such/page"),
    ])
    #expect(result.stdout == TestServer.notFoundPage + "\n404 text/html; charset=utf-8")
    #expect(try server.request("/index.html/").status == 404)
  }

  @Test func aSiteWithout404HTMLGetsPlainText() throws {
    let server = try TestServer(with404: false)
    let response = try server.request("/missing")
    #expect(response.status == 404)
    #expect(response.headers["content-type"] == "text/plain; charset=utf-8")
    #expect(response.text == "404 Not Found\n")
  }

  static let types: [(String, String)] = [
    ("/index.html", "text/html; charset=utf-8"),
    ("/style.css", "text/css; charset=utf-8"),
    ("/app.js", "text/javascript; charset=utf-8"),
    ("/data.json", "application/json; charset=utf-8"),
    ("/logo.svg", "image/svg+xml; charset=utf-8"),
    ("/feed.xml", "application/xml; charset=utf-8"),
    ("/notes.txt", "text/plain; charset=utf-8"),
    ("/poster.png", "image/png"),
    ("/photo.jpg", "image/jpeg"),
    ("/photo.jpeg", "image/jpeg"),
    ("/image.webp", "image/webp"),
    ("/favicon.ico", "image/x-icon"),
    ("/archive.bin", "application/octet-stream"),
  ]

  @Test(arguments: types)
  func contentTypeFollowsTheExtension(_ path: String, _ type: String) throws {
    let server = try TestServer()
    let result = try ExternalTool.curl([
      "--output", "/dev/null", "--write-out", "%{http_code} %{content_type}", server.url(path),
    ])
    #expect(result.stdout == "200 \(type)", "\(result.stderr)")
  }

  @Test func onlyHTMLIsMarkedNoCache() throws {
    let server = try TestServer()
    #expect(try server.request("/index.html").headers["cache-control"] == "no-cache")
    #expect(try server.request("/style.css").headers["cache-control"] == nil)
  }

  @Test func aBasePathServesTheSiteUnderIt() throws {
    let server = try TestServer { $0.basePath = "/sub/" }
    let root = try server.request("/?q=1")
    #expect(root.status == 301)
    #expect(root.headers["location"] == "/sub/?q=1")
    #expect(try server.request("/sub").headers["location"] == "/sub/")
    let index = try server.request("/sub/")
    #expect(index.status == 200)
    #expect(index.text == TestServer.homePage)
    #expect(try server.request("/sub/style.css").status == 200)
    #expect(try server.request("/sub/films/x").headers["location"] == "/sub/films/x/")
    let outside = try server.request("/style.css")
    #expect(outside.status == 404)
    #expect(outside.text == TestServer.notFoundPage)
    #expect(try server.request("/sub/.filmsite-manifest").status == 404)
  }

  @Test func aReplacedSiteIsServedFromItsNewFolder() throws {
    let server = try TestServer()
    let before = try server.request("/index.html")
    let staged = server.base.appendingPathComponent("staged").path
    let previous = server.base.appendingPathComponent("previous").path
    try FileManager.default.createDirectory(atPath: staged, withIntermediateDirectories: true)
    try Data("new site\n".utf8).write(to: URL(fileURLWithPath: staged + "/index.html"))
    // The two renames of FilmSite's writer when RENAME_EXCHANGE is not available.
    #expect(rename(server.root, previous) == 0)
    #expect(rename(staged, server.root) == 0)
    let after = try server.request("/index.html")
    #expect(after.text == "new site\n")
    #expect(after.headers["etag"] != before.headers["etag"])
    #expect(try server.request("/style.css").status == 404)
  }
}
