import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// A site rebuilt in place after any sequence of edits holds the same folders
/// and bytes as a full build of the same inputs into a fresh folder, manifest
/// aside; the user's own files in it are kept.
///
/// Each seed makes a catalog and a sequence of edits (films added, removed,
/// retitled, their genres, director, year, overview or cast changed; the page
/// size; a theme file changed or put back). After every edit the long-lived
/// folder is built again, and after every second one compared with a fresh
/// build, so a rebuild that leaves a list page stale, keeps a removed page or
/// misses a theme change fails near the step that made it, naming the seed,
/// the step, the edit and the first path that differs.
@Suite struct IncrementalBuildEqualityTests {
  static let seeds: [UInt64] = [0x5EED, 0xF11_AB1E, 0xC0FF_EE18]
  /// How many edits each seed makes; `FILMSITE_EQUALITY_EDITS` sets another
  /// number for a longer run by hand.
  private static let editsPerSeed =
    ProcessInfo.processInfo.environment["FILMSITE_EQUALITY_EDITS"].flatMap { Int($0) } ?? 50
  /// Every edit is rebuilt in place; every second one, and the last, is also
  /// built fresh and compared, which keeps the test short.
  private static let freshBuildEvery = 2

  /// Files a user keeps in the output folder, such as a domain name for the
  /// host and a note of their own in a folder FilmSite does not write.
  private static let userFiles = [
    "CNAME": "films.example\n", "notes/todo.txt": "Add the 1970s.\n",
  ]
  private static let userFolders: Set = ["notes"]

  @Test(arguments: seeds)
  func rebuildsAfterRandomEditsMatchAFreshBuild(seed: UInt64) async throws {
    try await withFolder { root in
      var generator = SiteEditGenerator(seed: seed)
      var site = EditedSite(
        films: generator.catalog(), pageSize: 10, themeDirectory: root + "/theme")
      try FileManager.default.createDirectory(
        atPath: site.themeDirectory, withIntermediateDirectories: true)
      try SiteEdit.about(text: generator.about()).apply(to: &site)
      let output = root + "/Output"
      try await build(site, into: output)
      try Self.placeUserFiles(in: output)

      for step in 1...Self.editsPerSeed {
        let edit = generator.edit(of: site, step: step)
        try edit.apply(to: &site)
        let context = "seed \(seed), step \(step) (\(edit))"
        let compare = step % Self.freshBuildEvery == 0 || step == Self.editsPerSeed
        let fresh = compare ? root + "/fresh" : nil
        if let failure = try await rebuild(site, into: output, comparingIn: fresh) {
          Issue.record("\(context): \(failure)")
          return
        }
      }
    }
  }

  @Test func aPageEditedOrDeletedByHandIsRestoredToWhatAFreshBuildWrites() async throws {
    try await withFolder { root in
      var generator = SiteEditGenerator(seed: Self.seeds[0])
      let site = EditedSite(
        films: generator.catalog(), pageSize: 5, themeDirectory: Fixtures.templatesDirectory)
      let output = root + "/Output"
      try await build(site, into: output)
      try Self.placeUserFiles(in: output)
      let listPage = output + "/index.html"
      let original = try String(contentsOfFile: listPage, encoding: .utf8)
      let edited = original.replacingOccurrences(
        of: "</main>", with: "<p>Edited by hand.</p></main>")
      #expect(edited != original)
      try edited.write(toFile: listPage, atomically: false, encoding: .utf8)
      let filmPage = try #require(
        try FileManager.default.contentsOfDirectory(atPath: output + "/films").sorted().first)
      try FileManager.default.removeItem(atPath: output + "/films/" + filmPage + "/index.html")
      try FileManager.default.removeItem(atPath: output + "/page/2/index.html")

      let failure = try await rebuild(site, into: output, comparingIn: root + "/fresh")
      #expect(failure == nil)
    }
  }

  /// Builds `site` into `output` in place, then (with `fresh`) into a fresh
  /// folder there, and says how the two differ or how the user's files
  /// changed; `nil` when they match.
  private func rebuild(
    _ site: EditedSite, into output: String, comparingIn fresh: String?
  ) async throws -> String? {
    do {
      try await build(site, into: output)
    } catch {
      return "the rebuild failed: \(error)"
    }
    guard let fresh else { return nil }
    try await build(site, into: fresh)
    defer { try? FileManager.default.removeItem(atPath: fresh) }

    let manifest = OutputManifest.fileName
    let rebuilt = try SiteTree(
      output, leaving: Set(Self.userFiles.keys).union(Self.userFolders).union([manifest]))
    let expected = try SiteTree(fresh, leaving: [manifest])
    if let difference = rebuilt.firstDifference(from: expected, names: ("rebuilt", "fresh")) {
      return difference
    }
    for (path, text) in Self.userFiles.sorted(by: { $0.key < $1.key }) {
      let kept = try? String(contentsOfFile: output + "/" + path, encoding: .utf8)
      if kept != text { return "the user's \(path) is \(kept.map { "now \($0)" } ?? "gone")" }
    }
    return nil
  }

  private func build(_ site: EditedSite, into output: String) async throws {
    let builder = SiteBuilder(
      input: .source(CatalogSource(films: site.films), maxPages: Paginator.defaultMaxPages),
      templatesDirectory: site.themeDirectory,
      contentDirectory: site.hasContent ? site.contentDirectory : nil,
      outputDirectory: output,
      configuration: site.configuration)
    _ = try await builder.build()
  }

  private static func placeUserFiles(in output: String) throws {
    for (path, text) in userFiles {
      let full = output + "/" + path
      try FileManager.default.createDirectory(
        atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: full, atomically: true, encoding: .utf8)
    }
  }

  private func withFolder(_ body: (String) async throws -> Void) async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "filmsite-equality-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    try await body(root)
  }
}
