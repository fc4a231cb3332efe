import Foundation
import Testing

/// `ETag`, `Last-Modified` and the `304` answers to `If-None-Match` and `If-Modified-Since`.
@Suite struct ConditionalRequestTests {
  @Test func filesCarryValidators() throws {
    let server = try TestServer()
    let response = try server.request("/style.css")
    let tag = try #require(response.headers["etag"])
    #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
    let modified = try #require(response.headers["last-modified"])
    #expect(modified.hasSuffix(" GMT"))
    #expect(modified.count == "Sun, 06 Nov 1994 08:49:37 GMT".count)
  }

  @Test func aMatchingEntityTagIs304() throws {
    let server = try TestServer()
    let tag = try #require(try server.request("/index.html").headers["etag"])
    for header in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
      let response = try server.request("/index.html", headers: ["If-None-Match: \(header)"])
      #expect(response.status == 304, "\(header)")
      #expect(response.body.isEmpty)
      #expect(response.headers["etag"] == tag)
    }
    #expect(try server.request("/index.html", headers: ["If-None-Match: \"other\""]).status == 200)
  }

  @Test func curlsEntityTagRoundTripIs304() throws {
    let server = try TestServer()
    let folder = server.base.appendingPathComponent("curl-etag").path
    let first = try ExternalTool.curl([
      "--etag-save", folder, "--output", "/dev/null", server.url("/data.json"),
    ])
    #expect(first.status == 0, "\(first.stderr)")
    let second = try ExternalTool.curl([
      "--etag-compare", folder, "--output", "/dev/null", "--write-out", "%{http_code}",
      server.url("/data.json"),
    ])
    #expect(second.stdout == "304")
  }

  @Test func ifModifiedSinceNotOlderThanTheFileIs304() throws {
    let server = try TestServer()
    let modified = try #require(try server.request("/notes.txt").headers["last-modified"])
    let same = try server.request("/notes.txt", headers: ["If-Modified-Since: \(modified)"])
    #expect(same.status == 304)
    let later = try server.request(
      "/notes.txt", headers: ["If-Modified-Since: Fri, 01 Jan 2100 00:00:00 GMT"])
    #expect(later.status == 304)
    let earlier = try server.request(
      "/notes.txt", headers: ["If-Modified-Since: Sat, 01 Jan 2000 00:00:00 GMT"])
    #expect(earlier.status == 200)
    #expect(earlier.text == "notes\n")
    let unreadable = try server.request("/notes.txt", headers: ["If-Modified-Since: yesterday"])
    #expect(unreadable.status == 200)
  }

  @Test func ifNoneMatchWinsOverIfModifiedSince() throws {
    let server = try TestServer()
    let first = try server.request("/notes.txt")
    let tag = try #require(first.headers["etag"])
    let modified = try #require(first.headers["last-modified"])
    let stale = try server.request(
      "/notes.txt", headers: ["If-None-Match: \"other\"", "If-Modified-Since: \(modified)"])
    #expect(stale.status == 200)
    let fresh = try server.request(
      "/notes.txt",
      headers: ["If-None-Match: \(tag)", "If-Modified-Since: Sat, 01 Jan 2000 00:00:00 GMT"])
    #expect(fresh.status == 304)
  }

  /// A build writes a page over where it is: the same inode, maybe the same size, and on a
  /// coarse clock the same modification time. The tag follows the bytes.
  @Test func aFileWrittenOverInPlaceWithItsTimeKeptGetsANewEntityTag() throws {
    let server = try TestServer()
    let tag = try #require(try server.request("/notes.txt").headers["etag"])
    let path = server.root + "/notes.txt"
    var before = stat()
    #expect(stat(path, &before) == 0)
    // The same six bytes' count, written through the same inode.
    let descriptor = open(path, O_WRONLY)
    try #require(descriptor >= 0)
    let written = "NOTES\n".utf8CString.withUnsafeBufferPointer {
      pwrite(descriptor, $0.baseAddress, 6, 0)
    }
    close(descriptor)
    #expect(written == 6)
    var times = [before.st_atim, before.st_mtim]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    var after = stat()
    #expect(stat(path, &after) == 0)
    #expect(after.st_ino == before.st_ino && after.st_size == before.st_size)
    #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec)
    #expect(after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    let response = try server.request("/notes.txt", headers: ["If-None-Match: \(tag)"])
    #expect(response.status == 200)
    #expect(response.text == "NOTES\n")
    #expect(response.headers["etag"] != tag)
    // Written back, the bytes have their tag again.
    try server.write("notes\n", to: "notes.txt")
    #expect(try server.request("/notes.txt").headers["etag"] == tag)
  }

  @Test func aRewrittenFileGetsANewEntityTag() throws {
    let server = try TestServer()
    let tag = try #require(try server.request("/notes.txt").headers["etag"])
    try server.write("new notes, longer\n", to: "notes.txt")
    let response = try server.request("/notes.txt", headers: ["If-None-Match: \(tag)"])
    #expect(response.status == 200)
    #expect(response.text == "new notes, longer\n")
    #expect(response.headers["etag"] != tag)
  }

  @Test func pythonSeesTheSame304() throws {
    let server = try TestServer()
    let result = try ExternalTool.python(
      """
      import http.client, sys
      conn = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=5)
      conn.request("GET", "/app.js")
      first = conn.getresponse(); first.read()
      conn.request("GET", "/app.js", headers={"If-None-Match": first.getheader("ETag")})
      second = conn.getresponse(); body = second.read()
      conn.request("GET", "/app.js", headers={"If-Modified-Since": first.getheader("Last-Modified")})
      third = conn.getresponse(); third.read()
      print(first.status, second.status, len(body), third.status)
      """, [String(server.port)])
    #expect(result.stdout == "200 304 0 304\n", "\(result.stderr)")
  }
}
