import Foundation
import Testing

/// Runs the built `filmsite` binary on the sample catalog with a content
/// folder written to attack the site: markup and script in note bodies and
/// front matter, `javascript:` links, raw HTML, a title that closes the
/// JSON-LD block, odd Unicode; the pages must be safe and valid. Files that
/// cannot be used (front matter that never closes, a body too large, names
/// that try to leave their folder) stop the build in one positioned line and
/// leave the previous site as it was.
@Suite struct HostileContentEndToEndTests {
  static let hostile: [String: String] = [
    // Vertigo: a note whose every value tries to break out of where it lands.
    "films/426.md": #"""
    +++
    title = "</script><script>alert('title')</script>"
    tagline = "<img src=x onerror=alert(1)>"
    tags = ["<b>bold</b>", "\u202Eevil", "../../etc", "\"quoted\" & 'ticked'"]
    rating = 7.5
    +++
    <script>alert("body")</script>
    <div onclick="alert(2)">raw HTML</div>

    [click](javascript:alert(3)) and [data](data:text/html,<script>alert(4)</script>)
    ![img](javascript:alert(5) "1x1") {{title}} {{{notes}}} \u0000 &#0;

    <iframe src="https://evil.example/"></iframe>
    """#,
    // City Lights: a body of deep nesting and long lines.
    "films/901.md": String(repeating: "> ", count: 500) + "deep\n\n"
      + String(repeating: "*a **b", count: 2000) + "\n\n" + String(repeating: "[", count: 5000)
      + "\n",
    "about.md": #"""
    +++
    title = "About </title><script>alert('page')</script>"
    description = "\" onmouseover=\"alert(6)"
    date = 2026-11-30
    +++
    # <script>alert(7)</script>

    A link to [a film](film:426) and [home](@/about.md#top).
    """#,
  ]

  /// Writes `content` into `directory`/content and builds the sample catalog there.
  private static func build(
    _ content: [String: String], in directory: URL, extra: [String] = []
  ) async throws -> (FilmSiteProcess.Result, URL) {
    for (path, text) in content {
      let url = directory.appendingPathComponent("content/" + path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    let output = directory.appendingPathComponent("Output")
    let catalog = FilmSiteProcess.repositoryRoot.appendingPathComponent(
      "Sources/FilmSiteCLI/Init/Starter/films.json")
    let result = try await FilmSiteProcess.run(
      [
        "build", "--catalog", catalog.path, "--output", output.path, "--content",
        directory.appendingPathComponent("content").path, "--nav", "about.md", "--base-url",
        "https://example.org/films/",
      ] + extra, in: directory)
    return (result, output)
  }

  @Test func hostileNotesAndPagesBuildSafeValidPages() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (result, output) = try await Self.build(Self.hostile, in: directory)
      try #require(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains("3 notes") == false)
      #expect(result.stdout.contains("2 notes (2 fields corrected), 1 page of your own"))
      for path in FilmSiteProcess.files(in: output) where path.hasSuffix(".html") {
        let html = try String(
          contentsOf: output.appendingPathComponent(path), encoding: .utf8)
        for tag in HTMLTags.scan(html) {
          // The search page's form is the theme's own.
          let forbidden =
            ["iframe", "object", "embed", "style", "base", "svg"]
            + (path == "search/index.html" ? [] : ["form"])
          #expect(!forbidden.contains(tag.name), "\(path): element <\(tag.name)>")
          for attribute in tag.attributes {
            let name = attribute.name.lowercased()
            #expect(!name.hasPrefix("on"), "\(path): \(tag.skeleton)")
            if name == "href" || name == "src" {
              let value = attribute.value.lowercased().trimmingCharacters(in: .whitespaces)
              #expect(
                !value.hasPrefix("javascript:") && !value.hasPrefix("data:"),
                "\(path): \(name)=\"\(attribute.value)\"")
            }
          }
          // The only scripts are the theme's and the escaped JSON-LD block.
          if tag.name == "script" {
            let source = tag.attributes.first { $0.name == "src" }?.value ?? ""
            let type = tag.attributes.first { $0.name == "type" }?.value ?? ""
            #expect(
              source.hasSuffix("assets/load-more.js") || source.hasSuffix("assets/search.js")
                || type == "application/ld+json", "\(path): \(tag.skeleton)")
          }
        }
        #expect(!html.lowercased().contains("<script>alert"), "\(path) holds an inline script")
        #expect(!html.contains("\u{0}"), "\(path) holds a NUL")
      }
      let vertigo = try String(
        contentsOf: output.appendingPathComponent(
          try #require(
            FilmSiteProcess.files(in: output).first {
              $0.hasPrefix("films/426-") && $0.hasSuffix("index.html")
            })), encoding: .utf8)
      #expect(
        vertigo.contains("&lt;/script&gt;&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt;"))
      #expect(vertigo.contains("<!-- raw HTML omitted -->"))
      #expect(vertigo.contains(#"<a href="">click</a>"#))
      // Each hostile tag is a page of its own, inside tags/.
      let tagPages = FilmSiteProcess.files(in: output).filter { $0.hasPrefix("tags/") }
      #expect(tagPages.count == 5, "\(tagPages)")
      #expect(tagPages.allSatisfy { !$0.contains("..") })

      let validation = try await FilmSiteProcess.validateHTML(in: output)
      #expect(validation.valid, "\(validation.output)")
      let check = try await FilmSiteProcess.run(["check", "--output", output.path], in: directory)
      #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
  }

  @Test(arguments: [
    (
      "films/426.md", "+++\nrating = 7\nThe end never comes.\n",
      ":1:1: the front matter that starts here is never closed: end it with a line of +++"
    ),
    (
      "films/426.md", String(repeating: "x", count: 4 << 20 + 1),
      ":1:1: the file is larger than 4 MiB, the most a content file may be"
    ),
    ("films/%2E%2E%2Fetc.md", "Escape.\n", ":1:1: %2E%2E%2Fetc.md names no film id"),
    ("about.md", "+++\ntitle = 3\n+++\n", ":2:9: title must be a string that is not empty"),
    (
      "about.md", "+++\ntitle = \"A\"\n+++\n\nSee [broken](film:99999999).\n",
      ":5:5: no film has the id \"99999999\" (link film:99999999)"
    ),
  ])
  func aFileThatCannotBeUsedStopsTheBuildInOneLineAndKeepsTheSite(
    path: String, text: String, message: String
  ) async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (first, output) = try await Self.build(
        ["about.md": "+++\ntitle = \"About\"\n+++\n"], in: directory)
      try #require(first.status == 0, "\(first.stderr)")
      let before = FilmSiteProcess.files(in: output)
      let (result, _) = try await Self.build([path: text], in: directory)
      #expect(result.status != 0)
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 1, "\(result.stderr)")
      #expect(result.stderr.contains("/content/"), "\(result.stderr)")
      #expect(result.stderr.contains(message), "\(result.stderr)")
      #expect(FilmSiteProcess.files(in: output) == before)
    }
  }
}
