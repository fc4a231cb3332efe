import Foundation
import Testing

/// The binary runs on its own: copied out of the build folder and away from
/// this repository, it starts, builds and checks a site from another folder,
/// with the built-in theme.
@Suite struct InstalledBinaryEndToEndTests {
  @Test func aCopiedBinaryInitsBuildsAndChecksFromAnyFolder() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let manager = FileManager.default
      let bin = directory.appendingPathComponent("bin")
      let work = directory.appendingPathComponent("work")
      let elsewhere = directory.appendingPathComponent("elsewhere")
      for folder in [bin, work, elsewhere] {
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
      }
      #expect(!directory.path.hasPrefix(FilmSiteProcess.repositoryRoot.path))
      let installed = bin.appendingPathComponent("filmsite")
      try manager.copyItem(at: FilmSiteProcess.executable, to: installed)

      let site = directory.appendingPathComponent("films-site").path
      let created = try await FilmSiteProcess.run(["init", site], in: work, program: installed)
      #expect(created.status == 0, "\(created.stderr)")
      let config = site + "/filmsite.toml"
      let build = try await FilmSiteProcess.run(
        ["build", "--config", config], in: elsewhere, program: installed)
      #expect(build.status == 0, "\(build.stderr)")
      #expect(build.stdout.contains("into \(site)/Output"))
      let check = try await FilmSiteProcess.run(
        ["check", "--config", config], in: elsewhere, program: installed)
      #expect(check.status == 0, "\(check.stderr)")

      // The site has the built-in theme's stylesheet, with no theme folder anywhere near.
      #expect(!manager.fileExists(atPath: site + "/Templates"))
      let style = try Data(contentsOf: URL(fileURLWithPath: site + "/Output/assets/style.css"))
      let source = try Data(
        contentsOf: FilmSiteProcess.repositoryRoot.appendingPathComponent(
          "Templates/assets/style.css"))
      #expect(style == source)
      #expect(FilmSiteProcess.files(in: work).isEmpty)
      #expect(FilmSiteProcess.files(in: elsewhere).isEmpty)
    }
  }

  @Test func themeExportWritesAThemeThatBuildsTheSameSite() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let export = try await FilmSiteProcess.run(["theme", "export", "Templates"], in: directory)
      #expect(export.status == 0, "\(export.stderr)")
      let exported = FilmSiteProcess.files(in: directory.appendingPathComponent("Templates"))
      let source = FilmSiteProcess.files(
        in: FilmSiteProcess.repositoryRoot.appendingPathComponent("Templates"))
      #expect(exported == source)
      let again = try await FilmSiteProcess.run(["theme", "export", "Templates"], in: directory)
      #expect(again.status == 1)
      #expect(
        again.stderr.hasPrefix("error: Templates: the folder is not empty (it holds \"404.md\")"))
      let usage = try await FilmSiteProcess.run(["theme", "import", "x"], in: directory)
      #expect(usage.status == 64)
    }
  }
}
