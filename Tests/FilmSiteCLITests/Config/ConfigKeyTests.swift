import Foundation
import Testing

@testable import FilmSiteCLI

@Suite struct ConfigKeyTests {
  /// Options that belong to one run, not to a site: which file to read, and
  /// adopting a folder FilmSite did not create (a standing `--force` would
  /// defeat the check that keeps a build out of the wrong folder).
  private static let perRunOptions: Set = ["--config", "--force"]

  @Test func everyBuildPullAndServeOptionHasAKey() {
    let options = Set(
      (BuildCommand.parser.options + PullCommand.parser.options + ServeCommand.parser.options)
        .map(\.name))
    // `[source.tmdb]` itself stands for --tmdb.
    let keyed = Set(ConfigKey.all.map(\.option) + ["--tmdb"])
    #expect(options.subtracting(Self.perRunOptions).subtracting(keyed).isEmpty)
    #expect(keyed.isSubset(of: options))
  }

  @Test func keysAreUnique() {
    let paths = ConfigKey.all.map(\.path)
    #expect(Set(paths).count == paths.count)
  }

  @Test func everyKeyIsDocumentedBesideItsFlag() throws {
    let readme = try String(
      contentsOf: FilmSiteProcess.repositoryRoot.appendingPathComponent("README.md"),
      encoding: .utf8)
    for key in ConfigKey.all {
      let row = readme.split(separator: "\n").first { $0.hasPrefix("| `\(key.path)` |") }
      #expect(row != nil, "README.md has no row for \(key.path)")
      #expect(
        row?.contains("`\(key.option)`") == true,
        "README.md's row for \(key.path) names another flag")
    }
  }

  @Test func theStarterFileIsValidAndSetsItsCatalog() throws {
    let bytes = try #require(StarterProject.files["filmsite.toml"])
    let file = try ConfigFile(bytes: bytes, path: "filmsite.toml")
    #expect(file.values["--catalog"] == ["films.json"])
    #expect(file.values["--title"] == ["Films"])
  }
}
