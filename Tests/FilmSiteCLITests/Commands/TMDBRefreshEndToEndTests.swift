import Foundation
import Testing

/// `filmsite pull --tmdb --update SNAPSHOT` (and `build --snapshot`) against the fake TMDB:
/// a refresh asks `/movie/changes` for the days since the snapshot, details only for new
/// and changed films, and writes what a full pull of the same state writes.
@Suite struct TMDBRefreshEndToEndTests {
  private static let token = ["TMDB_API_TOKEN": "test-token", "TMDB_API_KEY": ""]

  /// A quiet pull with no rate limit, so that pulling a whole snapshot stays quick; the
  /// refreshes that the tests look at run at the default rate.
  private static func arguments(_ api: FakeTMDB, _ extra: [String]) -> [String] {
    [
      "pull", "--tmdb", "--api", api.baseURL.absoluteString, "--concurrency", "8", "--quiet",
      "--max-rate", "0",
    ] + extra
  }

  /// Runs `filmsite` in `directory` and requires it to succeed.
  private static func run(
    _ arguments: [String], in directory: URL, environment: [String: String] = token,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> FilmSiteProcess.Result {
    let result = try await FilmSiteProcess.run(arguments, in: directory, environment: environment)
    try #require(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
    return result
  }

  /// The bytes of a snapshot from its `results` key on: the films, without the header.
  private static func results(of file: URL) throws -> Data {
    let data = try Data(contentsOf: file)
    let key = try #require(data.range(of: Data(#""results" : "#.utf8)))
    return data[key.lowerBound...]
  }

  /// The snapshot header's `pulledAt`, as written.
  private static func pulledAt(of file: URL) throws -> String {
    struct Snapshot: Decodable {
      struct Header: Decodable { let pulledAt: String }
      let filmsite: Header
    }
    return try JSONDecoder().decode(Snapshot.self, from: Data(contentsOf: file)).filmsite.pulledAt
  }

  /// The film ids of the details requests, and the changes requests, the fake received.
  private static func requests(_ api: FakeTMDB) throws -> (
    details: Set<String>, changes: [FakeTMDB.RecordedRequest]
  ) {
    let requests = try api.requests()
    let changes = requests.filter { $0.path == "/3/movie/changes" }
    let details = requests.filter {
      $0.path.hasPrefix("/3/movie/") && $0.path != "/3/movie/changes"
    }
    return (Set(details.map { String($0.path.dropFirst("/3/movie/".count)) }), changes)
  }

  private static var todayUTC: String {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    return formatter.string(from: Date())
  }

  @Test func aRefreshAsksDetailsOnlyForChangedAndNewFilmsAndWritesWhatAFullPullWrites() async throws
  {
    let api = try FakeTMDB(configuration: .init(films: 2_000))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let snapshot = directory.appendingPathComponent("snapshot.json")
      _ = try await Self.run(Self.arguments(api, ["--out", snapshot.path]), in: directory)

      // 1% changed (20, revised), 0.5% new (10) and 0.5% gone (10), two of which TMDB
      // reports changed too, and 150 changed films outside the catalog.
      let changed = Array(stride(from: 1_050, to: 3_000, by: 100))
      let gone = (1...10).map { 1_000 + 7 * $0 }
      let new = (2_001...2_010).map { 1_000 + $0 }
      try api.configure(
        .init(
          films: 2_010, changed: changed + gone.prefix(2), changesNoise: 150, revised: changed,
          absent: gone))
      let pulledOn = String(try Self.pulledAt(of: snapshot).prefix(10))
      let refresh = try await Self.run(
        ["pull", "--tmdb", "--api", api.baseURL.absoluteString, "--concurrency", "8"]
          + ["--update", snapshot.path], in: directory)
      let (details, changes) = try Self.requests(api)
      #expect(details == Set((changed + new).map(String.init)))
      #expect(changes.map { $0.query["page"] } == ["1", "2"])
      #expect(changes.allSatisfy { $0.query["start_date"] == pulledOn })
      #expect(changes.allSatisfy { $0.query["end_date"] == Self.todayUTC })
      #expect(
        refresh.stdout.contains(
          ", refreshed from \(snapshot.path) (pulled \(pulledOn)): 2 changes pages, 20 changed, 10 new, 10 gone, 1970 unchanged;"
        ), "\(refresh.stdout)")
      #expect(refresh.stdout.contains("2 changes pages, 30 details)"), "\(refresh.stdout)")

      let full = directory.appendingPathComponent("full.json")
      _ = try await Self.run(Self.arguments(api, ["--out", full.path]), in: directory)
      #expect(try Self.results(of: snapshot) == Self.results(of: full))
      let text = String(decoding: try Data(contentsOf: snapshot), as: UTF8.self)
      #expect(text.contains("Revised overview of film 50."))
      #expect(!text.contains(#""id" : "1007""#))
    }
  }

  @Test(arguments: [500, 401])
  func aFailedChangesRequestFailsLoudlyAndLeavesTheSnapshotAsItWas(status: Int) async throws {
    let api = try FakeTMDB()
    let key = ["TMDB_API_TOKEN": "", "TMDB_API_KEY": "test-key"]
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let snapshot = directory.appendingPathComponent("snapshot.json")
      _ = try await Self.run(
        Self.arguments(api, ["--out", snapshot.path]), in: directory, environment: key)
      let before = try Data(contentsOf: snapshot)

      try api.configure(
        .init(faults: ["changes:1": [FakeTMDB.Fault(status: status, always: true)]]))
      let result = try await FilmSiteProcess.run(
        Self.arguments(api, ["--update", snapshot.path, "--retries", "0"]), in: directory,
        environment: key)
      #expect(result.status == 1)
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 1, "\(result.stderr)")
      #expect(result.stderr.contains("changes page 1 of "), "\(result.stderr)")
      #expect(result.stderr.contains("/3/movie/changes?start_date="), "\(result.stderr)")
      #expect(result.stderr.contains("api_key=***"), "\(result.stderr)")
      #expect(!result.stderr.contains("test-key"))
      #expect(result.stderr.contains("HTTP \(status)"), "\(result.stderr)")
      #expect(try Data(contentsOf: snapshot) == before)
      #expect(try Self.requests(api).details.isEmpty)
    }
  }

  /// Writes `file` back with its header's pulledAt `days` days before now.
  private static func age(_ file: URL, days: Int) throws -> String {
    let old = try pulledAt(of: file)
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    let then = formatter.string(from: Date().addingTimeInterval(-Double(days) * 86_400))
    let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    try Data(text.replacingOccurrences(of: old, with: then).utf8).write(to: file)
    return String(then.prefix(10))
  }

  @Test func aSnapshotOfTwentyDaysAgoIsRefreshedInTwoStepsThatEndToday() async throws {
    let api = try FakeTMDB()
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let snapshot = directory.appendingPathComponent("snapshot.json")
      _ = try await Self.run(Self.arguments(api, ["--out", snapshot.path]), in: directory)
      let pulledOn = try Self.age(snapshot, days: 20)
      let before = try Self.results(of: snapshot)

      try api.configure(.init(changed: [1_003]))
      let refresh = try await Self.run(
        Self.arguments(api, ["--update", snapshot.path]).filter { $0 != "--quiet" },
        in: directory)
      let (details, changes) = try Self.requests(api)
      // The steps' first pages are asked at once, so they may arrive in either order.
      let steps = changes.compactMap { request in
        request.query["start_date"].flatMap { start in request.query["end_date"].map { (start, $0) }
        }
      }.sorted { $0.0 < $1.0 }
      #expect(steps.count == 2, "\(steps)")
      #expect(steps.first?.0 == pulledOn)
      #expect(steps.last?.1 == Self.todayUTC)
      let formatter = DateFormatter()
      formatter.dateFormat = "yyyy-MM-dd"
      formatter.timeZone = TimeZone(identifier: "UTC")
      func day(_ text: String) throws -> Int {
        Int(try #require(formatter.date(from: text)).timeIntervalSince1970 / 86_400)
      }
      for (start, end) in steps { #expect(try day(end) - day(start) <= 13) }
      if steps.count == 2 { #expect(try day(steps[1].0) == day(steps[0].1) + 1) }
      #expect(details == ["1003"])
      #expect(
        refresh.stdout.contains(
          "refreshed from \(snapshot.path) (pulled \(pulledOn)): 2 changes pages, 1 changed, 0 new, 0 gone, 44 unchanged"
        ), "\(refresh.stdout)")
      #expect(try Self.results(of: snapshot) == before)
    }
  }

  @Test func aSnapshotWhoseChangesCostMoreThanAFullPullIsPulledFully() async throws {
    let api = try FakeTMDB()
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let snapshot = directory.appendingPathComponent("snapshot.json")
      _ = try await Self.run(Self.arguments(api, ["--out", snapshot.path]), in: directory)
      _ = try Self.age(snapshot, days: 40)
      // Three steps, each reporting every one of the 45 films changed: fetching them all
      // after the changes pages costs more than the 45 details of a full pull.
      try api.configure(.init(changed: (1...45).map { 1000 + $0 }))
      let refresh = try await Self.run(
        Self.arguments(api, ["--update", snapshot.path]).filter { $0 != "--quiet" },
        in: directory)
      let (details, changes) = try Self.requests(api)
      #expect(changes.count == 3)
      #expect(details.count == 45)
      #expect(
        refresh.stdout.contains(
          "full pull: the snapshot is 40 days old and its changes would take more requests than a full pull"
        ), "\(refresh.stdout)")
    }
  }

  @Test func aSnapshotOfAnotherQueryIsPulledFullyAndAMissingOneIsWritten() async throws {
    let api = try FakeTMDB()
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let snapshot = directory.appendingPathComponent("snapshot.json")
      let first = try await Self.run(
        ["pull", "--tmdb", "--api", api.baseURL.absoluteString, "--query", "noir"]
          + ["--update", snapshot.path], in: directory)
      #expect(
        first.stdout.contains(", full pull: \(snapshot.path) did not exist yet;"), "\(first.stdout)"
      )
      #expect(try Self.requests(api).details.count == 23)

      try api.configure(.init())
      let other = try await Self.run(
        ["pull", "--tmdb", "--api", api.baseURL.absoluteString, "--query", "comedy"]
          + ["--update", snapshot.path], in: directory)
      #expect(
        other.stdout.contains(", full pull: the snapshot was pulled for a different search;"),
        "\(other.stdout)")
      let (details, changes) = try Self.requests(api)
      #expect(changes.isEmpty)
      #expect(details.count == 22)
    }
  }

  @Test func updateNeedsTMDBAndRefusesAFileThatIsNotASnapshot() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let catalog = directory.appendingPathComponent("films.json")
      let films = Data(#"[{"id": 1, "title": "One"}]"#.utf8)
      try films.write(to: catalog)
      let usage = try await FilmSiteProcess.run(
        ["pull", "--catalog", catalog.path, "--update", catalog.path], in: directory)
      #expect(usage.status == 64)
      #expect(usage.stderr.contains("option '--update' needs --tmdb"), "\(usage.stderr)")

      let api = try FakeTMDB()
      let refused = try await FilmSiteProcess.run(
        Self.arguments(api, ["--update", catalog.path]), in: directory, environment: Self.token)
      #expect(refused.status == 1)
      #expect(
        refused.stderr.contains("\(catalog.path): not a snapshot to refresh: "), "\(refused.stderr)"
      )
      #expect(try Data(contentsOf: catalog) == films)
      #expect(try api.requests().isEmpty)
    }
  }

  @Test func buildWithASnapshotRefreshesItAndBuildsFromIt() async throws {
    let api = try FakeTMDB()
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let snapshot = directory.appendingPathComponent("snapshot.json")
      let output = directory.appendingPathComponent("Output")
      let build = [
        "build", "--tmdb", "--api", api.baseURL.absoluteString, "--snapshot", snapshot.path,
        "--output", output.path,
      ]
      let first = try await Self.run(build, in: directory)
      #expect(first.stdout.hasPrefix("Built 45 films"), "\(first.stdout)")
      #expect(first.stdout.contains("; full pull: \(snapshot.path) did not exist yet"))

      try api.configure(.init(changed: [1_002], revised: [1_002]))
      let second = try await Self.run(build, in: directory)
      #expect(try Self.requests(api).details == ["1002"])
      #expect(second.stdout.contains("1 changed, 0 new, 0 gone, 44 unchanged"), "\(second.stdout)")
      let page = try String(
        contentsOf: output.appendingPathComponent("films/1002-comedy-film-2/index.html"),
        encoding: .utf8)
      #expect(page.contains("Revised overview of film 2."))

      try api.configure(.init(revised: [1_002]))
      let third = try await Self.run(build, in: directory)
      #expect(third.stdout.contains("(already up to date"), "\(third.stdout)")
      #expect(try Self.requests(api).details.isEmpty)
    }
  }
}
