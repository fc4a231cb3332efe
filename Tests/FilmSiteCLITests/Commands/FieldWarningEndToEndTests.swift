import Foundation
import Testing

/// What `filmsite build` and `filmsite serve` print for a film value that no
/// page can show: one `warning:` line on stderr for each film and field, a
/// count in the summary, and nothing when a rebuild finds the site up to date.
@Suite struct FieldWarningEndToEndTests {
  private static let catalog = #"""
    [
      {"id": 426, "title": "Vertigo", "year": 1958, "homepage": "javascript:alert(1)", "rating": 11},
      {"id": 2, "title": "Esc\u001b[31m\nNext line", "imdbId": "tt\u001b]0;x\u0007\n\#(String(repeating: "9", count: 300))"},
      {"id": 3, "title": "Fine", "rating": 8.3, "voteCount": 12, "homepage": "https://example.com"}
    ]
    """#

  private static let warnings = [
    #"warning: film 426 "Vertigo": field "rating": 11 is not a rating from 0 to 10; left out"#,
    #"warning: film 426 "Vertigo": field "homepage": "javascript:alert(1)" is not an http(s) URL with a host; left out"#,
  ]

  private static func writeCatalog(in directory: URL) throws -> URL {
    let url = directory.appendingPathComponent("films.json")
    try catalog.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  @Test func buildPrintsOneLineForEachValueLeftOutAndAnUpToDateRebuildNone() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let catalog = try Self.writeCatalog(in: directory)
      let output = directory.appendingPathComponent("Output").path
      let first = try await FilmSiteProcess.run([
        "build", "--catalog", catalog.path, "--output", output,
      ])
      #expect(first.status == 0, "\(first.stderr)")
      let lines = first.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        .map(String.init)
      #expect(lines.count == 4, "\(first.stderr.debugDescription)")
      #expect(Array(lines.prefix(2)) == Self.warnings)
      // The hostile film's line: its title and value made safe, shortened, on one line.
      let hostile = lines.count > 2 ? lines[2] : ""
      #expect(hostile.hasPrefix(#"warning: film 2 "Esc [31m Next line": field "imdbId": "tt "#))
      #expect(hostile.hasSuffix(#"…" is not an IMDb title id (tt and digits); left out"#))
      #expect(!hostile.unicodeScalars.contains { $0.value < 0x20 }, "\(hostile.debugDescription)")
      #expect(lines.last == "")
      #expect(
        first.stdout.contains("; 3 film values left out (see the warnings)"), "\(first.stdout)")

      let again = try await FilmSiteProcess.run([
        "build", "--catalog", catalog.path, "--output", output,
      ])
      #expect(again.status == 0)
      #expect(again.stderr.isEmpty, "\(again.stderr)")
      #expect(again.stdout.contains("already up to date"))
      #expect(!again.stdout.contains("left out"))
    }
  }

  @Test func quietBuildsStillWarn() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let catalog = try Self.writeCatalog(in: directory)
      let output = directory.appendingPathComponent("Output").path
      let result = try await FilmSiteProcess.run(
        ["build", "--catalog", catalog.path, "--output", output, "--quiet"])
      #expect(result.status == 0)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.split(separator: "\n").count == 3, "\(result.stderr)")
    }
  }

  @Test func servePrintsTheWarningsOfEachBuildThatPlansTheSite() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let catalog = try Self.writeCatalog(in: directory)
      let process = try RunningProcess(
        [FilmSiteProcess.executable.path, "serve", "--port", "0", "--catalog", catalog.path],
        in: directory)
      let serving = try await process.line { $0.hasPrefix("Serving ") }
      #expect(serving != nil, "\(process.stderr)")
      // The warnings come before the summary, on the other stream.
      try await Self.waitForErrors(3, of: process)
      let first = process.stderr
      #expect(Array(first.prefix(2)) == Self.warnings)
      #expect(first.count == 3, "\(first)")

      // An edit that changes the films: the rebuild warns about what it leaves out now.
      let edited = Self.catalog.replacingOccurrences(of: #""rating": 11"#, with: #""rating": 12"#)
      try edited.write(to: catalog, atomically: true, encoding: .utf8)
      let rebuilt = try await process.line(skipping: 2) { $0.hasPrefix("Built ") }
      #expect(rebuilt != nil, "\(process.stdout)")
      try await Self.waitForErrors(first.count + 3, of: process)
      let again = Array(process.stderr.dropFirst(first.count))
      #expect(
        again.first
          == #"warning: film 426 "Vertigo": field "rating": 12 is not a rating from 0 to 10; left out"#,
        "\(again)")
      #expect(again.count == 3, "\(again)")

      // The same bytes saved again: the site is up to date, nothing is planned, no warning.
      try edited.write(to: catalog, atomically: true, encoding: .utf8)
      let upToDate = try await process.line(skipping: 4) { $0.hasPrefix("Built ") }
      #expect(upToDate?.contains("already up to date") == true, "\(process.stdout)")
      try await Task.sleep(for: .milliseconds(300))
      #expect(process.stderr.count == first.count + 3, "\(process.stderr)")
      #expect(try await process.interrupt() == 0)
    }
  }

  /// Waits up to 20 seconds for `process` to have printed `count` lines on stderr.
  private static func waitForErrors(_ count: Int, of process: RunningProcess) async throws {
    let deadline = ContinuousClock.now + .seconds(20)
    while process.stderr.count < count, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
  }
}
