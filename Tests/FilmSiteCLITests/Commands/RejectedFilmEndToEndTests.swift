import Foundation
import Testing

/// Films a build cannot publish fail it with one clear line naming the film
/// and field, and leave the site as it was; a value of the wrong JSON type is
/// one of them. Film text that would make a build slow still builds in seconds.
@Suite struct RejectedFilmEndToEndTests {
  struct RejectedFilm: Sendable, CustomTestStringConvertible {
    let name: String
    let json: String
    /// The whole of stderr; `{catalog}` stands for the catalog's path.
    let message: String
    var testDescription: String { name }
  }

  static let rejectedFilms: [RejectedFilm] = [
    RejectedFilm(
      name: "an empty id", json: #"[{"id": "", "title": "Empty id"}]"#,
      message: #"error: film "Empty id": field "id": the id is empty"#),
    RejectedFilm(
      name: "an id of 300 characters",
      json: #"[{"id": "\#(String(repeating: "a", count: 300))", "title": "Long id"}]"#,
      message:
        #"error: film "Long id": field "id": the id "\#(String(repeating: "a", count: 40))…" is 300 bytes long; ids may have at most 128 bytes, or 64 when they hold characters other than a-z and 0-9"#
    ),
    RejectedFilm(
      name: "a title that is a number", json: #"[{"id": 1, "title": 42}]"#,
      message: #"error: {catalog}: film 1: field "title": expected a string"#),
    RejectedFilm(
      name: "a year that is a string", json: #"[{"id": 1, "title": "A", "year": "1999"}]"#,
      message: #"error: {catalog}: film 1: field "year": expected an integer"#),
    RejectedFilm(
      name: "genres that are a string", json: #"[{"id": 1, "title": "A", "genres": "Drama"}]"#,
      message: #"error: {catalog}: film 1: field "genres": expected an array of strings"#),
    RejectedFilm(
      name: "an id that is a boolean", json: #"[{"id": true, "title": "A"}]"#,
      message: #"error: {catalog}: film 1: field "id": expected a string or an integer"#),
    RejectedFilm(
      name: "an id that is null", json: #"[{"id": null, "title": "A"}]"#,
      message: #"error: {catalog}: film 1: missing required field "id""#),
    RejectedFilm(
      name: "a title that is null", json: #"[{"id": 1, "title": null}]"#,
      message: #"error: {catalog}: film 1: missing required field "title""#),
    // The fields a film page shows keep the rule: a value of the wrong JSON type stops the
    // build; a value of the right type that no page can show is left out with a warning.
    RejectedFilm(
      name: "a rating that is a string", json: #"[{"id": 1, "title": "A", "rating": "11"}]"#,
      message: #"error: {catalog}: film 1: field "rating": expected a number"#),
    RejectedFilm(
      name: "a vote count that is a string",
      json: #"[{"id": 1, "title": "A", "vote_count": "5"}]"#,
      message: #"error: {catalog}: film 1: field "vote_count": expected an integer"#),
    RejectedFilm(
      name: "a cast that is a string", json: #"[{"id": 1, "title": "A", "cast": "Kim Novak"}]"#,
      message:
        #"error: {catalog}: film 1: field "cast": expected an array of objects with a string "name""#
    ),
    RejectedFilm(
      name: "a cast member without a name",
      json: #"[{"id": 1, "title": "A", "cast": [{"character": "Judy"}]}]"#,
      message: #"error: {catalog}: film 1: missing required field "cast[0].name""#),
    RejectedFilm(
      name: "a character that is a number",
      json: #"[{"id": 1, "title": "A", "cast": [{"name": "<script>", "character": 5}]}]"#,
      message: #"error: {catalog}: film 1: field "cast[0].character": expected a string"#),
    RejectedFilm(
      name: "a trailer that is a URL",
      json: #"[{"id": 1, "title": "A", "trailer": "javascript:alert(1)"}]"#,
      message:
        #"error: {catalog}: film 1: field "trailer": expected an object with strings "site" and "key""#
    ),
    RejectedFilm(
      name: "an IMDb id that is a number", json: #"[{"id": 1, "title": "A", "imdb_id": 52357}]"#,
      message: #"error: {catalog}: film 1: field "imdb_id": expected a string"#),
    RejectedFilm(
      name: "a homepage that is a list",
      json: #"[{"id": 1, "title": "A", "homepage": ["https://example.com"]}]"#,
      message: #"error: {catalog}: film 1: field "homepage": expected a string"#),
    RejectedFilm(
      name: "a release date that gives no year, with no year",
      json: #"[{"id": 1, "title": "A", "release_date": "</script>"}]"#,
      message:
        #"error: {catalog}: film 1: field "release_date": expected a date like "1999-10-15""#),
  ]

  @Test(arguments: rejectedFilms)
  func rejectedFilmFailsWithOneLineAndLeavesTheSiteAlone(_ film: RejectedFilm) async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let output = directory.appendingPathComponent("Output")
      let built = try await FilmSiteProcess.run(["build", "--output", output.path, "--quiet"])
      try #require(built.status == 0, "\(built.stderr)")
      let before = try Self.snapshot(of: output)
      #expect(before[".filmsite-manifest"] != nil)
      let state = directory.appendingPathComponent(".Output.filmsite-state")
      let stateBefore = try Data(contentsOf: state)
      let rows = directory.appendingPathComponent(".Output.filmsite-rows")
      let rowsBefore = try Data(contentsOf: rows)

      let catalog = directory.appendingPathComponent("films.json")
      try film.json.write(to: catalog, atomically: true, encoding: .utf8)
      let result = try await FilmSiteProcess.run(
        ["build", "--catalog", catalog.path, "--output", output.path])
      #expect(result.status == 1)
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr == film.message.replacingOccurrences(of: "{catalog}", with: catalog.path)
          + "\n")
      #expect(try Self.snapshot(of: output) == before)
      // Beside it, the state and the rows the next build starts from, as the last build left them.
      #expect(
        try Self.entries(of: directory) == [
          ".Output.filmsite-rows", ".Output.filmsite-state", "Output", "films.json",
        ])
      #expect(try Data(contentsOf: state) == stateBefore)
      #expect(try Data(contentsOf: rows) == rowsBefore)
    }
  }

  @Test func rejectedIDIsNamedOnOneLineWithoutControlCharacters() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let catalog = directory.appendingPathComponent("films.json")
      let id = #"a\u001b[31m\n"# + String(repeating: "x", count: 300)
      try #"[{"id": "\#(id)", "title": "Escapes"}]"#.write(
        to: catalog, atomically: true, encoding: .utf8)
      let result = try await FilmSiteProcess.run(
        [
          "build", "--catalog", catalog.path, "--output",
          directory.appendingPathComponent("Output").path,
        ])
      #expect(result.status == 1)
      #expect(result.stderr.hasPrefix(#"error: film "Escapes": field "id": the id ""#))
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(
        !result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" },
        "\(result.stderr.debugDescription)")
    }
  }

  /// Films are named by title, not by number: once pages are merged and
  /// duplicates dropped, a film's place in the catalog is no longer known.
  @Test func rejectedIDNamesTheFilmByItsTitle() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let catalog = directory.appendingPathComponent("films.json")
      // The second film repeats the first one's id and is dropped; the third has an empty id.
      try #"[{"id": 1, "title": "A"}, {"id": 1, "title": "B"}, {"id": "", "title": "C"}]"#.write(
        to: catalog, atomically: true, encoding: .utf8)
      let result = try await FilmSiteProcess.run(
        [
          "build", "--catalog", catalog.path, "--output",
          directory.appendingPathComponent("Output").path,
        ])
      #expect(result.status == 1)
      #expect(result.stderr == "error: film \"C\": field \"id\": the id is empty\n")
    }
  }

  @Test func encodedIDOf64BytesBuildsAsTheREADMESays() async throws {
    // README: "Ids longer than 128 characters (64 when encoded) are rejected".
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let catalog = directory.appendingPathComponent("films.json")
      let id = String(repeating: "A", count: 64)
      try #"[{"id": "\#(id)", "title": "Sixty four"}]"#.write(
        to: catalog, atomically: true, encoding: .utf8)
      let result = try await FilmSiteProcess.run(
        [
          "build", "--catalog", catalog.path, "--output",
          directory.appendingPathComponent("Output").path,
        ])
      #expect(result.status == 0, "\(result.stderr)")
    }
  }

  @Test func loneSurrogateInAFilmIsReportedWhereItIs() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let catalog = directory.appendingPathComponent("films.json")
      try #"[{"id": "\ud800", "title": "A"}]"#.write(
        to: catalog, atomically: true, encoding: .utf8)
      let result = try await FilmSiteProcess.run(
        [
          "build", "--catalog", catalog.path, "--output",
          directory.appendingPathComponent("Output").path,
        ])
      #expect(result.status == 1)
      #expect(result.stderr.hasPrefix("error: \(catalog.path): "), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1)
      // The file is an array of films: the fault is the escape in film 1, line 1.
      #expect(
        result.stderr.contains("film 1") || result.stderr.contains("line 1, column"),
        "\(result.stderr)")
    }
  }

  // MARK: - Time

  /// Units repeated into overviews of 1 MiB: thousands of images (each one rewritten after
  /// cmark runs), and `![[]()`, which libcmark 0.30.2 parses in time quadratic in its length.
  /// Either finishes in well under a second when the work is linear.
  static let heavyOverviews: [String] = [
    "word ![a](https://example.com/a.png) more text here and there. ",
    "![[]()",
  ]

  @Test(arguments: heavyOverviews)
  func overviewOfOneMebibyteBuildsInSeconds(_ unit: String) async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let catalog = directory.appendingPathComponent("films.json")
      let overview = String(
        String(repeating: unit, count: 1_048_576 / unit.utf8.count + 1).prefix(1_048_576))
      let data = try JSONEncoder().encode([["id": "big", "title": "Big", "overview": overview]])
      try data.write(to: catalog)
      let limit = Duration.seconds(10)
      let status = try await Self.run(
        [
          "build", "--catalog", catalog.path, "--output",
          directory.appendingPathComponent("Output").path, "--quiet",
        ], limit: limit)
      #expect(status != nil, "the build took longer than \(limit); it was stopped")
      #expect(status == nil || status == 0)
    }
  }

  // MARK: - Helpers

  /// The names in a folder, hidden ones too, sorted.
  private static func entries(of directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  /// Every file below `directory` with its bytes.
  private static func snapshot(of directory: URL) throws -> [String: Data] {
    var contents: [String: Data] = [:]
    for file in FilmSiteProcess.files(in: directory) {
      contents[file] = try Data(contentsOf: directory.appendingPathComponent(file))
    }
    return contents
  }

  /// Runs `filmsite` and stops it after `limit`; `nil` when it had to be stopped. It is
  /// waited for off the concurrency pool (``offThePool(_:)``).
  private static func run(_ arguments: [String], limit: Duration) async throws -> Int32? {
    try await offThePool {
      let process = Process()
      process.executableURL = FilmSiteProcess.executable
      process.arguments = arguments
      process.currentDirectoryURL = FilmSiteProcess.repositoryRoot
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      let clock = ContinuousClock()
      let deadline = clock.now + limit
      while process.isRunning, clock.now < deadline {
        Thread.sleep(forTimeInterval: 0.05)
      }
      guard process.isRunning else { return process.terminationStatus }
      process.terminate()
      process.waitUntilExit()
      return nil
    }
  }
}
