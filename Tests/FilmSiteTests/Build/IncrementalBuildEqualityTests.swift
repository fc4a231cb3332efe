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
  /// The seeds of the randomized tests, and of the two tests of hand edits.
  static let defaultSeeds: [UInt64] = [0x5EED, 0xF11_AB1E, 0xC0FF_EE18]
  /// The seeds `FILMSITE_EQUALITY_SEEDS` asks for (decimal numbers, with
  /// commas) for a longer run by hand; empty when an entry is not one
  /// (``theSeedsAskedForAreNumbers()``), `nil` when it is not set.
  private static let seedsAskedFor: [UInt64]? =
    ProcessInfo.processInfo.environment["FILMSITE_EQUALITY_SEEDS"].map { text in
      let seeds = text.split(separator: ",", omittingEmptySubsequences: false).map {
        UInt64($0.trimmingCharacters(in: .whitespaces))
      }
      return seeds.contains(nil) ? [] : seeds.compactMap { $0 }
    }
  /// The seeds the randomized tests run.
  static let seeds = seedsAskedFor.flatMap { $0.isEmpty ? nil : $0 } ?? defaultSeeds
  /// How many edits each seed makes; `FILMSITE_EQUALITY_EDITS` sets another
  /// number for a longer run by hand.
  private static let editsPerSeed =
    ProcessInfo.processInfo.environment["FILMSITE_EQUALITY_EDITS"].flatMap { Int($0) } ?? 50
  /// A run by hand that asks for seeds must get them, not the usual ones.
  @Test func theSeedsAskedForAreNumbers() {
    #expect(
      Self.seedsAskedFor != [],
      "FILMSITE_EQUALITY_SEEDS must be decimal numbers with commas between them")
  }

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

      _ = try await edit(&site, with: &generator, seed: seed, into: output, root: root)
    }
  }

  /// A site without a content folder is where a rebuild can skip the plan
  /// (``FilmPageRebuild``): the same edits, and the films' own details, must
  /// come out the same by that way as by a plan, and some must take it.
  @Test(arguments: seeds)
  func rebuildsWithoutAPlanMatchAFreshBuild(seed: UInt64) async throws {
    let summaries = try await editSiteWithoutContent(seed: seed, fromCatalogFile: false)
    // The details and overviews of films the feed does not list are such edits.
    let withoutPlan = summaries.count(where: \.filmPagesOnly)
    #expect(withoutPlan >= Self.editsPerSeed / 10, "seed \(seed): \(withoutPlan) without a plan")
  }

  /// The same from a catalog file, where a rebuild that plans nothing also
  /// decodes only the films whose bytes changed and those that warned
  /// (``CatalogFilmBytes``): it must come out as a fresh build of the whole
  /// file does, and some such rebuilds must decode under a quarter of the
  /// films. (A planned rebuild may decode few as well, since it decodes a
  /// film only when a page needs it; it is not counted.)
  @Test(arguments: seeds)
  func rebuildsFromACatalogFileDecodingOnlyChangedFilmsMatchAFreshBuild(seed: UInt64)
    async throws
  {
    let summaries = try await editSiteWithoutContent(seed: seed, fromCatalogFile: true)
    let decodedFew = summaries.filter { summary in
      summary.filmPagesOnly && (summary.decodedFilms.map { $0 < summary.films / 4 } ?? false)
    }
    #expect(
      decodedFew.count >= Self.editsPerSeed / 10,
      "seed \(seed): \(decodedFew.count) rebuilds decoded a few films")
  }

  /// Edits of the film template among the seed's other edits, every third
  /// one: an edit of its text alone is put into the current film pages
  /// without a plan (``FilmTemplateEdit``), or the pages are rendered where
  /// the old text is on them more than once. Either must come out as a fresh
  /// build does, and some must write every film page without a plan.
  @Test(arguments: seeds)
  func filmTemplateEditsAmongOtherEditsMatchAFreshBuild(seed: UInt64) async throws {
    let summaries = try await editSiteWithoutContent(
      seed: seed, fromCatalogFile: seed.isMultiple(of: 2), filmTemplateEvery: 3)
    let edited = summaries.count { $0.filmPagesOnly && $0.files.written >= $0.films }
    #expect(edited >= 2, "seed \(seed): \(edited) film template edits without a plan")
  }

  /// Builds a site without a content folder (from a catalog file, or from
  /// the films as a source), then makes the seed's edits to it.
  /// - Parameter filmTemplateEvery: Every how many steps the film template
  ///   is edited, if not as often as any theme file.
  /// - Returns: The rebuilds' summaries.
  private func editSiteWithoutContent(
    seed: UInt64, fromCatalogFile: Bool, filmTemplateEvery: Int? = nil
  ) async throws -> [BuildSummary] {
    var summaries: [BuildSummary] = []
    try await withFolder { root in
      var generator = SiteEditGenerator(
        seed: seed, content: false, filmTemplateEvery: filmTemplateEvery)
      var site = EditedSite(
        films: generator.catalog(), pageSize: 10, baseURL: nil,
        themeDirectory: root + "/theme")
      if fromCatalogFile { site.catalogFile = root + "/films.json" }
      try FileManager.default.createDirectory(
        atPath: site.themeDirectory, withIntermediateDirectories: true)
      let output = root + "/Output"
      try await build(site, into: output)
      try Self.placeUserFiles(in: output)
      summaries = try await edit(&site, with: &generator, seed: seed, into: output, root: root)
    }
    return summaries
  }

  @Test func aPageEditedOrDeletedByHandIsRestoredToWhatAFreshBuildWrites() async throws {
    try await withFolder { root in
      var generator = SiteEditGenerator(seed: Self.defaultSeeds[0])
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

      let failure = try await rebuild(site, into: output, comparingIn: root + "/fresh").failure
      #expect(failure == nil)
    }
  }

  /// A rebuild that would render only one film's page still restores a
  /// list page edited by hand and a film page deleted by hand: it finds them
  /// as FilmSite did not leave them and plans the whole site instead.
  @Test func aPageEditedByHandIsRestoredWhenOnlyOneFilmsPageChanged() async throws {
    try await withFolder { root in
      var generator = SiteEditGenerator(seed: Self.defaultSeeds[1], content: false)
      var site = EditedSite(
        films: generator.catalog(), pageSize: 5, baseURL: nil,
        themeDirectory: Fixtures.templatesDirectory)
      let output = root + "/Output"
      try await build(site, into: output)
      try Self.placeUserFiles(in: output)
      let listPage = output + "/index.html"
      let original = try String(contentsOfFile: listPage, encoding: .utf8)
      try original.replacingOccurrences(of: "</main>", with: "<p>Edited by hand.</p></main>")
        .write(toFile: listPage, atomically: false, encoding: .utf8)
      let filmPage = try #require(
        try FileManager.default.contentsOfDirectory(atPath: output + "/films").sorted().last)
      try FileManager.default.removeItem(atPath: output + "/films/" + filmPage + "/index.html")
      try SiteEdit.details(
        id: site.films[0].id, runtime: 321, tagline: "Edited", releaseDate: nil
      ).apply(to: &site)

      let (failure, summary) = try await rebuild(site, into: output, comparingIn: root + "/fresh")
      #expect(failure == nil)
      #expect(summary?.filmPagesOnly == false)
      // Without the edits by hand, the same change renders the one page alone.
      try SiteEdit.details(
        id: site.films[0].id, runtime: 123, tagline: nil, releaseDate: nil
      ).apply(to: &site)
      let next = try await rebuild(site, into: output, comparingIn: root + "/fresh")
      #expect(next.failure == nil)
      #expect(next.summary?.filmPagesOnly == true)
      #expect(next.summary?.files.written == 1)
    }
  }

  /// Makes the generator's edits to `site` one after another, rebuilding
  /// `output` after each and comparing it with a fresh build after every
  /// second one; records the first difference as an issue and stops there.
  /// - Returns: The rebuilds' summaries, up to the first that differed.
  private func edit(
    _ site: inout EditedSite, with generator: inout SiteEditGenerator, seed: UInt64,
    into output: String, root: String
  ) async throws -> [BuildSummary] {
    var summaries: [BuildSummary] = []
    for step in 1...Self.editsPerSeed {
      let edit = generator.edit(of: site, step: step)
      try edit.apply(to: &site)
      let compare = step % Self.freshBuildEvery == 0 || step == Self.editsPerSeed
      let (failure, summary) = try await rebuild(
        site, into: output, comparingIn: compare ? root + "/fresh" : nil)
      if let failure {
        Issue.record("seed \(seed), step \(step) (\(edit)): \(failure)")
        break
      }
      if let summary { summaries.append(summary) }
    }
    return summaries
  }

  /// Builds `site` into `output` in place, then (with `fresh`) into a fresh
  /// folder there, and says how the two differ or how the user's files
  /// changed (`nil` when they match), with the rebuild's summary.
  private func rebuild(
    _ site: EditedSite, into output: String, comparingIn fresh: String?
  ) async throws -> (failure: String?, summary: BuildSummary?) {
    let summary: BuildSummary
    do {
      summary = try await build(site, into: output)
    } catch {
      return ("the rebuild failed: \(error)", nil)
    }
    return (try await compare(output, withAFreshBuildOf: site, in: fresh), summary)
  }

  /// How `output` differs from a fresh build of `site` in `fresh`, or how the
  /// user's files in it changed; `nil` when they match or there is no `fresh`.
  private func compare(
    _ output: String, withAFreshBuildOf site: EditedSite, in fresh: String?
  ) async throws -> String? {
    guard let fresh else { return nil }
    // A fresh build has no state of an earlier one to start from.
    let (rebuiltState, freshState) = (
      OutputFolder(directory: output, force: false).statePath,
      OutputFolder(directory: fresh, force: false).statePath
    )
    try? FileManager.default.removeItem(atPath: freshState)
    try await build(site, into: fresh)
    defer { try? FileManager.default.removeItem(atPath: fresh) }

    let manifest = OutputManifest.fileName
    let rebuilt = try SiteTree(
      output, leaving: Set(Self.userFiles.keys).union(Self.userFolders).union([manifest]))
    let expected = try SiteTree(fresh, leaving: [manifest])
    if let difference = rebuilt.firstDifference(from: expected, names: ("rebuilt", "fresh")) {
      return difference
    }
    if let difference = SiteState.difference(rebuiltState, fresh: freshState) { return difference }
    for (path, text) in Self.userFiles.sorted(by: { $0.key < $1.key }) {
      let kept = try? String(contentsOfFile: output + "/" + path, encoding: .utf8)
      if kept != text { return "the user's \(path) is \(kept.map { "now \($0)" } ?? "gone")" }
    }
    return nil
  }

  @discardableResult
  private func build(_ site: EditedSite, into output: String) async throws -> BuildSummary {
    var input = FilmInput.source(
      CatalogSource(films: site.films), maxPages: Paginator.defaultMaxPages)
    if let catalog = site.catalogFile {
      // One film a line, as a catalog file that a person or a pull keeps.
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      var json = Data("[\n".utf8)
      for (index, film) in site.films.enumerated() {
        json += try encoder.encode(film)
        json += Data((index == site.films.count - 1 ? "\n" : ",\n").utf8)
      }
      json += Data("]\n".utf8)
      try json.write(to: URL(fileURLWithPath: catalog))
      input = .catalog(path: catalog, maxPages: nil)
    }
    let builder = SiteBuilder(
      input: input,
      templatesDirectory: site.themeDirectory,
      contentDirectory: site.hasContent ? site.contentDirectory : nil,
      outputDirectory: output,
      configuration: site.configuration)
    return try await builder.build()
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
