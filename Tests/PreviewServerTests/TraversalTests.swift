import Foundation
import Testing

/// Every way of naming a file outside the site, or one the site keeps to itself, is refused.
@Suite struct TraversalTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var target: String
    var status: Int
    var testDescription: String { "\(target.debugDescription) is \(status)" }
  }

  static let refusedTargets: [Case] = [
    Case(target: "/../etc/passwd", status: 400),
    Case(target: "/films/../../outside/secret.txt", status: 400),
    Case(target: "/films/../index.html", status: 400),
    Case(target: "/./index.html", status: 400),
    Case(target: "/%2e%2e/etc/passwd", status: 400),
    Case(target: "/%2E%2E/outside/secret.txt", status: 400),
    Case(target: "/.%2e/outside/secret.txt", status: 400),
    Case(target: "/a%2f..%2fb", status: 400),
    Case(target: "/films%2Fx/index.html", status: 400),
    Case(target: "/%5c..", status: 400),
    Case(target: "/%5C..%5Coutside", status: 400),
    Case(target: "/a\\..\\b", status: 400),
    Case(target: "/a%00b", status: 400),
    Case(target: "/index.html%00.txt", status: 400),
    Case(target: "/%zz", status: 400),
    Case(target: "/%c0%ae%c0%ae/", status: 400),
    Case(target: "/.filmsite-manifest", status: 404),
    Case(target: "/%2efilmsite-manifest", status: 404),
    Case(target: "/.filmsite-lock", status: 404),
    Case(target: "/.filmsite-staging-x/index.html", status: 404),
    Case(target: "/.filmsite-staging-x/", status: 404),
    Case(target: "/.hidden", status: 404),
    Case(target: "/films/.hidden", status: 404),
    Case(target: "/manifest-link", status: 404),
    Case(target: "/out", status: 404),
    Case(target: "/relative-out", status: 404),
    Case(target: "/outdir/secret.txt", status: 404),
    Case(target: "/outdir/", status: 404),
    Case(target: "/fifo", status: 404),
    Case(target: "http://127.0.0.1/index.html", status: 400),
    Case(target: "//127.0.0.1/../outside/secret.txt", status: 400),
    Case(target: "*", status: 400),
    Case(target: "index.html", status: 400),
  ]

  @Test(arguments: refusedTargets)
  func refuses(_ refused: Case) throws {
    let server = try TestServer()
    let response = try server.request(refused.target)
    #expect(response.status == refused.status)
    #expect(!response.text.contains(TestServer.secret))
    if refused.status == 400 { #expect(response.headers["connection"] == "close") }
  }

  @Test func rawNULInTheTargetIsRefused() throws {
    let server = try TestServer()
    let client = try RawClient(port: server.port)
    try client.send(
      Array("GET /index".utf8) + [0] + Array(".html HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
    #expect(try client.readResponse().status == 400)
    #expect(client.isClosedByServer())
  }

  @Test func linksThatStayInsideTheSiteAreFollowed() throws {
    let server = try TestServer()
    let response = try server.request("/inside")
    #expect(response.status == 200)
    #expect(response.text == TestServer.homePage)
  }

  @Test func curlSendingTraversalVerbatimIsRefused() throws {
    let server = try TestServer()
    let result = try ExternalTool.curl([
      "--path-as-is", "--output", "/dev/null", "--write-out", "%{http_code}",
      server.url("/../outside/secret.txt"),
    ])
    #expect(result.stdout == "400", "\(result.stderr)")
  }

  @Test func theFolderAFIFOIsInStillServesOtherFiles() throws {
    let server = try TestServer()
    #expect(try server.request("/fifo").status == 404)
    #expect(try server.request("/index.html").status == 200)
  }
}
