import Foundation
import Testing

/// The GitHub Actions workflow that `filmsite init --github-pages` writes: checked against
/// GitHub's workflow schema (`check-jsonschema`), and its `run:` steps run in order on this
/// machine by `Fixtures/run-workflow.py`, against the fake TMDB, with the built `filmsite`
/// standing in for the cached one.
@Suite struct GitHubPagesWorkflowTests {
  private static let fixtures = FilmSiteProcess.repositoryRoot
    .appendingPathComponent("Tests/FilmSiteCLITests/Fixtures")
  private static let harness = fixtures.appendingPathComponent("run-workflow.py").path
  private static let starter = FilmSiteProcess.repositoryRoot
    .appendingPathComponent("Sources/FilmSiteCLI/Init/Starter/github-pages.yml")
  /// What actions/configure-pages gives a project site: no trailing slash.
  private static let pagesURL = "https://example.github.io/demo"
  private static let token = "test-token"
  private static let installHint =
    "run scripts/ensure-dependencies test, which installs it, and put .build/tools/venv/bin "
    + "on PATH as scripts/test does"

  /// The report `run-workflow.py --report` writes.
  private struct Report: Decodable {
    struct Job: Decodable {
      let id: String
      let status: String
      let steps: [Step]
    }

    struct Step: Decodable {
      let name: String
      let status: String
    }

    let jobs: [Job]

    func job(_ id: String) -> Job? { jobs.first { $0.id == id } }

    /// The status of each step of `job`, by name.
    func statuses(of job: String) -> [String: String] {
      Dictionary(
        (self.job(job)?.steps ?? []).map { ($0.name, $0.status) }, uniquingKeysWith: { $1 })
    }
  }

  /// What the harness substitutes for `${{ }}`: a run on GitHub with these secrets.
  private struct Context: Encodable {
    struct Outputs: Encodable { let outputs: [String: String] }

    var github = ["run_id": "4242", "run_attempt": "1", "repository": "example/demo"]
    var secrets: [String: String]
    var steps = ["pages": Outputs(outputs: ["base_url": GitHubPagesWorkflowTests.pagesURL])]
  }

  /// A change that makes the workflow invalid, for a schema check that must fail.
  enum Breakage: String, CaseIterable, CustomTestStringConvertible {
    case jobWithoutRunsOn
    case unknownEvent

    var testDescription: String { rawValue }

    func apply(to workflow: String) -> String {
      switch self {
      case .jobWithoutRunsOn:
        return workflow.split(separator: "\n", omittingEmptySubsequences: false)
          .filter { !$0.contains("runs-on:") }.joined(separator: "\n")
      case .unknownEvent:
        return workflow.replacingOccurrences(
          of: "\n  workflow_dispatch:", with: "\n  workflow_dispatched:")
      }
    }
  }

  // MARK: - Helpers

  /// `filmsite init demo --github-pages` in `directory`; with `api`, the new project's
  /// `filmsite.toml` pulls from it instead of reading `films.json`.
  private func makeProject(
    in directory: URL, pullingFrom api: FakeTMDB? = nil, tmdbSettings: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> URL {
    let result = try await FilmSiteProcess.run(["init", "demo", "--github-pages"], in: directory)
    try #require(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
    let project = directory.appendingPathComponent("demo")
    guard let api else { return project }
    let settings = project.appendingPathComponent("filmsite.toml")
    let lines = try String(contentsOf: settings, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    let kept = lines.filter { !$0.hasPrefix("catalog =") && !$0.hasPrefix("catalog=") }
    try #require(
      kept.count == lines.count - 1, "filmsite.toml has no catalog line to remove",
      sourceLocation: sourceLocation)
    let table =
      ["", "[source.tmdb]", "url = \"\(api.baseURL.absoluteString)\"", "query = \"noir\""]
      + tmdbSettings
    try (kept.joined(separator: "\n") + table.joined(separator: "\n") + "\n")
      .write(to: settings, atomically: true, encoding: .utf8)
    return project
  }

  private func workflowFile(of project: URL) -> URL {
    project.appendingPathComponent(".github/workflows/filmsite.yml")
  }

  /// Validates `file` with check-jsonschema's copy of GitHub's workflow schema.
  private func checkSchema(_ file: URL, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
    -> (status: Int32, output: String)
  {
    let result = try await FilmSiteProcess.runTool([
      "check-jsonschema", "--builtin-schema", "vendor.github-workflows", file.path,
    ])
    try #require(
      result.status != 127,
      "check-jsonschema is not on PATH: \(Self.installHint)",
      sourceLocation: sourceLocation)
    return result
  }

  /// Runs the project's workflow with `run-workflow.py`. With `cachedBinary`, the filmsite
  /// cache restores the `filmsite` built for these tests, so its build step is skipped.
  private func runWorkflow(
    of project: URL, secrets: [String: String], cachedBinary: Bool = true,
    cachedSnapshot: URL? = nil, workflow: URL? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> (status: Int32, output: String, report: Report?) {
    let scratch = project.deletingLastPathComponent()
    let context = scratch.appendingPathComponent("context.json")
    try JSONEncoder().encode(Context(secrets: secrets)).write(to: context)
    let report = scratch.appendingPathComponent("report.json")
    try? FileManager.default.removeItem(at: report)
    var arguments = [
      "python3", "-B", Self.harness, (workflow ?? workflowFile(of: project)).path,
      "--workdir", project.path, "--context", context.path, "--report", report.path,
      "--step-timeout", "300",
    ]
    if cachedBinary {
      arguments += ["--cache-hit", "filmsite-cache=\(FilmSiteProcess.executable.path)"]
    }
    if let cachedSnapshot {
      arguments += ["--cache-hit", "snapshot-cache=\(cachedSnapshot.path)"]
    }
    let result = try await FilmSiteProcess.runTool(arguments)
    try #require(
      result.status != 127, "python3 is not on PATH: \(result.output)",
      sourceLocation: sourceLocation)
    let decoded = try? JSONDecoder().decode(Report.self, from: Data(contentsOf: report))
    return (result.status, result.output, decoded)
  }

  /// The folder name below `films/` of each film page in `output`.
  private func filmPages(in output: URL) -> [String] {
    FilmSiteProcess.files(in: output)
      .filter { $0.hasPrefix("films/") && $0.hasSuffix("/index.html") }
      .map { String($0.dropFirst("films/".count).dropLast("/index.html".count)) }
  }

  private func filmIDs(inCatalog file: URL) throws -> [String] {
    struct Catalog: Decodable {
      struct Film: Decodable {
        let id: String
        init(from decoder: any Decoder) throws {
          let container = try decoder.container(keyedBy: CodingKeys.self)
          id =
            try (try? container.decode(Int.self, forKey: .id)).map(String.init)
            ?? container.decode(String.self, forKey: .id)
        }
        private enum CodingKeys: String, CodingKey { case id }
      }
      let results: [Film]
    }
    let data = try Data(contentsOf: file)
    if let films = try? JSONDecoder().decode([Catalog.Film].self, from: data) {
      return films.map(\.id)
    }
    return try JSONDecoder().decode(Catalog.self, from: data).results.map(\.id)
  }

  // MARK: - The file

  @Test func initWritesTheStarterWorkflowAndItMatchesGitHubsSchema() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let written = workflowFile(of: try await makeProject(in: directory))
      #expect(try Data(contentsOf: written) == Data(contentsOf: Self.starter))
      let result = try await checkSchema(written)
      #expect(result.status == 0, "\(result.output)")
    }
  }

  @Test(arguments: Breakage.allCases)
  func aBrokenCopyFailsTheSchema(breakage: Breakage) async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let written = workflowFile(of: try await makeProject(in: directory))
      let original = try String(contentsOf: written, encoding: .utf8)
      let broken = breakage.apply(to: original)
      try #require(broken != original, "the breakage changed nothing")
      let copy = directory.appendingPathComponent("broken.yml")
      try broken.write(to: copy, atomically: true, encoding: .utf8)
      let result = try await checkSchema(copy)
      #expect(result.status == 1, "\(result.output)")
      #expect(result.output.contains("Schema validation errors"), "\(result.output)")
    }
  }

  @Test func everyRunScriptPassesBashSyntaxCheck() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let written = workflowFile(of: try await makeProject(in: directory))
      let result = try await FilmSiteProcess.runTool([
        "python3", "-B", Self.harness, written.path, "--syntax-check",
      ])
      #expect(result.status == 0, "\(result.output)")
      let checked = result.output.split(separator: "\n").filter { $0.hasSuffix(": bash -n passed") }
      // The build step is checked too, though a cache hit skips it in the runs below.
      for step in ["Install libcmark", "Build filmsite", "Pull the films", "Build the site"] {
        #expect(checked.contains { $0.contains("/ \(step): ") }, "\(result.output)")
      }
      #expect(!result.output.contains("failed"), "\(result.output)")
    }
  }

  // MARK: - Runs

  @Test func withATokenItPullsFromTMDBAndBuildsAndChecksTheSnapshot() async throws {
    let api = try FakeTMDB()
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let project = try await makeProject(in: directory, pullingFrom: api)
      let run = try await runWorkflow(of: project, secrets: ["TMDB_API_TOKEN": Self.token])
      #expect(run.status == 0, "\(run.output)")
      let report = try #require(run.report, "no report: \(run.output)")
      let steps = report.statuses(of: "build")
      #expect(steps["Build filmsite"] == "skipped", "\(run.output)")
      #expect(
        run.output.contains(
          "Build filmsite: skipped: if: steps.filmsite-cache.outputs.cache-hit != 'true' is false"),
        "\(run.output)")
      #expect(steps["Pull the films"] == "success")
      #expect(steps["Build the site"] == "success")
      #expect(steps["Check the site"] == "success")
      #expect(steps["Upload the site"] == "not-run")
      #expect(report.job("deploy")?.status == "success")

      // 23 of the fake's 45 films are "Noir Film n", n odd: ids 1001, 1003, … 1045.
      let noir = stride(from: 1, through: 45, by: 2).map { String(1000 + $0) }
      let snapshot = project.appendingPathComponent(".filmsite-ci/snapshot.json")
      #expect(try filmIDs(inCatalog: snapshot) == noir)
      #expect(
        try api.requests().allSatisfy { $0.headers["authorization"] == "Bearer \(Self.token)" })

      let output = project.appendingPathComponent("Output")
      #expect(
        FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
      let pages = filmPages(in: output)
      #expect(pages.count == noir.count)
      #expect(Set(pages.map { String($0.prefix { $0 != "-" }) }) == Set(noir))
      let sitemap = try String(
        contentsOf: output.appendingPathComponent("sitemap.xml"), encoding: .utf8)
      #expect(sitemap.contains("<loc>\(Self.pagesURL)/</loc>"), "\(sitemap)")
      #expect(sitemap.contains("<loc>\(Self.pagesURL)/films/1001-noir-film-1/</loc>"))
    }
  }

  @Test func aLaterRunRefreshesTheRestoredSnapshot() async throws {
    let api = try FakeTMDB()
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let project = try await makeProject(in: directory, pullingFrom: api)
      let first = try await runWorkflow(of: project, secrets: ["TMDB_API_TOKEN": Self.token])
      #expect(first.status == 0, "\(first.output)")
      #expect(first.output.contains("full pull: .filmsite-ci/snapshot.json did not exist yet"))
      let cached = directory.appendingPathComponent("cached-snapshot.json")
      // Moved out of the checkout: only the cache restore can bring it back.
      try FileManager.default.moveItem(
        at: project.appendingPathComponent(".filmsite-ci/snapshot.json"), to: cached)

      try api.configure(.init(changed: [1_003]))
      let second = try await runWorkflow(
        of: project, secrets: ["TMDB_API_TOKEN": Self.token], cachedSnapshot: cached)
      #expect(second.status == 0, "\(second.output)")
      #expect(
        second.output.contains("1 changed, 0 new, 0 gone, 22 unchanged"), "\(second.output)")
      let details = try api.requests().filter {
        $0.path.hasPrefix("/3/movie/") && $0.path != "/3/movie/changes"
      }
      #expect(details.map(\.path) == ["/3/movie/1003"])
    }
  }

  @Test func withoutATokenItBuildsTheCommittedCatalogAndPullsNothing() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let project = try await makeProject(in: directory)
      let run = try await runWorkflow(of: project, secrets: [:])
      #expect(run.status == 0, "\(run.output)")
      let report = try #require(run.report, "no report: \(run.output)")
      let steps = report.statuses(of: "build")
      #expect(steps["Pull the films"] == "skipped")
      #expect(steps["Restore the last pulled films"] == "skipped")
      #expect(steps["Save the pulled films"] == "skipped")
      #expect(run.output.contains("Pull the films: skipped: if: "), "\(run.output)")
      #expect(!run.output.contains("Pulled "), "\(run.output)")
      #expect(steps["Check the site"] == "success")
      #expect(report.job("deploy")?.status == "success")
      #expect(
        !FileManager.default.fileExists(
          atPath: project.appendingPathComponent(".filmsite-ci/snapshot.json").path))

      let output = project.appendingPathComponent("Output")
      let committed = try filmIDs(inCatalog: project.appendingPathComponent("films.json"))
      #expect(committed.count == 6)
      let pages = filmPages(in: output)
      #expect(Set(pages.map { String($0.prefix { $0 != "-" }) }) == Set(committed))
      let sitemap = try String(
        contentsOf: output.appendingPathComponent("sitemap.xml"), encoding: .utf8)
      #expect(sitemap.contains("<loc>\(Self.pagesURL)/</loc>"), "\(sitemap)")
    }
  }

  @Test func aFailingPullEndsTheRunBeforeTheSiteIsUploadedOrDeployed() async throws {
    let failing = [FakeTMDB.Fault(status: 500, always: true)]
    let api = try FakeTMDB(configuration: .init(faults: ["genres": failing, "search:1": failing]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let project = try await makeProject(
        in: directory, pullingFrom: api, tmdbSettings: ["retries = 0"])
      let run = try await runWorkflow(of: project, secrets: ["TMDB_API_TOKEN": Self.token])
      #expect(run.status == 1, "\(run.output)")
      let report = try #require(run.report, "no report: \(run.output)")
      let steps = report.statuses(of: "build")
      #expect(steps["Pull the films"] == "failure", "\(run.output)")
      #expect(steps["Save the pulled films"] == "skipped")
      #expect(steps["Build the site"] == "skipped")
      #expect(steps["Upload the site"] == "skipped")
      #expect(report.job("build")?.status == "failure")
      #expect(report.job("deploy")?.status == "skipped")
      #expect(run.output.contains("deploy: skipped: needs build"), "\(run.output)")
      #expect(try !api.requests().isEmpty)
      #expect(
        !FileManager.default.fileExists(atPath: project.appendingPathComponent("Output").path))
    }
  }

  @Test func withoutACachedBinaryTheBuildStepAsksForTheFilmSiteSource() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let project = try await makeProject(in: directory)
      let run = try await runWorkflow(of: project, secrets: [:], cachedBinary: false)
      #expect(run.status == 1, "\(run.output)")
      let report = try #require(run.report, "no report: \(run.output)")
      #expect(report.statuses(of: "build")["Build filmsite"] == "failure")
      let error = run.output.split(separator: "\n").first { $0.hasPrefix("::error") }
      #expect(error?.contains("Set FILMSITE_REPOSITORY") == true, "\(run.output)")
      #expect(error?.contains("FILMSITE_REF") == true, "\(run.output)")
      #expect(report.job("deploy")?.status == "skipped")
    }
  }

  @Test func theHarnessStopsAtAConditionItCannotEvaluate() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let project = try await makeProject(in: directory)
      let original = try String(contentsOf: workflowFile(of: project), encoding: .utf8)
      let changed = original.replacingOccurrences(
        of: "if: env.PULL_FILMS == 'true'", with: "if: contains(env.PULL_FILMS, 'true')")
      try #require(changed != original)
      let copy = directory.appendingPathComponent("changed.yml")
      try changed.write(to: copy, atomically: true, encoding: .utf8)
      let run = try await runWorkflow(of: project, secrets: [:], workflow: copy)
      #expect(run.status == 2, "\(run.output)")
      #expect(run.output.contains("the function contains() "), "\(run.output)")
      #expect(run.report == nil)
    }
  }
}
