import Foundation
import Testing

/// The reload snippet goes into HTML responses only, before the last `</body>`, with a
/// `Content-Length` and `ETag` to match.
@Suite struct ReloadSnippetTests {
  static let snippet = "<script>/* reload */</script>"

  @Test func htmlGetsTheSnippetBeforeItsLastBodyEnd() throws {
    let server = try TestServer { $0.reloadSnippet = Self.snippet }
    let result = try ExternalTool.curl([
      "--write-out", "\n%{size_download} %{header_json}", server.url("/index.html"),
    ])
    let expected = TestServer.homePage.replacingOccurrences(
      of: "</body>", with: Self.snippet + "</body>")
    #expect(result.stdout.hasPrefix(expected + "\n\(expected.utf8.count) "), "\(result.stderr)")
    let response = try server.request("/index.html")
    #expect(response.headers["content-length"] == String(expected.utf8.count))
    #expect(response.text == expected)
  }

  @Test func onlyTheLastBodyEndIsUsedAndCaseDoesNotMatter() throws {
    let server = try TestServer { $0.reloadSnippet = Self.snippet }
    try server.write("<p>&lt;/body&gt;</p></body> tail </BODY>\n", to: "twice.html")
    #expect(
      try server.request("/twice.html").text
        == "<p>&lt;/body&gt;</p></body> tail \(Self.snippet)</BODY>\n")
  }

  @Test func htmlWithoutBodyEndGetsItAppended() throws {
    let server = try TestServer { $0.reloadSnippet = Self.snippet }
    let response = try server.request("/films/page.html")
    #expect(response.text == "<p>A page without a body end tag</p>\n" + Self.snippet)
    #expect(response.headers["content-length"] == String(response.body.count))
  }

  @Test func the404PageAndFolderIndexesGetItToo() throws {
    let server = try TestServer { $0.reloadSnippet = Self.snippet }
    #expect(try server.request("/missing").text.contains(Self.snippet))
    #expect(try server.request("/films/x/").text.contains(Self.snippet))
  }

  @Test(arguments: ["/style.css", "/app.js", "/data.json", "/logo.svg", "/notes.txt"])
  func otherTypesAreServedAsOnDisk(_ path: String) throws {
    let server = try TestServer { $0.reloadSnippet = Self.snippet }
    let response = try server.request(path)
    #expect(response.status == 200)
    #expect(!response.text.contains(Self.snippet))
  }

  @Test func withoutASnippetHTMLIsServedExactly() throws {
    let server = try TestServer()
    let response = try server.request("/index.html")
    #expect(response.text == TestServer.homePage)
    #expect(response.headers["content-length"] == String(TestServer.homePage.utf8.count))
  }

  @Test func theEntityTagTellsInjectedPagesApart() throws {
    let server = try TestServer { $0.reloadSnippet = Self.snippet }
    let injected = try #require(try server.request("/index.html").headers["etag"])
    let marker = try #require(injected.range(of: "-r"))
    // The tag the same file has without the snippet: a copy cached from a plain server.
    let plain = String(injected[..<marker.lowerBound]) + "\""
    #expect(try server.request("/index.html", headers: ["If-None-Match: \(plain)"]).status == 200)
    #expect(
      try server.request("/index.html", headers: ["If-None-Match: \(injected)"]).status == 304)
    let css = try #require(try server.request("/style.css").headers["etag"])
    #expect(!css.contains("-r"))
  }
}
