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
  ///
  /// The folder sits inside a temporary folder of its own, so that what a build keeps beside
  /// its output (the spare tree and the lock, `.NAME.filmsite-*`) goes with it.
  static func withTemporaryDirectory<Result>(
    _ body: (String) throws -> Result
  ) throws -> Result {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("filmsite-tests-\(UUID().uuidString)").path
    let path = root + "/folder"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    return try body(path)
  }

  static func films(_ count: Int) -> [Film] {
    (1...max(count, 1)).prefix(count).map { number in
      Film(id: String(number), title: "Film \(number)", year: 1950 + number % 70, genres: ["Drama"])
    }
  }
}
