import Foundation
import Testing

/// Pages open in headless Chromium on `filmsite serve` follow edits of the theme
/// (`Fixtures/reload-check.py`): they reload themselves after a good save, show a
/// failed build's error over the last good page, and lose it at the next good save.
@Suite struct ServeBrowserTests {
  private static let script = FilmSiteProcess.repositoryRoot
    .appendingPathComponent("Tests/FilmSiteCLITests/Fixtures/reload-check.py").path
  private static let catalog = FilmSiteProcess.repositoryRoot
    .appendingPathComponent("Catalog/films.json").path
  private static let notFoundTemplate = FilmSiteProcess.repositoryRoot
    .appendingPathComponent("Templates/404.md")

  /// What the script prints on its `RELOAD` line.
  private struct Report: Decodable {
    struct Timing: Decodable {
      /// From the write to the reloaded 404 page's DOMContentLoaded, by the page's clock.
      var documentReadyMs: Double?
      /// From the write to the script seeing the new content.
      var observedMs: Double
    }

    var edit: Timing?
    var fix: Timing?
    var overlayText: String?
    var problems: [String]

    var summary: String {
      let timings = [("edit", edit), ("fix", fix)].map { name, timing in
        guard let timing else { return "\(name): -" }
        let ready = timing.documentReadyMs.map { "\($0) ms" } ?? "-"
        return "\(name): page ready \(ready), seen \(timing.observedMs) ms after the write"
      }
      return timings.joined(separator: "; ")
    }
  }

  @Test(.timeLimit(.minutes(2)))
  func openPagesReloadAfterAnEditAndShowAFailedBuildOverTheLastGoodPage() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let theme = directory.appendingPathComponent("theme")
      try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
      let marker = "reload-marker-first"
      let template = theme.appendingPathComponent("404.md")
      let original = try String(contentsOf: Self.notFoundTemplate, encoding: .utf8)
      try (original + "\n\(marker)\n").write(to: template, atomically: true, encoding: .utf8)

      let serve = try RunningProcess(
        [
          FilmSiteProcess.executable.path, "serve", "--port", "0", "--templates", theme.path,
          "--catalog", Self.catalog, "--output", "Output",
        ], in: directory)
      let serving = try await serve.line { $0.hasPrefix("Serving ") }
      let address = serving?.split(separator: " ").first { $0.hasPrefix("http://") }
      let url = try #require(address.map { String($0) }, "serve printed no URL: \(serve.stderr)")

      let check = try RunningProcess(
        ["python3", Self.script, url, template.path, marker], in: directory)
      // Every wait in the script ends within 10 s; this is far past the sum of them.
      let line = try await check.line(timeout: .seconds(100)) { $0.hasPrefix("RELOAD ") }
      let output = try #require(
        line, "reload-check.py reported nothing; stderr: \(check.stderr.joined(separator: "\n"))")
      let report = try JSONDecoder().decode(Report.self, from: Data(output.utf8.dropFirst(7)))
      print("Serve reload in Chromium: \(report.summary)")

      #expect(report.problems == [], "\(report.summary)")
      #expect(report.edit != nil && report.fix != nil, "\(report.summary)")
      // The overlay shows the line serve printed for the failed build, and only that failed.
      #expect(serve.stderr.count == 1, "\(serve.stderr)")
      let error = try #require(serve.stderr.first)
      #expect(error.hasPrefix("error: \(template.path):"), "\(error)")
      #expect(error.hasSuffix(": unknown placeholder \"titel\""), "\(error)")
      #expect(report.overlayText == error)
      #expect(try await serve.interrupt() == 0)
    }
  }
}
