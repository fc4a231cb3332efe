import Foundation
import Glibc
import PreviewServer

/// A server on port 0 over a temporary site that holds every kind of file the tests ask for:
/// pages, assets of each content type, a folder with and one without `index.html`, a
/// `404.html`, FilmSite's manifest and staging folder, dot-files, a FIFO, and links that stay
/// inside the site or leave it. Stopped and deleted when released.
final class TestServer {
  let base: URL
  let root: String
  let server: PreviewServer
  let port: UInt16

  /// The contents of the file outside the site that the escaping links point at.
  static let secret = "SECRET-OUTSIDE-THE-SITE"
  static let homePage = "<!doctype html><html><body><h1>Home</h1></body></html>\n"
  static let notFoundPage = "<!doctype html><html><body><p>No such page</p></body></html>\n"

  init(
    with404: Bool = true, configure: (inout PreviewServer.Configuration) -> Void = { _ in }
  ) throws {
    base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "preview-server-\(UUID().uuidString)")
    root = base.appendingPathComponent("site").path
    try Self.makeSite(at: base, with404: with404)
    var configuration = PreviewServer.Configuration(root: root)
    configuration.port = 0
    configure(&configuration)
    server = PreviewServer(configuration)
    do {
      port = try server.start()
    } catch {
      try? FileManager.default.removeItem(at: base)
      throw error
    }
  }

  deinit {
    server.stop()
    try? FileManager.default.removeItem(at: base)
  }

  func url(_ path: String) -> String {
    "http://127.0.0.1:\(port)\(path)"
  }

  /// Writes `contents` to `path` under the site, making folders as needed.
  func write(_ contents: String, to path: String) throws {
    let url = URL(fileURLWithPath: root).appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: url)
  }

  private static func makeSite(at base: URL, with404: Bool) throws {
    let site = base.appendingPathComponent("site")
    let outside = base.appendingPathComponent("outside")
    let files: [String: String] = [
      "index.html": homePage,
      "style.css": "body { color: black; }\n",
      "app.js": "console.log(1);\n",
      "data.json": "{\"films\": []}\n",
      "logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
      "feed.xml": "<feed/>\n",
      "notes.txt": "notes\n",
      "poster.png": "PNG",
      "photo.jpg": "JPG",
      "photo.jpeg": "JPEG",
      "image.webp": "WEBP",
      "favicon.ico": "ICO",
      "archive.bin": "BIN",
      "films/x/index.html": "<html><body><p>Film X</p></body></html>\n",
      "films/page.html": "<p>A page without a body end tag</p>\n",
      ".filmsite-manifest": "manifest " + secret,
      ".filmsite-lock": "lock",
      ".filmsite-staging-x/index.html": "staged " + secret,
      ".hidden": "hidden " + secret,
      "films/.hidden": "hidden " + secret,
      "../outside/secret.txt": secret,
    ]
    for (path, contents) in files {
      let url = site.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
    if with404 {
      try Data(notFoundPage.utf8).write(to: site.appendingPathComponent("404.html"))
    }
    try FileManager.default.createDirectory(
      at: site.appendingPathComponent("films/empty"), withIntermediateDirectories: true)
    let links = [
      "out": outside.appendingPathComponent("secret.txt").path,
      "outdir": outside.path,
      "relative-out": "../outside/secret.txt",
      "inside": "index.html",
      "manifest-link": ".filmsite-manifest",
    ]
    for (name, target) in links {
      try FileManager.default.createSymbolicLink(
        atPath: site.appendingPathComponent(name).path, withDestinationPath: target)
    }
    guard mkfifo(site.appendingPathComponent("fifo").path, 0o644) == 0 else {
      throw TestFailure("mkfifo failed: \(String(cString: strerror(errno)))")
    }
  }
}

/// A failure of the test set-up, described in one sentence.
struct TestFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

extension TestServer {
  /// Sends `GET target` (or another method) on a fresh connection and reads the response.
  func request(
    _ target: String, method: String = "GET", headers: [String] = []
  ) throws -> RawResponse {
    let client = try RawClient(port: port)
    let extra = headers.map { $0 + "\r\n" }.joined()
    try client.send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(extra)\r\n")
    return try client.readResponse(hasBody: method != "HEAD")
  }
}
