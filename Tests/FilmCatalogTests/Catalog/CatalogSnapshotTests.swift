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
