import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// A rebuild from a catalog file decodes only the films whose bytes changed,
/// and the films that warned, and says the same as a build that decodes the
/// whole file: the same warnings, counts and pages. Anything it cannot tell
/// from the bytes (a duplicate, a page cap) decodes it all; a film added
/// takes the plan, which decodes the films its pages show.
@Suite struct CatalogFilmBytesTests {
  /// One film a line; film 3's poster path has a scheme a page cannot show,
  /// so the build leaves it out with a warning.
  private static func catalog(overview: String = "Second.", extra: String? = nil) -> String {
    var lines = (1...6).map { number in
      let poster = number == 3 ? #", "poster_path": "javascript:alert(1)""# : ""
      let text = number == 2 ? overview : "Film \(number)."
      return
        #"{"id": \#(number), "title": "Film \#(number)", "release_date": "199\#(number)-01-01", "#
        + #""overview": "\#(text)"\#(poster)}"#
    }
    if let extra { lines.append(extra) }
    return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
  }

  private func build(
    _ json: String, in root: String, maxPages: Int? = nil, output: String = "Output"
  ) async throws -> BuildSummary {
    let catalog = root + "/films.json"
    try json.write(toFile: catalog, atomically: true, encoding: .utf8)
    return try await SiteBuilder(
      input: .catalog(path: catalog, maxPages: maxPages),
      templatesDirectory: Fixtures.templatesDirectory, outputDirectory: root + "/" + output,
      configuration: SiteConfiguration(title: "Films", pageSize: 4)
    ).build()
  }

  private func withFolder(_ body: (String) async throws -> Void) async throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("filmsite-catalog-bytes-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    try await body(root)
  }

  @Test func anOverviewChangedDecodesThatFilmAndTheOneThatWarned() async throws {
    try await withFolder { root in
      let first = try await build(Self.catalog(), in: root)
      #expect(first.fieldWarnings.count == 1)
      let rebuilt = try await build(Self.catalog(overview: "Second, changed."), in: root)
      #expect(rebuilt.filmPagesOnly)
      #expect(rebuilt.decodedFilms == 2)
      #expect(rebuilt.files.written == 1)
      #expect(rebuilt.description.contains("2 films decoded again"))
      // The warning is told again, as a build of the whole file tells it.
      let fresh = try await build(
        Self.catalog(overview: "Second, changed."), in: root, output: "Fresh")
      #expect(rebuilt.fieldWarnings.map(\.description) == fresh.fieldWarnings.map(\.description))
      #expect(rebuilt.films == fresh.films)
      #expect(rebuilt.duplicatesDropped == fresh.duplicatesDropped)
      #expect(rebuilt.pageCap == fresh.pageCap)
    }
  }

  @Test func aFilmWhoseBytesDidNotChangeIsNotDecodedAgain() async throws {
    try await withFolder { root in
      _ = try await build(Self.catalog(), in: root)
      let state = try #require(SiteWriter(directory: root + "/Output").state())
      let file = try CatalogFile.read(path: root + "/films.json")
      let bytes = try #require(CatalogFilmBytes(file))
      // Only film 3, which warned.
      #expect(bytes.offsetsToDecode(from: state) == [2])
      try Self.catalog(overview: "Other.").write(
        toFile: root + "/films.json", atomically: true, encoding: .utf8)
      let changed = try #require(CatalogFilmBytes(CatalogFile.read(path: root + "/films.json")))
      #expect(changed.offsetsToDecode(from: state) == [1, 2])
      let films = try #require(changed.films(at: [1, 2]))
      #expect(films.map(\.element.overview) == ["Other.", "Film 3."])
    }
  }

  /// A film added takes the plan, which leaves the films whose bytes did not
  /// change to decode later (``CatalogFilmBytes/filmsDecodingLater(from:failures:)``):
  /// the added film and those a page made again shows are decoded. A film
  /// given twice decodes the whole file.
  @Test func aFilmAddedIsPlannedAndADuplicateDecodesTheWholeFile() async throws {
    try await withFolder { root in
      _ = try await build(Self.catalog(), in: root)
      let added = try await build(
        Self.catalog(extra: #"{"id": 7, "title": "Film 7", "overview": "New."}"#), in: root)
      #expect(!added.filmPagesOnly)
      let decoded = try #require(added.decodedFilms)
      #expect(decoded > 0 && decoded < 7)
      #expect(added.films == 7)
      // A film given twice is dropped by the pull: its bytes are no film of the site's.
      let duplicate = try await build(
        Self.catalog(extra: #"{"id": 1, "title": "Film 1 again"}"#), in: root)
      #expect(duplicate.duplicatesDropped == 1)
      #expect(duplicate.decodedFilms == nil)
      let state = try #require(SiteWriter(directory: root + "/Output").state())
      #expect((0..<state.count).allSatisfy { state.sourceHash(at: $0) == nil })
      // The next edit of the file decodes it all, and leaves hashes again.
      let again = try await build(Self.catalog(overview: "Third."), in: root)
      #expect(again.decodedFilms == nil)
      let next = try #require(SiteWriter(directory: root + "/Output").state())
      #expect((0..<next.count).allSatisfy { next.sourceHash(at: $0) != nil })
      let last = try await build(Self.catalog(overview: "Fourth."), in: root)
      #expect(last.decodedFilms == 2)
    }
  }

  @Test func aFilmThatNoLongerDecodesFailsAsTheWholeFileWould() async throws {
    try await withFolder { root in
      _ = try await build(Self.catalog(), in: root)
      let broken = Self.catalog().replacingOccurrences(
        of: #"{"id": 4, "title": "Film 4","#, with: #"{"id": 4, "title": 4,"#)
      await #expect(throws: CatalogError.self) { try await build(broken, in: root) }
      // The site is as it was, and a build of the fixed file decodes only what changed.
      let fixed = try await build(Self.catalog(overview: "Fixed."), in: root)
      #expect(fixed.decodedFilms == 2)
    }
  }

  @Test func aPageCapDecodesTheWholeFile() async throws {
    try await withFolder { root in
      _ = try await build(Self.catalog(), in: root)
      let capped = try await build(Self.catalog(overview: "Capped."), in: root, maxPages: 1)
      #expect(capped.decodedFilms == nil)
    }
  }
}
