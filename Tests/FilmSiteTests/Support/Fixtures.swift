import Foundation
import Testing

@testable import FilmCatalog

/// Paths and helpers shared by the FilmSite tests.
enum Fixtures {
  /// The repository root, found from this file's location.
  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static let templatesDirectory = repositoryRoot.appendingPathComponent("Templates").path

  /// A new empty folder that is removed when `body` returns.
  static func withTemporaryDirectory<Result>(
    _ body: (String) throws -> Result
  ) throws -> Result {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("filmsite-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
  }

  static func films(_ count: Int) -> [Film] {
    (1...max(count, 1)).prefix(count).map { number in
      Film(id: String(number), title: "Film \(number)", year: 1950 + number % 70, genres: ["Drama"])
    }
  }
}
