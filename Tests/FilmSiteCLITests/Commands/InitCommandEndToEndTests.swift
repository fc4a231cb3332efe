import Foundation
import Testing

@testable import FilmSiteCLI

/// `filmsite init` starts a site that builds and checks, and never overwrites.
@Suite struct InitCommandEndToEndTests {
  @Test func aNewSiteBuildsAndChecksWithNoThemeFolder() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let created = try await FilmSiteProcess.run(["init", "demo"], in: directory)
      #expect(created.status == 0, "\(created.stderr)")
      #expect(created.stdout.contains("Next: cd demo && filmsite build && filmsite check"))
      let site = directory.appendingPathComponent("demo")
      #expect(
        FilmSiteProcess.files(in: site) == [
          ".gitignore", "content/about.md", "content/films/426.md", "films.json", "filmsite.toml",
        ])
      for (path, starter) in InitCommand.plan(githubPages: false) {
        let written = try Data(contentsOf: site.appendingPathComponent(path))
        #expect(written == StarterProject.files[starter], "\(path)")
      }
      let gitignore = try String(
        contentsOf: site.appendingPathComponent(".gitignore"), encoding: .utf8)
      #expect(gitignore.split(separator: "\n").contains("Output/"))
      // The spare tree and the state a build keeps beside `Output/` (`.Output.filmsite-<role>`).
      #expect(gitignore.split(separator: "\n").contains(".Output.filmsite-*"))

      let build = try await FilmSiteProcess.run(["build"], in: site)
      #expect(build.status == 0, "\(build.stderr)")
      #expect(build.stdout.hasPrefix("Built 6 films, 1 index page and "))
      #expect(build.stdout.contains("; 1 note (0 fields corrected), 1 page of your own"))
      let pages = FilmSiteProcess.files(in: site.appendingPathComponent("Output"))
      #expect(pages.filter { $0.hasPrefix("films/") }.count == 6)
      // The example note is on Vertigo's page, its links resolved; the About page is linked.
      let vertigo = try String(
        contentsOf: site.appendingPathComponent("Output/films/426-vertigo/index.html"),
        encoding: .utf8)
      #expect(vertigo.contains(#"<a href="../901-city-lights/">City Lights</a>"#))
      #expect(vertigo.contains(#"<a href="../../about/">the About page</a>"#))
      #expect(vertigo.contains("Your rating <strong>9.0</strong>/10"))
      #expect(pages.contains("about/index.html") && pages.contains("tags/example-tag/index.html"))
      let check = try await FilmSiteProcess.run(["check"], in: site)
      #expect(check.status == 0, "\(check.stderr)")
      #expect(check.stdout.hasPrefix("Checked "))
    }
  }

  @Test func theCurrentFolderIsTheDefault() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let created = try await FilmSiteProcess.run(["init"], in: directory)
      #expect(created.status == 0, "\(created.stderr)")
      #expect(created.stdout.contains("Next: filmsite build && filmsite check"))
      #expect(FileManager.default.fileExists(atPath: directory.path + "/filmsite.toml"))
    }
  }

  @Test func gitHubPagesAddsTheWorkflow() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let created = try await FilmSiteProcess.run(
        ["init", "demo", "--github-pages"], in: directory)
      #expect(created.status == 0, "\(created.stderr)")
      let workflow = try Data(
        contentsOf: directory.appendingPathComponent("demo/.github/workflows/filmsite.yml"))
      #expect(workflow == StarterProject.files["github-pages.yml"])
      #expect(!workflow.isEmpty)
      #expect(created.stdout.contains("FILMSITE_REPOSITORY"))
    }
  }

  @Test(arguments: ["filmsite.toml", "films.json", ".gitignore", ".github/workflows/filmsite.yml"])
  func anExistingFileStopsItBeforeAnythingIsWritten(existing: String) async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let site = directory.appendingPathComponent("demo")
      let mine = site.appendingPathComponent(existing)
      try FileManager.default.createDirectory(
        at: mine.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("mine".utf8).write(to: mine)
      let before = FilmSiteProcess.files(in: site)

      let result = try await FilmSiteProcess.run(["init", "demo", "--github-pages"], in: directory)
      #expect(result.status == 1)
      #expect(
        result.stderr
          == "error: demo/\(existing): already exists; filmsite init overwrites nothing, so it wrote nothing\n"
      )
      #expect(FilmSiteProcess.files(in: site) == before)
      #expect(try Data(contentsOf: mine) == Data("mine".utf8))
    }
  }

  @Test func aFileWhereAFolderGoesStopsItBeforeAnythingIsWritten() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let site = directory.appendingPathComponent("demo")
      try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
      try Data("mine".utf8).write(to: site.appendingPathComponent(".github"))
      let result = try await FilmSiteProcess.run(["init", "demo", "--github-pages"], in: directory)
      #expect(result.status == 1)
      #expect(result.stderr == "error: demo/.github: not a folder\n")
      #expect(FilmSiteProcess.files(in: site) == [".github"])
    }
  }

  @Test func aLinkToAFolderIsAFolder() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let real = directory.appendingPathComponent("real site")
      try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: directory.path + "/my films", withDestinationPath: real.path)
      let result = try await FilmSiteProcess.run(["init", "my films"], in: directory)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains("Next: cd 'my films' && filmsite build && filmsite check"))
      #expect(
        FilmSiteProcess.files(in: real) == [
          ".gitignore", "content/about.md", "content/films/426.md", "films.json", "filmsite.toml",
        ])
    }
  }

  @Test(arguments: [
    ("demo", "demo"), ("my films", "'my films'"), ("it's", #"'it'\''s'"#),
    ("../a/b_c-1.d", "../a/b_c-1.d"),
  ])
  func theNextStepQuotesTheFolderForTheShell(path: String, quoted: String) {
    #expect(InitCommand.shellQuoted(path) == quoted)
  }

  @Test func aDanglingLinkCountsAsAFile() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      try FileManager.default.createSymbolicLink(
        atPath: directory.path + "/filmsite.toml", withDestinationPath: directory.path + "/nowhere")
      let result = try await FilmSiteProcess.run(["init"], in: directory)
      #expect(result.status == 1)
      #expect(result.stderr.hasPrefix("error: ./filmsite.toml: already exists"))
      #expect(!FileManager.default.fileExists(atPath: directory.path + "/nowhere"))
    }
  }

  @Test func aFileInTheFoldersPlaceIsRefused() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      try Data("x".utf8).write(to: directory.appendingPathComponent("demo"))
      let result = try await FilmSiteProcess.run(["init", "demo"], in: directory)
      #expect(result.status == 1)
      #expect(result.stderr == "error: demo: not a folder\n")
    }
  }

  @Test func theStarterFilmsAreTheSampleCatalogsOwn() throws {
    let sample = try JSONSerialization.jsonObject(
      with: Data(
        contentsOf: FilmSiteProcess.repositoryRoot.appendingPathComponent("Catalog/films.json")))
    let starter = try JSONSerialization.jsonObject(
      with: try #require(StarterProject.files["films.json"]))
    let sampleFilms = try #require(sample as? [NSDictionary])
    let starterFilms = try #require(starter as? [NSDictionary])
    #expect(starterFilms.count == 6)
    for film in starterFilms {
      let id = film["id"] as? Int
      #expect(sampleFilms.first { $0["id"] as? Int == id } == film, "film \(id ?? -1)")
    }
  }
}
