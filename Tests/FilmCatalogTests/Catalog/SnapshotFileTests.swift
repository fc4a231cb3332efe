import Foundation
import Testing

@testable import FilmCatalog

@Suite struct SnapshotFileTests {
  private let films = [Film(id: "1", title: "One"), Film(id: "2", title: "Two")]
  /// 2026-11-30T12:00:00Z.
  private static let pulledAt = Date(timeIntervalSince1970: 1_796_040_000)

  @discardableResult
  private func withFile<T>(_ bytes: Data, _ body: (String) throws -> T) throws -> T {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "snapshot-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try bytes.write(to: file)
    return try body(file.path)
  }

  @Test func theHeaderAWrittenSnapshotHasIsReadBack() throws {
    let data = try CatalogSnapshot(
      films: films, query: "noir", source: "https://api.themoviedb.org/3/search/movie?query=noir",
      pulledAt: Self.pulledAt, attribution: .tmdb
    ).data()
    let header = try #require(CatalogSnapshot.header(in: data))
    #expect(header.query == "noir")
    #expect(header.source == "https://api.themoviedb.org/3/search/movie?query=noir")
    #expect(header.pulledAt == "2026-11-30T12:00:00Z")
    #expect(header.pulledDate == Self.pulledAt)
    #expect(header.attribution == .tmdb)

    let snapshot = try withFile(data) { try SnapshotFile.read(path: $0) }
    #expect(snapshot?.films == films)
    #expect(snapshot?.pulledAt == Self.pulledAt)
    #expect(snapshot?.header == header)
  }

  @Test func theHeaderIsFoundAfterOtherKeysAndInAnOlderSnapshotWithoutACredit() throws {
    let header = #"{"pulledAt": "2026-11-30T12:00:00Z", "query": "", "source": "s"}"#
    let json = #"{"page": 1, "results": [{"id": 1, "title": "One"}], "filmsite": \#(header)}"#
    let read = try #require(CatalogSnapshot.header(in: Data(json.utf8)))
    #expect(read.source == "s")
    #expect(read.attribution == nil)
  }

  @Test(arguments: [
    #"[{"id": 1, "title": "One"}]"#,
    #"{"results": [{"id": 1, "title": "One"}]}"#,
    #"{"filmsite": {"query": "", "source": "s"}, "results": []}"#,
    #"{"filmsite": {"query": 1, "source": "s", "pulledAt": "x"}, "results": []}"#,
    #"{"filmsite": "#,
    "",
  ])
  func aDocumentWithoutAWholeHeaderHasNone(json: String) {
    #expect(CatalogSnapshot.header(in: Data(json.utf8)) == nil)
  }

  @Test func aMissingFileIsNoSnapshot() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "missing-\(UUID().uuidString).json"
    ).path
    #expect(try SnapshotFile.read(path: path) == nil)
  }

  @Test func aCatalogThatIsNotASnapshotIsRefusedNamingTheFile() throws {
    try withFile(Data(#"[{"id": 1, "title": "One"}]"#.utf8)) { path in
      #expect(throws: SnapshotFileError(file: path, reason: .noHeader)) {
        try SnapshotFile.read(path: path)
      }
    }
  }

  @Test func aPullTimeThatIsNotISO8601IsRefusedOnOneLine() throws {
    let json =
      #"{"filmsite": {"query": "", "source": "s", "pulledAt": "yesterday\nnoon"}, "results": []}"#
    try withFile(Data(json.utf8)) { path in
      do {
        _ = try SnapshotFile.read(path: path)
        Issue.record("read a snapshot with pulledAt \"yesterday\\nnoon\"")
      } catch let error as SnapshotFileError {
        #expect(error == SnapshotFileError(file: path, reason: .pulledAt("yesterday\nnoon")))
        #expect(!"\(error)".contains("\n"))
        #expect("\(error)".hasPrefix("\(path): not a snapshot to refresh: "))
      }
    }
  }

  @Test func brokenFilmsFailAsACatalogError() throws {
    let json =
      #"{"filmsite": {"query": "", "source": "s", "pulledAt": "2026-11-30T12:00:00Z"}, "results": [{"id": 1}]}"#
    try withFile(Data(json.utf8)) { path in
      #expect(throws: CatalogError.self) { try SnapshotFile.read(path: path) }
    }
  }
}
