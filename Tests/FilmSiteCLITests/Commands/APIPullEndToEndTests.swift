import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `filmsite build --api` and `filmsite pull` against a real local HTTP server
/// that misbehaves on command. Assertions read what the server saw, not only
/// what FilmSite says.
@Suite struct APIPullEndToEndTests {
  private typealias Fault = FakeFilmAPI.Fault

  /// Runs `filmsite` with `arguments` against `api`, writing into a fresh folder.
  private func build(
    _ api: FakeFilmAPI, _ arguments: [String] = [], output: URL, environment: [String: String] = [:]
  ) async throws -> FilmSiteProcess.Result {
    try await FilmSiteProcess.run(
      ["build", "--api", api.baseURL.absoluteString, "--output", output.path] + arguments,
      environment: environment)
  }

  /// The last line of `text`: an error follows any progress lines.
  private func lastLine(_ text: String) -> String {
    String(text.split(separator: "\n").last ?? "")
  }

  private func pages(_ api: FakeFilmAPI) throws -> [Int] {
    try api.requests().compactMap(\.page)
  }

  private func pulledIDs(_ file: URL) throws -> [Int] {
    struct Snapshot: Decodable {
      struct Film: Decodable { let id: String }
      let results: [Film]
    }
    return try JSONDecoder().decode(Snapshot.self, from: Data(contentsOf: file)).results.compactMap
    {
      Int($0.id)
    }
  }

  @Test func pullsPagesUntilTheFirstEmptyOne() async throws {
    let api = try FakeFilmAPI(configuration: .init(films: 45, totalPages: .omit))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let result = try await build(api, output: directory.appendingPathComponent("Output"))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("Built 45 films, 2 index pages and 96 browse pages"))
      #expect(result.stdout.hasSuffix("; 4 requests, 0 retries\n"))
      #expect(try pages(api) == [1, 2, 3, 4])
    }
  }

  @Test func stopsAtTotalPagesEvenWhenThereIsMoreData() async throws {
    let api = try FakeFilmAPI(configuration: .init(films: 100, totalPages: .value(2)))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let result = try await build(
        api, ["--concurrency", "4"], output: directory.appendingPathComponent("Output"))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("Built 40 films"))
      #expect(try pages(api).sorted() == [1, 2])
    }
  }

  @Test func readsABareArrayAPI() async throws {
    let api = try FakeFilmAPI(configuration: .init(films: 30, shape: .array))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let result = try await build(api, output: directory.appendingPathComponent("Output"))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("Built 30 films"))
      #expect(try pages(api) == [1, 2, 3])
    }
  }

  @Test func shiftingResultsAreDroppedAndPageOrderKept() async throws {
    let api = try FakeFilmAPI(configuration: .init(films: 60, totalPages: .omit, shift: 3))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let out = directory.appendingPathComponent("films.json")
      let result = try await FilmSiteProcess.run([
        "pull", "--api", api.baseURL.absoluteString, "--out", out.path,
      ])
      #expect(result.status == 0, "\(result.stderr)")
      let ids = try pulledIDs(out)
      #expect(ids == Array(1...60))
      // Pages overlap by 3 films: pages 2, 3 and 4 each repeat 3 of the page before.
      #expect(result.stdout.hasPrefix("Pulled 60 films (9 duplicates dropped) into "))
    }
  }

  @Test func pullWritesASnapshotThatBuildsOfflineAndIsDeterministic() async throws {
    let api = try FakeFilmAPI(configuration: .init(films: 45))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let first = directory.appendingPathComponent("first.json")
      let second = directory.appendingPathComponent("second.json")
      for file in [first, second] {
        let result = try await FilmSiteProcess.run(
          ["pull", "--api", api.baseURL.absoluteString + "?api_key=k-SECRET", "--out", file.path])
        #expect(result.status == 0, "\(result.stderr)")
      }
      // Everything but the pull time is the same, byte for byte.
      func withoutPullTime(_ file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
          .filter { !$0.contains("\"pulledAt\"") }.map(String.init)
      }
      #expect(try withoutPullTime(first) == withoutPullTime(second))
      let text = try String(contentsOf: first, encoding: .utf8)
      #expect(text.contains(#""source" : "http://127.0.0.1:\#(api.port)/search?api_key=***""#))
      #expect(!text.contains("k-SECRET"))

      api.stop()
      let output = directory.appendingPathComponent("Output")
      let offline = try await FilmSiteProcess.run([
        "build", "--catalog", first.path, "--output", output.path,
      ])
      #expect(offline.status == 0, "\(offline.stderr)")
      #expect(offline.stdout.hasPrefix("Built 45 films"))
    }
  }

  @Test func honoursRetryAfterOn429ThenSucceeds() async throws {
    let api = try FakeFilmAPI(
      configuration: .init(films: 30, faults: [2: [.status(429, retryAfter: "1")]]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let result = try await build(api, output: directory.appendingPathComponent("Output"))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasSuffix("; 3 requests, 1 retries\n"))
      let second = try api.requests().filter { $0.page == 2 }
      #expect(second.count == 2)
      if second.count == 2, let firstEnd = second[0].end {
        #expect(second[1].start - firstEnd >= 0.9, "Retry-After: 1 was not honoured")
      }
    }
  }

  @Test func retries503TwiceThenSucceeds() async throws {
    let api = try FakeFilmAPI(
      configuration: .init(films: 30, faults: [1: [.status(503), .status(503)]]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let result = try await build(api, output: directory.appendingPathComponent("Output"))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(try pages(api) == [1, 1, 1, 2])
    }
  }

  @Test func aPageThatAlwaysFailsEndsTheBuildAndLeavesTheSite() async throws {
    let api = try FakeFilmAPI(
      configuration: .init(
        films: 100, faults: [2: [Fault.status(500, body: "database down").persistent]]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let output = directory.appendingPathComponent("Output")
      let sample = try await FilmSiteProcess.run(["build", "--output", output.path, "--quiet"])
      #expect(sample.status == 0)
      let before = FilmSiteProcess.files(in: output)
      let index = try Data(contentsOf: output.appendingPathComponent("index.html"))

      let result = try await build(api, ["--retries", "2"], output: output)
      #expect(result.status == 1)
      let url = api.searchURL(page: 2).absoluteString
      #expect(
        lastLine(result.stderr)
          == "error: page 2: GET \(url): HTTP 500 (after 3 attempts); body starts: database down")
      #expect(try pages(api) == [1, 2, 2, 2])
      #expect(FilmSiteProcess.files(in: output) == before)
      #expect(try Data(contentsOf: output.appendingPathComponent("index.html")) == index)
    }
  }

  @Test func allowPartialBuildsFromThePagesBeforeTheFailureWithAWarning() async throws {
    let api = try FakeFilmAPI(
      configuration: .init(films: 100, faults: [3: [Fault.status(500).persistent]]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let result = try await build(
        api, ["--retries", "0", "--allow-partial"],
        output: directory.appendingPathComponent("Output"))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("Built 40 films"))
      #expect(result.stdout.contains("INCOMPLETE"))
      #expect(
        lastLine(result.stderr).hasPrefix(
          "warning: THE SITE IS INCOMPLETE (--allow-partial): page 3: "))
    }
  }

  @Test func malformedJSONNamesThePageAndIsNotRetried() async throws {
    let api = try FakeFilmAPI(configuration: .init(films: 200, faults: [7: [.malformed]]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let result = try await build(api, output: directory.appendingPathComponent("Output"))
      #expect(result.status == 1)
      #expect(
        lastLine(result.stderr).hasPrefix(
          "error: page 7: GET \(api.searchURL(page: 7).absoluteString): not film JSON: line 1, column "
        ))
      #expect(result.stderr.contains("; body starts: {"))
      #expect(try pages(api).filter { $0 == 7 }.count == 1)
    }
  }

  @Test func aResponseSlowerThanTheTimeoutFails() async throws {
    let api = try FakeFilmAPI(
      configuration: .init(films: 30, faults: [1: [Fault.sleep(milliseconds: 4000).persistent]]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let result = try await build(
        api, ["--timeout", "1", "--retries", "1"],
        output: directory.appendingPathComponent("Output"))
      #expect(result.duration < .seconds(4))
      #expect(result.status == 1)
      #expect(
        lastLine(result.stderr)
          == "error: page 1: GET \(api.searchURL(page: 1).absoluteString): no response within 1 s (--timeout) (after 2 attempts)"
      )
    }
  }

  @Test func aConnectionDroppedMidBodyIsRetried() async throws {
    let api = try FakeFilmAPI(configuration: .init(films: 30, faults: [1: [.drop]]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let result = try await build(api, output: directory.appendingPathComponent("Output"))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(try pages(api) == [1, 1, 2])
    }
    let failing = try FakeFilmAPI(
      configuration: .init(films: 30, faults: [1: [Fault.drop.persistent]]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let result = try await build(
        failing, ["--retries", "0"], output: directory.appendingPathComponent("Output"))
      #expect(result.status == 1)
      #expect(lastLine(result.stderr).hasPrefix("error: page 1: GET "))
    }
  }

  @Test(arguments: [false, true])
  func aResponseOverTheSizeLimitFailsThatPage(chunked: Bool) async throws {
    let api = try FakeFilmAPI(
      configuration: .init(films: 30, faults: [2: [.huge(bytes: 5_000_000, chunked: chunked)]]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let result = try await build(
        api, ["--max-response-bytes", "100000"], output: directory.appendingPathComponent("Output"))
      #expect(result.status == 1)
      #expect(
        lastLine(result.stderr)
          == "error: page 2: GET \(api.searchURL(page: 2).absoluteString): the response is larger than 100000 bytes (--max-response-bytes)"
      )
    }
  }

  @Test func followsARedirect() async throws {
    let api = try FakeFilmAPI(
      configuration: .init(films: 30, faults: [2: [.redirect(to: "/search?query=&page=2&moved=1")]])
    )
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let result = try await build(api, output: directory.appendingPathComponent("Output"))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("Built 30 films"))
      #expect(try api.requests().contains { $0.query["moved"] == "1" })
    }
  }

  @Test func fourInFlightKeepPageOrderAndRequestEachPageOnce() async throws {
    // Page 1 answers last, so responses arrive out of order.
    let api = try FakeFilmAPI(
      configuration: .init(films: 200, pageDelayMilliseconds: [1: 400, 2: 200, 3: 50, 5: 300]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let out = directory.appendingPathComponent("films.json")
      let result = try await FilmSiteProcess.run(
        ["pull", "--api", api.baseURL.absoluteString, "--out", out.path, "--concurrency", "4"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(try pulledIDs(out) == Array(1...200))
      let pages = try pages(api)
      #expect(pages.sorted() == Array(1...10))
      #expect(try api.stats().maxInFlight <= 4)
      #expect(try api.stats().maxInFlight >= 2)
    }
  }

  @Test func secretsNeverAppearInErrors() async throws {
    let api = try FakeFilmAPI(
      configuration: .init(
        films: 30,
        faults: [1: [Fault.status(500, body: "token tok-SECRET-1 and hdr-SECRET-2").persistent]]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      var url = URLComponents(url: api.baseURL, resolvingAgainstBaseURL: false)
      url?.queryItems = [URLQueryItem(name: "api_key", value: "key-SECRET-3")]
      let address = try #require(url?.url).absoluteString
      let result = try await FilmSiteProcess.run(
        [
          "build", "--api", address, "--header", "X-Api-Key: hdr-SECRET-2", "--retries", "0",
          "--output", directory.appendingPathComponent("Output").path,
        ],
        environment: ["FILMSITE_API_TOKEN": "tok-SECRET-1"])
      #expect(result.status == 1)
      for secret in ["tok-SECRET-1", "hdr-SECRET-2", "key-SECRET-3"] {
        #expect(!result.stderr.contains(secret), "\(secret) in \(result.stderr)")
        #expect(!result.stdout.contains(secret))
      }
      #expect(result.stderr.contains("api_key=***"))
      let seen = try api.requests().first
      #expect(seen?.headers["authorization"] == "Bearer tok-SECRET-1")
      #expect(seen?.headers["x-api-key"] == "hdr-SECRET-2")
    }
  }

  @Test func unauthorizedNamesTheStatusWithoutTheToken() async throws {
    let api = try FakeFilmAPI(
      configuration: .init(
        films: 30, requireHeader: .init(name: "Authorization", value: "Bearer right")))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let result = try await build(
        api, output: directory.appendingPathComponent("Output"),
        environment: ["FILMSITE_API_TOKEN": "wrong-token"])
      #expect(result.status == 1)
      #expect(result.stderr.contains(": HTTP 401; body starts: "))
      #expect(!result.stderr.contains("wrong-token"))
    }
  }

  @Test func builtSiteFromTheAPIChecksClean() async throws {
    let api = try FakeFilmAPI(configuration: .init(films: 95))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let output = directory.appendingPathComponent("Output")
      let result = try await build(api, ["--concurrency", "3"], output: output)
      #expect(result.status == 0, "\(result.stderr)")
      let check = try await FilmSiteProcess.run(["check", "--output", output.path])
      #expect(check.status == 0, "\(check.stderr)")
      #expect(FilmSiteProcess.files(in: output).filter { $0.hasPrefix("films/") }.count == 95)
    }
  }

  @Test func ctrlCStopsThePullPromptlyAndLeavesTheSite() async throws {
    let api = try FakeFilmAPI(configuration: .init(films: 2000, delayMilliseconds: 300))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let output = directory.appendingPathComponent("Output")
      #expect(
        try await FilmSiteProcess.run(["build", "--output", output.path, "--quiet"]).status == 0)
      let before = FilmSiteProcess.files(in: output)
      // Started, interrupted and waited for in one turn (``offThePool(_:)``), so that the
      // time to stop is not a wait for a turn.
      let url = api.baseURL.absoluteString
      let (status, stop, message) = try await offThePool {
        let process = Process()
        process.executableURL = FilmSiteProcess.executable
        process.arguments = ["build", "--api", url, "--output", output.path]
        process.currentDirectoryURL = FilmSiteProcess.repositoryRoot
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = Pipe()
        try process.run()
        Thread.sleep(forTimeInterval: 1)
        let start = ContinuousClock.now
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let stop = ContinuousClock.now - start
        let message = String(
          decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, stop, message)
      }
      #expect(stop < .seconds(2))
      #expect(status == 130)
      #expect(message.hasSuffix("interrupted; the output was left as it was\n"))
      #expect(FilmSiteProcess.files(in: output) == before)
    }
  }
}
