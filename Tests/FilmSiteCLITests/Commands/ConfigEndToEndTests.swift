import Foundation
import Testing

/// `filmsite.toml` as a user meets it: found in the folder, named by
/// `--config`, overridden by flags, and refused in one line when wrong.
@Suite struct ConfigEndToEndTests {
  private static let catalog = FilmSiteProcess.repositoryRoot
    .appendingPathComponent("Catalog/films.json").path

  /// Every file of a built site with its bytes; the manifest without the
  /// times it records, which differ from build to build.
  private func contents(of site: URL) throws -> [String: Data] {
    var contents: [String: Data] = [:]
    for path in FilmSiteProcess.files(in: site) {
      var bytes = try Data(contentsOf: site.appendingPathComponent(path))
      if path == ".filmsite-manifest" {
        // A file's line gives the time it was written as its fourth field, and the header
        // when the user's files were looked for; the other header lines have no tab.
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter {
          !$0.hasPrefix("# scanned ")
        }.map { line in
          var fields = line.split(separator: "\t", omittingEmptySubsequences: false)
          if fields.count > 3 { fields.remove(at: 3) }
          return fields.joined(separator: "\t")
        }
        bytes = Data(lines.joined(separator: "\n").utf8)
      }
      contents[path] = bytes
    }
    return contents
  }

  @Test func aBuildFromTheFileIsByteForByteTheBuildFromFlags() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let flags = try await FilmSiteProcess.run(
        [
          "build", "--catalog", Self.catalog, "--output", directory.path + "/flags",
          "--title", "Noir & co", "--page-size", "7", "--base-url", "https://example.org/films/",
          "--poster-base-url", "https://img.example.org/w342", "--query", "the",
        ], in: directory)
      #expect(flags.status == 0, "\(flags.stderr)")
      // The file names its catalog and output relative to itself, and is read from elsewhere.
      let site = directory.appendingPathComponent("site")
      try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        atPath: Self.catalog, toPath: site.appendingPathComponent("films.json").path)
      try """
      title = "Noir & co"
      output = "Output"
      page_size = 7
      base_url = "https://example.org/films/"
      poster_base_url = "https://img.example.org/w342"

      [source]
      catalog = "films.json"
      query = "the"
      """.write(to: site.appendingPathComponent("filmsite.toml"), atomically: true, encoding: .utf8)
      let file = try await FilmSiteProcess.run(
        ["build", "--config", "site/filmsite.toml"], in: directory)
      #expect(file.status == 0, "\(file.stderr)")

      let fromFlags = try contents(of: directory.appendingPathComponent("flags"))
      let fromFile = try contents(of: site.appendingPathComponent("Output"))
      #expect(fromFlags.count > 50)
      #expect(fromFlags[".filmsite-manifest"].map { $0.count > 1_000 } == true)
      #expect(fromFlags.keys.sorted() == fromFile.keys.sorted())
      for (path, bytes) in fromFlags {
        #expect(fromFile[path] == bytes, "\(path) differs")
      }
    }
  }

  @Test func pathsInANamedFileAreRelativeToItsFolder() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let site = directory.appendingPathComponent("site")
      let elsewhere = directory.appendingPathComponent("elsewhere")
      for folder in [site, elsewhere] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      }
      try FileManager.default.copyItem(
        atPath: Self.catalog, toPath: site.appendingPathComponent("films.json").path)
      try "[source]\ncatalog = \"films.json\"\n".write(
        to: site.appendingPathComponent("filmsite.toml"), atomically: true, encoding: .utf8)
      let config = site.appendingPathComponent("filmsite.toml").path
      let build = try await FilmSiteProcess.run(["build", "--config", config], in: elsewhere)
      #expect(build.status == 0, "\(build.stderr)")
      #expect(FileManager.default.fileExists(atPath: site.path + "/Output/index.html"))
      #expect(FilmSiteProcess.files(in: elsewhere).isEmpty)
      let check = try await FilmSiteProcess.run(["check", "--config", config], in: elsewhere)
      #expect(check.status == 0, "\(check.stderr)")
    }
  }

  @Test func aFlagOverridesTheFile() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      try "title = \"From the file\"\n[source]\ncatalog = \"\(Self.catalog)\"\n".write(
        to: directory.appendingPathComponent("filmsite.toml"), atomically: true, encoding: .utf8)
      let build = try await FilmSiteProcess.run(
        ["build", "--title", "From the flag"], in: directory)
      #expect(build.status == 0, "\(build.stderr)")
      let index = try String(
        contentsOf: directory.appendingPathComponent("Output/index.html"), encoding: .utf8)
      #expect(index.contains("From the flag"))
      #expect(!index.contains("From the file"))
    }
  }

  @Test(arguments: [
    (
      "titel = \"Films\"\n",
      "error: filmsite.toml:1:1: unknown key \"titel\" (did you mean \"title\"?)\n"
    ),
    (
      "[source.tmdb]\napi_key = \"abc\"\n",
      "error: filmsite.toml:2:1: key \"source.tmdb.api_key\": secrets do not belong in the config file; set TMDB_API_TOKEN (or TMDB_API_KEY) for TMDB, or FILMSITE_API_TOKEN for an API, in the environment\n"
    ),
  ])
  func aBadFileStopsEveryCommandInOneLine(text: String, expected: String) async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      try text.write(
        to: directory.appendingPathComponent("filmsite.toml"), atomically: true, encoding: .utf8)
      for command in ["build", "pull", "check"] {
        let result = try await FilmSiteProcess.run([command], in: directory)
        #expect(result.status == 1, "\(command)")
        #expect(result.stderr == expected, "\(command)")
        #expect(!result.stderr.contains("abc"))
      }
      #expect(FilmSiteProcess.files(in: directory) == ["filmsite.toml"])
    }
  }

  @Test func aThemeFolderWithOneFileChangesOnlyThatFile() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let theme = directory.appendingPathComponent("my-theme")
      try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
      try "# {{title}}\n\nOur programme note.\n".write(
        to: theme.appendingPathComponent("film.md"), atomically: true, encoding: .utf8)
      try "theme = \"my-theme\"\n[source]\ncatalog = \"\(Self.catalog)\"\n".write(
        to: directory.appendingPathComponent("filmsite.toml"), atomically: true, encoding: .utf8)
      let build = try await FilmSiteProcess.run(["build"], in: directory)
      #expect(build.status == 0, "\(build.stderr)")
      let film = try String(
        contentsOf: directory.appendingPathComponent("Output/films/603-the-matrix/index.html"),
        encoding: .utf8)
      #expect(film.contains("<p>Our programme note.</p>"))
      // The built-in layout is still around it.
      #expect(film.contains("assets/style.css"))

      // A mistake in the folder's file names that file.
      try "# {{titel}}\n".write(
        to: theme.appendingPathComponent("film.md"), atomically: true, encoding: .utf8)
      let broken = try await FilmSiteProcess.run(["build"], in: directory)
      #expect(broken.status == 1)
      #expect(broken.stderr == "error: my-theme/film.md:1:3: unknown placeholder \"titel\"\n")
    }
  }

  @Test func aThemeFolderThatDoesNotExistStopsTheBuild() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let flag = try await FilmSiteProcess.run(
        ["build", "--catalog", Self.catalog, "--templates", "Tempaltes"], in: directory)
      #expect(flag.status == 1)
      #expect(flag.stderr == "error: Tempaltes: no such theme folder\n")
      try "theme = \"themes/noir\"\n[source]\ncatalog = \"\(Self.catalog)\"\n".write(
        to: directory.appendingPathComponent("filmsite.toml"), atomically: true, encoding: .utf8)
      let file = try await FilmSiteProcess.run(["build"], in: directory)
      #expect(file.status == 1)
      #expect(file.stderr == "error: themes/noir: no such theme folder\n")
      #expect(FilmSiteProcess.files(in: directory) == ["filmsite.toml"])
    }
  }

  @Test func pullTakesItsOutputFromTheFile() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      try
        "[source]\ncatalog = \"\(Self.catalog)\"\nquery = \"hitchcock\"\n[pull]\nout = \"saved.json\"\n"
        .write(
          to: directory.appendingPathComponent("filmsite.toml"), atomically: true, encoding: .utf8)
      let pull = try await FilmSiteProcess.run(["pull"], in: directory)
      #expect(pull.status == 0, "\(pull.stderr)")
      let saved = try Data(contentsOf: directory.appendingPathComponent("saved.json"))
      #expect(String(decoding: saved, as: UTF8.self).contains("Vertigo"))
    }
  }
}
