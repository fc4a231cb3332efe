import Foundation
import Testing

/// Runs the built `filmsite` binary on real folders and checks what it prints and writes.
@Suite struct BuildCommandEndToEndTests {
  /// Runs `filmsite` from the repository root, where the default catalog and theme are.
  private func run(_ arguments: [String]) async throws -> FilmSiteProcess.Result {
    try await FilmSiteProcess.run(arguments)
  }

  @Test func buildsTheSampleCatalogIntoAWorkingSite() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let output = directory.appendingPathComponent("Output")
      let result = try await run(["build", "--output", output.path])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr.isEmpty)
      #expect(
        result.stdout.hasPrefix(
          "Built 113 films, 5 index pages and 679 browse pages into \(output.path): "))
      #expect(
        result.stdout.hasSuffix(
          "; no sitemap.xml, robots.txt, feed.xml or canonical links (they need --base-url)\n"))
      #expect(result.stdout.split(separator: "\n").count == 1)

      let files = FilmSiteProcess.files(in: output)
      #expect(files.filter { $0.hasPrefix("films/") }.count == 113)
      #expect(files.contains("index.html"))
      #expect(files.contains("page/5/index.html"))
      #expect(!files.contains("page/1/index.html"))
      #expect(files.contains("films/194-amelie/index.html"))
      for page in [
        "genres/index.html", "genres/drama/index.html", "genres/drama/page/3/index.html",
        "directors/index.html", "directors/stanley-kubrick/index.html", "years/index.html",
        "years/1999/index.html", "search/index.html", "search/index.json", "404.html",
      ] {
        #expect(files.contains(page), "\(page)")
      }
      #expect(!files.contains("sitemap.xml") && !files.contains("robots.txt"))

      // Every internal link resolves: `filmsite check` as a user would run it.
      let check = try await run(["check", "--output", output.path])
      #expect(check.status == 0, "\(check.stderr)")
      let checked = check.stdout.split(separator: " ")
      #expect(checked.first == "Checked" && checked.count > 4, "\(check.stdout)")
      #expect(Int(checked.count > 4 ? checked[4] : "") ?? 0 > 113 * 2, "\(check.stdout)")
      #expect(check.stdout.hasSuffix(": 0 problems\n"))
    }
  }

  @Test func sampleSiteIsValidHTML5() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let output = directory.appendingPathComponent("Output")
      // With a base URL, so that canonical links are checked too; every kind of page is there.
      let built = try await run([
        "build", "--output", output.path, "--quiet", "--base-url", "https://films.example.org/",
      ])
      #expect(built.status == 0, "\(built.stderr)")
      let pages = FilmSiteProcess.files(in: output).filter { $0.hasSuffix(".html") }
      for prefix in [
        "index.html", "page/", "films/", "genres/", "directors/", "years/", "search/", "404.html",
      ] {
        #expect(pages.contains { $0.hasPrefix(prefix) }, "no \(prefix) page")
      }
      let report = try await FilmSiteProcess.validateHTML(in: output)
      #expect(report.valid, "Nu HTML Checker: \(report.output)")
    }
  }

  @Test func rebuildWritesNothingAndRemovesPagesOfDroppedFilms() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let output = directory.appendingPathComponent("Output").path
      let built = try await run(["build", "--output", output])
      #expect(built.status == 0, "\(built.stderr)")
      let again = try await run(["build", "--output", output])
      #expect(again.stdout.contains(": 0 files written, 1082 unchanged, 0 removed"))
      let narrowed = try await run(
        ["build", "--output", output, "--query", "kubrick"])
      #expect(
        narrowed.stdout.hasPrefix("Built 1 film, 1 index page and 13 browse pages"),
        "\(narrowed.stdout)")
      let films = FilmSiteProcess.files(in: URL(fileURLWithPath: output)).filter {
        $0.hasPrefix("films/")
      }
      #expect(
        films == ["films/935-dr-strangelove-or-how-i-learned-to-stop-worrying-and-love/index.html"])
    }
  }

  @Test func baseURLAddsSitemapRobotsAndCanonicalLinksAndTheSiteChecksClean() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let output = directory.appendingPathComponent("Output")
      let result = try await run([
        "build", "--output", output.path, "--base-url", "https://example.org/films",
      ])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(!result.stdout.contains("--base-url"))
      let robots = try String(
        contentsOf: output.appendingPathComponent("robots.txt"), encoding: .utf8)
      #expect(robots.contains("Sitemap: https://example.org/films/sitemap.xml\n"))
      let sitemap = try String(
        contentsOf: output.appendingPathComponent("sitemap.xml"), encoding: .utf8)
      let pages = FilmSiteProcess.files(in: output).filter {
        $0.hasSuffix("index.html")
      }
      #expect(sitemap.components(separatedBy: "<loc>").count - 1 == pages.count)
      let amelie = try String(
        contentsOf: output.appendingPathComponent("films/194-amelie/index.html"), encoding: .utf8)
      #expect(
        amelie.contains(
          #"<link rel="canonical" href="https://example.org/films/films/194-amelie/">"#))
      let check = try await run(["check", "--output", output.path])
      #expect(check.status == 0, "\(check.stderr)")
    }
  }

  @Test(arguments: ["example.org", "ftp://example.org/", "https://example.org/?x=1", "/films/"])
  func baseURLThatIsNotAnAbsoluteHTTPURLIsAUsageError(url: String) async throws {
    let result = try await run(["build", "--output", "/nonexistent/out", "--base-url", url])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("filmsite build: option '--base-url': the base URL \"\(url)\""))
  }

  @Test func malformedCatalogFailsWithOneLineNamingTheLineAndLeavesTheSiteAlone() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let output = directory.appendingPathComponent("Output")
      let built = try await run(["build", "--output", output.path])
      #expect(built.status == 0, "\(built.stderr)")
      let before = try Data(contentsOf: output.appendingPathComponent("index.html"))
      let filesBefore = FilmSiteProcess.files(in: output)
      let catalog = directory.appendingPathComponent("films.json")
      try "[\n  {\"id\": 1, \"title\": \"A\"},\n  {\"id\": 2 \"title\": \"B\"}\n]\n".write(
        to: catalog, atomically: true, encoding: .utf8)

      let result = try await run(
        ["build", "--catalog", catalog.path, "--output", output.path])
      #expect(result.status == 1)
      #expect(
        result.stderr
          == "error: \(catalog.path): line 3, column 12: malformed JSON: expected \",\" or \"}\"\n")
      #expect(try Data(contentsOf: output.appendingPathComponent("index.html")) == before)
      #expect(FilmSiteProcess.files(in: output) == filesBefore)
    }
  }

  @Test func missingTitleNamesTheFilmAndField() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let catalog = directory.appendingPathComponent("films.json")
      try #"{"results": [{"id": 1, "title": "A"}, {"id": 2}]}"#.write(
        to: catalog, atomically: true, encoding: .utf8)
      let result = try await run(
        [
          "build", "--catalog", catalog.path, "--output",
          directory.appendingPathComponent("out").path,
        ])
      #expect(result.status == 1)
      #expect(result.stderr == "error: \(catalog.path): film 2: missing required field \"title\"\n")
    }
  }

  @Test func unknownTemplatePlaceholderNamesFileLineAndColumn() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let theme = directory.appendingPathComponent("theme")
      try FileManager.default.copyItem(
        at: FilmSiteProcess.repositoryRoot.appendingPathComponent("Templates"), to: theme)
      try "<li><a href=\"{{link}}\">{{title}}</a></li>\n".write(
        to: theme.appendingPathComponent("row.html"), atomically: true, encoding: .utf8)
      let result = try await run(
        [
          "build", "--templates", theme.path, "--output",
          directory.appendingPathComponent("out").path,
        ])
      #expect(result.status == 1)
      #expect(result.stderr == "error: \(theme.path)/row.html:1:14: unknown placeholder \"link\"\n")
      #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
    }
  }

  @Test func refusesAFolderThatIsNotFilmSites() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      try "notes".write(
        to: directory.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
      let result = try await run(
        ["build", "--output", directory.path])
      #expect(result.status == 1)
      #expect(result.stderr.hasPrefix("error: \(directory.path): not a FilmSite output folder"))
      #expect(FilmSiteProcess.files(in: directory) == ["notes.txt"])
    }
  }

  @Test(arguments: [
    (
      ["build", "--pagesize", "3"],
      "filmsite build: unknown option '--pagesize' (see 'filmsite build --help')\n"
    ),
    (
      ["build", "--page-size", "0"],
      "filmsite build: option '--page-size' takes a whole number from 1 to 10000, not '0'\n"
    ),
    (["publish"], "filmsite: unknown command 'publish' (see 'filmsite --help')\n"),
  ])
  func usageErrorsExitWith64(arguments: [String], message: String) async throws {
    let result = try await run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr == message)
  }

  @Test func versionAndHelp() async throws {
    #expect(try await run(["--version"]).stdout == "filmsite 0.1.0\n")
    let help = try await run(["build", "--help"])
    #expect(help.status == 0)
    for option in [
      "--catalog", "--query", "--templates", "--output", "--page-size", "--max-pages", "--title",
      "--poster-base-url", "--base-url", "--quiet",
    ] {
      #expect(help.stdout.contains(option))
    }
    #expect(try await run(["--help"]).stdout.contains("Usage: filmsite <command>"))
  }
}
