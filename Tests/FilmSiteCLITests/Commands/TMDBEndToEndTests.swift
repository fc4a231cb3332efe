import Foundation
import Testing

/// `filmsite build --tmdb` and `filmsite pull --tmdb` against a local fake of TMDB's API v3
/// (`Fixtures/fake-tmdb-api.py`). Assertions read what the server saw, not only what
/// FilmSite says.
@Suite struct TMDBEndToEndTests {
  private typealias Fault = FakeTMDB.Fault

  /// The fake's default token, with TMDB_API_KEY cleared so the test's own environment
  /// cannot change which credential is used.
  private static let token = ["TMDB_API_TOKEN": "test-token", "TMDB_API_KEY": ""]
  private static let key = ["TMDB_API_TOKEN": "", "TMDB_API_KEY": "test-key"]
  private static let credit =
    "This product uses the TMDB API but is not endorsed or certified by TMDB."

  /// Runs `filmsite <command> --tmdb --api <fake>` with `arguments`.
  private func run(
    _ command: String, _ api: FakeTMDB, _ arguments: [String],
    environment: [String: String] = token
  ) async throws -> FilmSiteProcess.Result {
    try await FilmSiteProcess.run(
      [command, "--tmdb", "--api", api.baseURL.absoluteString] + arguments,
      environment: environment)
  }

  private func lastLine(_ text: String) -> String {
    String(text.split(separator: "\n").last ?? "")
  }

  /// The page of the film with id `id`, below `output`.
  private func filmPage(_ id: Int, in output: URL) throws -> String {
    let folder = try #require(
      FilmSiteProcess.files(in: output).first { $0.hasPrefix("films/\(id)-") })
    return try String(contentsOf: output.appendingPathComponent(folder), encoding: .utf8)
  }

  private func detailsPaths(_ api: FakeTMDB) throws -> [String] {
    try api.requests().map(\.path).filter { $0.hasPrefix("/3/movie/") }
  }

  @Test func buildsFilmPagesWithDirectorRuntimeGenresAndTheTMDBCredit() async throws {
    let api = try FakeTMDB()
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let output = directory.appendingPathComponent("Output")
      let result = try await run("build", api, ["--query", "noir", "--output", output.path])
      #expect(result.status == 0, "\(result.stderr)")
      // 23 of the 45 films are "Noir Film n": 2 search pages, 23 details, 1 genre list.
      #expect(result.stdout.hasPrefix("Built 23 films, 1 index page and "))
      #expect(
        result.stdout.hasSuffix(
          "; 26 requests (1 genre list, 2 search pages, 23 details), 0 retries\n"))

      let film = try filmPage(1005, in: output)
      #expect(film.contains("<h1>Noir Film 5</h1>"))
      #expect(film.contains(#"<p><a href="../../years/1945/">1945</a> · 85 min</p>"#))
      #expect(
        film.contains(
          #"<p>Directed by <a href="../../directors/director-5-co-director-5/">Director 5 &amp; Co-Director 5</a></p>"#
        ))
      #expect(
        film.contains(
          #"<p><a href="../../genres/crime/">Crime</a> · <a href="../../genres/drama/">Drama</a></p>"#
        ))
      #expect(film.contains(#"src="https://image.tmdb.org/t/p/w342/p5.jpg""#))
      let index = try String(
        contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
      #expect(index.contains(Self.credit))
      #expect(index.contains(#"<a href="https://www.themoviedb.org/">"#))

      let requests = try api.requests()
      #expect(requests.allSatisfy { $0.headers["authorization"] == "Bearer test-token" })
      #expect(requests.allSatisfy { $0.query["api_key"] == nil })
      let searches = requests.filter { $0.path == "/3/search/movie" }
      #expect(searches.map { $0.query["page"] } == ["1", "2"])
      #expect(searches.allSatisfy { $0.query["query"] == "noir" })
      #expect(requests.filter { $0.path == "/3/genre/movie/list" }.count == 1)
      #expect(
        try detailsPaths(api).sorted()
          == (1...45).filter { $0 % 2 == 1 }.map { "/3/movie/\(1000 + $0)" }
          .sorted())
      #expect(
        requests.filter { $0.path.hasPrefix("/3/movie/") }
          .allSatisfy { $0.query["append_to_response"] == "credits,videos,external_ids" })

      let check = try await FilmSiteProcess.run(["check", "--output", output.path])
      #expect(check.status == 0, "\(check.stderr)")
    }
  }

  @Test func filmsWithMissingFieldsBuildLikeAnyFilm() async throws {
    let api = try FakeTMDB()
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let output = directory.appendingPathComponent("Output")
      let result = try await run("build", api, ["--query", "noir", "--output", output.path])
      #expect(result.status == 0, "\(result.stderr)")
      // Film 7: release_date null. Film 11: overview "". Film 13: poster_path null.
      // Film 17: runtime null.
      #expect(try filmPage(1007, in: output).contains("<p>87 min</p>"))
      let film11 = try filmPage(1011, in: output)
      #expect(!film11.contains("Overview of film"))
      #expect(film11.contains(#"<p><a href="../../years/1951/">1951</a> · 91 min</p>"#))
      // Without a poster, the card alone: no image inside it (a backdrop may still show).
      let film13 = try filmPage(1013, in: output)
      let card = try #require(film13.range(of: #"<div class="poster" style="--poster-hue: "#))
      let cardEnd = try #require(film13[card.upperBound...].range(of: "</div>"))
      #expect(!film13[card.upperBound..<cardEnd.lowerBound].contains("<img"))
      #expect(try filmPage(1017, in: output).contains(#"<a href="../../years/1957/">1957</a></p>"#))
    }
  }

  @Test func emptyQueryDiscoversPopularFilmsAndFetchesEachDetailOnce() async throws {
    // Pages overlap by 3 films, as results do when popularity shifts while paging.
    let api = try FakeTMDB(configuration: .init(films: 100, shift: 3))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let out = directory.appendingPathComponent("films.json")
      let result = try await run("pull", api, ["--out", out.path, "--concurrency", "4"])
      #expect(result.status == 0, "\(result.stderr)")
      // Five pages of 20 starting 17 apart: films 1...88, 12 repeats.
      #expect(result.stdout.hasPrefix("Pulled 88 films (12 duplicates dropped) into "))
      let requests = try api.requests()
      let discover = requests.filter { $0.path == "/3/discover/movie" }
      #expect(discover.count == 5)
      #expect(discover.allSatisfy { $0.query["sort_by"] == "popularity.desc" })
      #expect(requests.filter { $0.path == "/3/search/movie" }.isEmpty)
      let details = try detailsPaths(api)
      #expect(details.count == 88)
      #expect(Set(details).count == 88)
      #expect(try api.maxInFlight() <= 4)

      // Films keep the order of the results, the first occurrence winning.
      struct Snapshot: Decodable {
        struct Film: Decodable { let id: String }
        let results: [Film]
      }
      let ids = try JSONDecoder().decode(Snapshot.self, from: Data(contentsOf: out)).results
        .map(\.id)
      #expect(ids == (1...88).map { String(1000 + $0) })
    }
  }

  @Test(arguments: [
    ["TMDB_API_TOKEN": "wrong-SECRET-token", "TMDB_API_KEY": ""],
    ["TMDB_API_TOKEN": "", "TMDB_API_KEY": "wrong-SECRET-key"],
  ])
  func unauthorizedEndsTheBuildWithTMDBsMessageAndNoSecret(environment: [String: String])
    async throws
  {
    let api = try FakeTMDB()
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let output = directory.appendingPathComponent("Output")
      let result = try await run("build", api, ["--output", output.path], environment: environment)
      #expect(result.status == 1)
      let key = environment["TMDB_API_KEY"].map { $0.isEmpty ? "" : "&api_key=***" } ?? ""
      #expect(
        lastLine(result.stderr)
          == "error: genre list: GET \(api.baseURL.absoluteString)/genre/movie/list?language=en-US\(key): HTTP 401: Invalid API key: You must be granted a valid key. (TMDB status_code 7)"
      )
      #expect(!result.stderr.contains("SECRET"))
      #expect(!result.stdout.contains("SECRET"))
      #expect(try api.requests().count == 1)
      #expect(!FileManager.default.fileExists(atPath: output.path))
    }
  }

  @Test func missingCredentialsNameBothVariablesAndSendNothing() async throws {
    let api = try FakeTMDB()
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let result = try await run(
        "build", api, ["--output", directory.appendingPathComponent("Output").path],
        environment: ["TMDB_API_TOKEN": "", "TMDB_API_KEY": ""])
      #expect(result.status == 1)
      #expect(lastLine(result.stderr).hasPrefix("error: --tmdb needs a TMDB credential: set "))
      #expect(result.stderr.contains("TMDB_API_TOKEN"))
      #expect(result.stderr.contains("TMDB_API_KEY"))
      #expect(try api.requests().isEmpty)
    }
  }

  @Test func retries429AfterTheSecondsRetryAfterGives() async throws {
    let api = try FakeTMDB(
      configuration: .init(
        faults: [
          "search:2": [Fault(status: 429, retryAfter: "1")],
          "details:1003": [Fault(status: 429, retryAfter: "1")],
        ]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let result = try await run(
        "build", api,
        ["--query", "noir", "--output", directory.appendingPathComponent("Output").path])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        result.stdout.hasSuffix(
          "; 28 requests (1 genre list, 3 search pages, 24 details), 2 retries\n"))
      let requests = try api.requests()
      for endpoint in ["/3/search/movie?2", "/3/movie/1003?"] {
        let tries = requests.filter {
          "\($0.path)?\($0.path == "/3/search/movie" ? $0.query["page"] ?? "" : "")" == endpoint
        }
        #expect(tries.map(\.status) == [429, 200], "\(endpoint)")
        if tries.count == 2, let end = tries[0].end {
          #expect(tries[1].start - end >= 0.9, "Retry-After: 1 was not honoured for \(endpoint)")
        }
      }
    }
  }

  @Test func aSearchPageThatKeepsFailingNamesThePageAndTMDBsMessage() async throws {
    let api = try FakeTMDB(
      configuration: .init(faults: ["search:2": [Fault(status: 500, always: true)]]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let result = try await run(
        "build", api,
        [
          "--query", "noir", "--retries", "1", "--output",
          directory.appendingPathComponent("Output").path,
        ])
      #expect(result.status == 1)
      #expect(
        lastLine(result.stderr)
          == "error: search page 2: GET \(api.baseURL.absoluteString)/search/movie?query=noir&include_adult=false&page=2&language=en-US: HTTP 500 (after 2 attempts): Internal error: Something went wrong, contact TMDb. (TMDB status_code 11)"
      )
      #expect(try detailsPaths(api).isEmpty)
    }
  }

  @Test func aFilmTMDBCannotFindFailsTheBuildNamingIt() async throws {
    let api = try FakeTMDB(configuration: .init(missing: [1009]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let output = directory.appendingPathComponent("Output")
      let result = try await run("build", api, ["--query", "noir", "--output", output.path])
      #expect(result.status == 1)
      #expect(
        lastLine(result.stderr)
          == "error: details of film 1009: GET \(api.baseURL.absoluteString)/movie/1009?append_to_response=credits,videos,external_ids&language=en-US: HTTP 404: The resource you requested could not be found. (TMDB status_code 34)"
      )
      // A 404 is not retried, and nothing is written.
      #expect(try detailsPaths(api).filter { $0 == "/3/movie/1009" }.count == 1)
      #expect(!FileManager.default.fileExists(atPath: output.path))
    }
  }

  @Test func aFilmTMDBCannotFindIsSkippedWithAWarningUnderAllowPartial() async throws {
    let api = try FakeTMDB(configuration: .init(missing: [1009]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let output = directory.appendingPathComponent("Output")
      let result = try await run(
        "build", api, ["--query", "noir", "--allow-partial", "--output", output.path])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("Built 22 films"))
      #expect(result.stdout.contains("; 1 skipped; "))
      #expect(
        result.stderr.contains(
          "warning: skipped film (--allow-partial): details of film 1009: GET "))
      #expect(result.stderr.contains("(TMDB status_code 34)"))
      #expect(!FilmSiteProcess.files(in: output).contains { $0.hasPrefix("films/1009-") })
      #expect(FilmSiteProcess.files(in: output).contains { $0.hasPrefix("films/1011-") })
    }
  }

  @Test func languageAndIncludeAdultReachEveryRequest() async throws {
    let api = try FakeTMDB()
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let result = try await run(
        "build", api,
        [
          "--query", "noir", "--language", "fr-FR", "--include-adult", "--output",
          directory.appendingPathComponent("Output").path,
        ])
      #expect(result.status == 0, "\(result.stderr)")
      let requests = try api.requests()
      #expect(requests.count == 26)
      #expect(requests.allSatisfy { $0.query["language"] == "fr-FR" })
      let searches = requests.filter { $0.path == "/3/search/movie" }
      #expect(searches.count == 2)
      #expect(searches.allSatisfy { $0.query["include_adult"] == "true" })
    }
  }

  @Test func pullWritesAnEnrichedSnapshotThatKeepsTheCreditOffline() async throws {
    let api = try FakeTMDB()
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let out = directory.appendingPathComponent("noir.json")
      let result = try await run(
        "pull", api, ["--query", "noir", "--out", out.path], environment: Self.key)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("Pulled 23 films into \(out.path) in "))
      let text = try String(contentsOf: out, encoding: .utf8)
      #expect(text.contains(#""director" : "Director 5 & Co-Director 5""#))
      #expect(text.contains(#""runtime" : 85"#))
      #expect(text.contains(#""text" : "\#(Self.credit)""#))
      #expect(text.contains(#""url" : "https://www.themoviedb.org/""#))
      #expect(
        text.contains(
          #""source" : "\#(api.baseURL.absoluteString)/search/movie?query=noir&include_adult=false&language=en-US&api_key=***""#
        ))
      for output in [text, result.stdout, result.stderr] {
        #expect(!output.contains("test-key"))
      }
      #expect(try api.requests().allSatisfy { $0.query["api_key"] == "test-key" })

      api.stop()
      let site = directory.appendingPathComponent("Output")
      let offline = try await FilmSiteProcess.run([
        "build", "--catalog", out.path, "--output", site.path,
      ])
      #expect(offline.status == 0, "\(offline.stderr)")
      #expect(offline.stdout.hasPrefix("Built 23 films"))
      #expect(try filmPage(1005, in: site).contains(Self.credit))
      #expect(try filmPage(1005, in: site).contains(">Director 5 &amp; Co-Director 5</a>"))
    }
  }

  @Test func tmdbOptionsAreRefusedWithoutTMDBAndPagesPastTMDBsCap() async throws {
    let language = try await FilmSiteProcess.run([
      "build", "--language", "fr-FR", "--output", "/nonexistent",
    ])
    #expect(language.status == 64)
    #expect(language.stderr == "filmsite build: option '--language' needs --tmdb\n")
    let adult = try await FilmSiteProcess.run(["pull", "--include-adult", "--out", "/nonexistent"])
    #expect(adult.status == 64)
    #expect(adult.stderr == "filmsite pull: option '--include-adult' needs --tmdb\n")
    let cap = try await FilmSiteProcess.run(
      ["build", "--tmdb", "--max-pages", "501", "--output", "/nonexistent"],
      environment: Self.token)
    #expect(cap.status == 64)
    #expect(cap.stderr.contains("--max-pages must be 1 to 500 with --tmdb"))
  }

  @Test func aSiteFromAnotherSourceCarriesNoTMDBCredit() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let output = directory.appendingPathComponent("Output")
      let result = try await FilmSiteProcess.run(["build", "--output", output.path, "--quiet"])
      #expect(result.status == 0, "\(result.stderr)")
      let index = try String(
        contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
      #expect(index.contains("Made with FilmSite."))
      #expect(!index.contains("themoviedb"))
    }
  }

  /// The measurement the issue asks for: a 20-page pull, with one 503 on a search page and
  /// one 429 on a film's details, four requests in flight.
  @Test func aTwentyPagePullCountsEveryStagesRequests() async throws {
    let api = try FakeTMDB(
      configuration: .init(
        films: 800,
        faults: [
          "search:5": [Fault(status: 503)], "details:1021": [Fault(status: 429, retryAfter: "0")],
        ]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let out = directory.appendingPathComponent("noir.json")
      let result = try await run(
        "pull", api, ["--query", "noir", "--concurrency", "4", "--out", out.path])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("Pulled 400 films into "))
      #expect(
        result.stdout.hasSuffix(
          "; 423 requests (1 genre list, 21 search pages, 401 details), 2 retries\n"))
      let requests = try api.requests()
      #expect(requests.count == 423)
      #expect(requests.filter { $0.path == "/3/search/movie" }.count == 21)
      #expect(Set(try detailsPaths(api)).count == 400)
      #expect(try api.maxInFlight() <= 4)
      // Progress is shown for both stages (stderr is not a terminal: plain lines).
      #expect(result.stderr.contains("Pulling page 1/20 · 20 films · "))
      #expect(result.stderr.contains("Fetching details 1/400 · "))
    }
  }
}
