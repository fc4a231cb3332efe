import Foundation
import Testing

/// Serves the built sample site on 127.0.0.1 and loads it in headless Chromium
/// (`Fixtures/browser-check.py`): console errors, failed requests, a search that
/// finds nothing and serious or critical axe-core violations all fail the test.
@Suite struct BrowserEndToEndTests {
  private static let script = FilmSiteProcess.repositoryRoot
    .appendingPathComponent("Tests/FilmSiteCLITests/Fixtures/browser-check.py").path

  @Test func sampleSiteWorksInChromiumAtPhoneAndDesktopWidthsWithoutAccessibilityFaults()
    async throws
  {
    let screenshots = FileManager.default.temporaryDirectory
      .appendingPathComponent("filmsite-browser-screenshots").path
    try? FileManager.default.removeItem(atPath: screenshots)
    print("Browser screenshots: \(screenshots)")
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let port = try await Self.freePort()
      let root = directory.appendingPathComponent("root")
      // The site sits under a sub-path, as on a project page, and the posters come from
      // the same local server: the tests run offline.
      let posters = "http://127.0.0.1:\(port)/posters"
      let built = try await FilmSiteProcess.run([
        "build", "--output", root.appendingPathComponent("site").path, "--quiet",
        "--poster-base-url", posters,
      ])
      #expect(built.status == 0, "\(built.stderr)")
      let drawn = try await Self.python([
        Self.script, "posters",
        FilmSiteProcess.repositoryRoot.appendingPathComponent("Catalog/films.json").path,
        root.appendingPathComponent("posters").path,
      ])
      #expect(drawn.status == 0, "\(drawn.output)")

      let server = Process()
      server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      server.arguments = [
        "python3", "-m", "http.server", "--bind", "127.0.0.1", String(port), "--directory",
        root.path,
      ]
      server.standardOutput = FileHandle.nullDevice
      server.standardError = FileHandle.nullDevice
      try server.run()
      defer {
        // SIGKILL: the test process's threads block SIGTERM, and children inherit the mask.
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
      }
      try Self.waitUntilListening(port: port)

      let result = try await Self.python([
        Self.script, "check", "http://127.0.0.1:\(port)/site/", screenshots,
      ])
      #expect(result.status == 0, "\(result.output)")
      #expect(result.output.contains(": 0 problems;"), "\(result.output)")
    }
    let taken = try FileManager.default.contentsOfDirectory(atPath: screenshots)
    // Six pages, two widths, light and dark.
    #expect(taken.filter { $0.hasSuffix(".png") }.count == 24)
  }

  /// Runs `python3` (the one on PATH, where scripts/test installs selenium).
  private static func python(_ arguments: [String]) async throws -> (status: Int32, output: String)
  {
    try await FilmSiteProcess.runTool(["python3"] + arguments)
  }

  /// A port that nothing listens on now, from the kernel.
  private static func freePort() async throws -> Int {
    let result = try await python([
      "-c",
      "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])",
    ])
    guard result.status == 0,
      let port = Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw BrowserTestError("no free port: \(result.output)") }
    return port
  }

  /// Waits up to 10 s for the server to accept connections.
  private static func waitUntilListening(port: Int) throws {
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/site/"))
    for _ in 0..<100 {
      if (try? Data(contentsOf: url)) != nil { return }
      Thread.sleep(forTimeInterval: 0.1)
    }
    throw BrowserTestError("the server on port \(port) did not start")
  }
}

private struct BrowserTestError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
