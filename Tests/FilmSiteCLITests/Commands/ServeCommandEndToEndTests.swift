import Foundation
import Testing

@testable import FilmSiteCLI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `filmsite serve` as a user runs it: the real binary, a real port on
/// 127.0.0.1, curl as the browser's event stream, and Ctrl-C at the end.
@Suite(.serialized) struct ServeCommandEndToEndTests {
  private static let catalog = FilmSiteProcess.repositoryRoot
    .appendingPathComponent("Catalog/films.json").path

  /// A running `filmsite serve` and the URL it printed.
  private struct Serving {
    let process: RunningProcess
    let url: URL
  }

  private func serve(_ arguments: [String], in directory: URL) async throws -> Serving {
    let process = try RunningProcess(
      [FilmSiteProcess.executable.path, "serve", "--port", "0"] + arguments, in: directory)
    let line = try await process.line { $0.hasPrefix("Serving ") }
    let address = line?.split(separator: " ").first { $0.hasPrefix("http://") }
    guard let address, let url = URL(string: String(address)) else {
      Issue.record("serve printed no URL; stdout: \(process.stdout); stderr: \(process.stderr)")
      throw CancellationError()
    }
    return Serving(process: process, url: url)
  }

  private func get(_ url: URL) async throws -> (status: Int, body: String) {
    let (data, response) = try await URLSession.shared.data(from: url)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
  }

  /// A theme folder with the default film page and a 404 page of its own.
  private func makeTheme(in directory: URL, notFound: String) throws -> URL {
    let theme = directory.appendingPathComponent("theme")
    try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
    try notFound.write(
      to: theme.appendingPathComponent("404.md"), atomically: true, encoding: .utf8)
    return theme
  }

  @Test func servesTheBuiltSiteWithTheScriptAddedOnlyToResponses() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let serving = try await serve(
        ["--catalog", Self.catalog, "--output", "Output"], in: directory)
      let page = try await get(serving.url)
      #expect(page.status == 200)
      #expect(page.body.contains("__filmsite/events"))
      let onDisk = try String(
        contentsOf: directory.appendingPathComponent("Output/index.html"), encoding: .utf8)
      #expect(!onDisk.contains("__filmsite"))
      #expect(page.body.contains("<script>/* filmsite serve:"))

      // The folder is the site `filmsite build` writes, byte for byte.
      let built = try await FilmSiteProcess.run(
        ["build", "--catalog", Self.catalog, "--output", "Built"], in: directory)
      #expect(built.status == 0, "\(built.stderr)")
      let served = FilmSiteProcess.files(in: directory.appendingPathComponent("Output"))
      #expect(served == FilmSiteProcess.files(in: directory.appendingPathComponent("Built")))
      for path in served where path != ".filmsite-manifest" {
        let a = try Data(contentsOf: directory.appendingPathComponent("Output/" + path))
        let b = try Data(contentsOf: directory.appendingPathComponent("Built/" + path))
        #expect(a == b, "\(path)")
      }

      #expect(try await serving.process.interrupt() == 0)
      // Nothing left behind but the spare a rebuild leaves (a whole site, with its
      // manifest), and the state and rows the next build starts from: no lock, no
      // half-made folder.
      let spare = ".Output.filmsite-staging"
      let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      #expect(
        left.filter { $0 != spare }
          == [
            ".Built.filmsite-rows", ".Built.filmsite-state", ".Output.filmsite-rows",
            ".Output.filmsite-state", "Built", "Output",
          ])
      if left.contains(spare) {
        #expect(
          FileManager.default.fileExists(
            atPath: directory.appendingPathComponent(spare + "/.filmsite-manifest").path))
      }
    }
  }

  @Test func anEditRebuildsAndTellsOpenPagesAndAFailureKeepsTheLastGoodSite() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let theme = try makeTheme(in: directory, notFound: "# Lost\n\nFirst version.\n")
      let serving = try await serve(
        ["--catalog", Self.catalog, "--templates", theme.path], in: directory)
      let missing = serving.url.appendingPathComponent("no-such-page")
      #expect(try await get(missing).body.contains("First version."))
      let events = try RunningProcess(
        ["curl", "-sN", serving.url.appendingPathComponent("__filmsite/events").absoluteString],
        in: directory)
      try await Task.sleep(for: .milliseconds(300))

      try "# Lost\n\nSecond version.\n".write(
        to: theme.appendingPathComponent("404.md"), atomically: true, encoding: .utf8)
      #expect(try await events.line { $0 == "event: reload" } != nil)
      #expect(try await get(missing).body.contains("Second version."))

      // A broken template: the same line as `build` prints, the error in open
      // pages, and the last good site still served.
      try "# {{titel}}\n".write(
        to: theme.appendingPathComponent("404.md"), atomically: true, encoding: .utf8)
      let error = try await serving.process.line(inErrors: true) { $0.hasPrefix("error: ") }
      #expect(error == "error: \(theme.path)/404.md:1:3: unknown placeholder \"titel\"")
      #expect(try await events.line { $0 == "event: build-error" } != nil)
      #expect(try await events.line { $0 == "data: \(error ?? "")" } != nil)
      #expect(try await get(missing).body.contains("Second version."))

      // The next good save clears it: the pages reload.
      let reloadsSoFar = events.stdout.filter { $0 == "event: reload" }.count
      try "# Lost\n\nThird version.\n".write(
        to: theme.appendingPathComponent("404.md"), atomically: true, encoding: .utf8)
      #expect(
        try await events.line(skipping: 0) { _ in
          events.stdout.filter { $0 == "event: reload" }.count > reloadsSoFar
        } != nil)
      #expect(try await get(missing).body.contains("Third version."))
      #expect(try await serving.process.interrupt() == 0)
    }
  }

  /// Whether `condition` holds within `timeout`, asked every 50 ms.
  private func eventually(
    _ timeout: Duration = .seconds(30), _ condition: () async throws -> Bool
  ) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if try await condition() { return true }
      try await Task.sleep(for: .milliseconds(50))
    }
    return false
  }

  @Test func aReplacedThemeFolderAndAMistypedOneInTheConfigAreWatchedAgain() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let theme = try makeTheme(in: directory, notFound: "# Lost\n\nFirst.\n")
      let config = directory.appendingPathComponent("filmsite.toml")
      let settings = "theme = \"theme\"\n[source]\ncatalog = \"\(Self.catalog)\"\n"
      try settings.write(to: config, atomically: true, encoding: .utf8)
      let serving = try await serve([], in: directory)
      let missing = serving.url.appendingPathComponent("no-such-page")
      func shows(_ text: String) async throws -> Bool { try await get(missing).body.contains(text) }

      // The folder moved away and made anew: its new files are watched.
      let manager = FileManager.default
      try manager.moveItem(at: theme, to: directory.appendingPathComponent("theme.old"))
      try manager.createDirectory(at: theme, withIntermediateDirectories: false)
      try "# Lost\n\nSecond.\n".write(
        to: theme.appendingPathComponent("404.md"), atomically: true, encoding: .utf8)
      #expect(try await eventually { try await shows("Second.") })
      try "# Lost\n\nThird.\n".write(
        to: theme.appendingPathComponent("404.md"), atomically: true, encoding: .utf8)
      #expect(try await eventually { try await shows("Third.") })

      // A typo in the config: the build fails, and fixing the file is seen.
      try settings.replacingOccurrences(of: "\"theme\"", with: "\"themee\"").write(
        to: config, atomically: true, encoding: .utf8)
      let error = try await serving.process.line(inErrors: true) { $0.hasPrefix("error: ") }
      #expect(error == "error: themee: no such theme folder")
      try settings.write(to: config, atomically: true, encoding: .utf8)
      try await Task.sleep(for: .milliseconds(500))
      try "# Lost\n\nFourth.\n".write(
        to: theme.appendingPathComponent("404.md"), atomically: true, encoding: .utf8)
      #expect(try await eventually { try await shows("Fourth.") })
      #expect(try await serving.process.interrupt() == 0)
    }
  }

  @Test func filmsFromAnAPIArePulledOnceAndRebuiltFrom() async throws {
    let api = try FakeFilmAPI(configuration: .init(films: 45, totalPages: .omit))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let theme = try makeTheme(in: directory, notFound: "# Lost\n\nFirst.\n")
      let serving = try await serve(
        ["--api", api.baseURL.absoluteString, "--templates", theme.path], in: directory)
      let pulled = try api.requests().count
      #expect(pulled == 4)
      #expect(serving.process.stdout.contains { $0.hasPrefix("Pulled 45 films once; 4 requests") })
      try "# Lost\n\nSecond.\n".write(
        to: theme.appendingPathComponent("404.md"), atomically: true, encoding: .utf8)
      let first = serving.process.stdout.firstIndex { $0.hasPrefix("Built 45 films") } ?? 0
      let rebuilt = try await serving.process.line(skipping: first + 1) {
        $0.hasPrefix("Built 45 films")
      }
      #expect(rebuilt != nil, "\(serving.process.stdout)")
      #expect(try api.requests().count == pulled)
      #expect(try await serving.process.interrupt() == 0)
    }
  }

  @Test func noReloadServesTheFilesExactlyAsBuilt() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let serving = try await serve(["--catalog", Self.catalog, "--no-reload"], in: directory)
      let page = try await get(serving.url)
      let onDisk = try String(
        contentsOf: directory.appendingPathComponent("Output/index.html"), encoding: .utf8)
      #expect(page.body == onDisk)
      #expect(try await serving.process.interrupt() == 0)
    }
  }

  @Test func aBasePathServesTheSiteUnderIt() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let serving = try await serve(
        ["--catalog", Self.catalog, "--base-path", "/films-site"], in: directory)
      #expect(serving.url.absoluteString.hasSuffix(":\(serving.url.port ?? 0)/films-site/"))
      let film = serving.url.appendingPathComponent("films/603-the-matrix/")
      let page = try await get(film)
      #expect(page.status == 200)
      #expect(page.body.contains("The Matrix"))
      #expect(page.body.contains("/films-site/__filmsite/events"))
      #expect(try await serving.process.interrupt() == 0)
    }
  }

  @Test func aPortInUseIsNamed() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let first = try await serve(["--catalog", Self.catalog], in: directory)
      let port = try #require(first.url.port)
      let second = try await FilmSiteProcess.run(
        ["serve", "--catalog", Self.catalog, "--output", "Other", "--port", String(port)],
        in: directory)
      #expect(second.status == 1)
      #expect(second.stderr.contains("127.0.0.1:\(port) is in use"), "\(second.stderr)")
      #expect(try await first.process.interrupt() == 0)
    }
  }

  @Test(arguments: [
    ("/", "/"), ("/sub", "/sub/"), ("/sub/", "/sub/"), ("/a/b.c/", "/a/b.c/"),
  ])
  func basePathsAreNormalized(given: String, expected: String) throws {
    #expect(try ServeCommand.basePath(given) == expected)
  }

  @Test(arguments: ["sub/", "/../x/", "/a//b/", "/a b/", "/%2e/", "/a?b/"])
  func unsafeBasePathsAreRefused(given: String) {
    #expect(throws: UsageError.self) { try ServeCommand.basePath(given) }
  }
}
