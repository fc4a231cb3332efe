import Foundation
import Testing

@testable import FilmCatalog

@Suite struct CatalogSnapshotTests {
  private let films = [Film(id: "1", title: "One")]

  @Test func recordsTheSourcesAttributionForAnOfflineBuild() throws {
    let snapshot = CatalogSnapshot(
      films: films, query: "q", source: "https://api.themoviedb.org/3/search/movie",
      attribution: .tmdb)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "snapshot-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try snapshot.data().write(to: file)
    #expect(CatalogSnapshot.attribution(atPath: file.path) == .tmdb)
    #expect(try CatalogFile.load(path: file.path) == films)
    let contents = try CatalogFile.loadContents(path: file.path)
    #expect(contents.films == films)
    #expect(contents.attribution == .tmdb)
  }

  @Test func theCreditIsReadFromTheHeaderWhereverItIsInTheFile() throws {
    let credit =
      #"{"query": "", "source": "s", "attribution": {"text": "T", "url": "https://x.example/"}}"#
    let film = #"{"id": 1, "title": "One"}"#
    let layouts = [
      #"{"filmsite": \#(credit), "results": [\#(film)]}"#,
      #"{"results": [\#(film)], "page": 1, "filmsite": \#(credit)}"#,
      // Duplicate keys send the reader to the slow path, which must find the credit too.
      #"{"results": [\#(film)], "x": 1, "x": 2, "filmsite": \#(credit)}"#,
    ]
    for layout in layouts {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "snapshot-\(UUID().uuidString).json")
      defer { try? FileManager.default.removeItem(at: file) }
      try Data(layout.utf8).write(to: file)
      let contents = try CatalogFile.loadContents(path: file.path)
      #expect(contents.films == films)
      #expect(
        contents.attribution == Attribution(text: "T", url: "https://x.example/"), "\(layout)")
    }
    let plain = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: plain) }
    try Data("[\(film)]".utf8).write(to: plain)
    #expect(try CatalogFile.loadContents(path: plain.path).attribution == nil)
  }

  @Test func aSnapshotWithoutAttributionHasNoSuchKey() throws {
    let data = try CatalogSnapshot(films: films, query: "", source: "s").data()
    #expect(!String(decoding: data, as: UTF8.self).contains("attribution"))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "snapshot-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try data.write(to: file)
    #expect(CatalogSnapshot.attribution(atPath: file.path) == nil)
    #expect(CatalogSnapshot.attribution(atPath: file.path + ".missing") == nil)
  }

  @Test func anAttributionLinkThatIsNotHTTPIsIgnored() throws {
    let snapshot = CatalogSnapshot(
      films: films, query: "", source: "s",
      attribution: Attribution(text: "Credit", url: "javascript:alert(1)"))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "snapshot-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try snapshot.data().write(to: file)
    #expect(CatalogSnapshot.attribution(atPath: file.path) == nil)
  }
}
