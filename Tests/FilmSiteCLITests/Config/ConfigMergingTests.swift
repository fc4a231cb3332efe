import Foundation
import Testing

@testable import FilmSiteCLI

/// The command line wins over the file, and a file serves every command that reads it.
@Suite struct ConfigMergingTests {
  private func file(_ text: String, path: String = "site/filmsite.toml") throws -> ConfigFile {
    try ConfigFile(bytes: Data(text.utf8), path: path)
  }

  private let settings = """
    title = "From the file"
    output = "public"
    page_size = 12
    quiet = true
    [source.tmdb]
    query = "noir"
    concurrency = 4
    """

  @Test func aFlagOverridesTheFilesKey() throws {
    let commandLine = try BuildCommand.parser.parse(["--title", "From the flag"])
    let merged = try file(settings).filling(commandLine, options: BuildCommand.parser.options)
    #expect(merged.string("--title") == "From the flag")
    #expect(merged.string("--page-size") == "12")
    #expect(merged.string("--output") == "site/public")
    #expect(merged.has("--quiet"))
    #expect(merged.has("--tmdb"))
    #expect(merged.string("--query") == "noir")
    #expect(merged.root == "site")
    #expect(merged.inRoot("Output") == "site/Output")
  }

  @Test func aSourceOnTheCommandLineReplacesTheFilesSource() throws {
    let commandLine = try BuildCommand.parser.parse(["--catalog", "snapshot.json"])
    let merged = try file(settings).filling(commandLine, options: BuildCommand.parser.options)
    #expect(merged.string("--catalog") == "snapshot.json")
    #expect(!merged.has("--tmdb"))
    #expect(merged.string("--query") == nil)
    #expect(merged.string("--concurrency") == nil)
    // Settings outside [source] still apply.
    #expect(merged.string("--title") == "From the file")
  }

  @Test func aCommandTakesOnlyTheOptionsItHas() throws {
    let merged = try file(settings).filling(
      try CheckCommand.parser.parse([]), options: CheckCommand.parser.options)
    #expect(merged.values == ["--output": ["site/public"]])
    #expect(merged.flags.isEmpty)
  }

  @Test func withoutAFileTheArgumentsStayAsGiven() throws {
    try FilmSiteProcess.withTemporaryDirectory { directory in
      // The test process's folder holds no filmsite.toml; a named one must exist.
      let current = FileManager.default.currentDirectoryPath
      #expect(!FileManager.default.fileExists(atPath: current + "/filmsite.toml"))
      let arguments = try BuildCommand.parser.parse(["--title", "x"])
      let merged = try ConfigFile.applying(to: arguments, options: BuildCommand.parser.options)
      #expect(merged.values == arguments.values)
      #expect(merged.root == ".")
      let named = try BuildCommand.parser.parse(["--config", directory.path + "/none.toml"])
      #expect(throws: ConfigError.self) {
        try ConfigFile.applying(to: named, options: BuildCommand.parser.options)
      }
    }
  }
}
