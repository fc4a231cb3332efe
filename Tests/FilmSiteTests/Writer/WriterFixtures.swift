import Foundation

@testable import FilmSite

/// What the writer's test suites share: a small site, and reading a file back.
enum WriterFixtures {
  /// A home page and two films' pages.
  static let site = [
    OutputFile(path: "index.html", text: "home"),
    OutputFile(path: "films/1-a/index.html", text: "a"),
    OutputFile(path: "films/2-b/index.html", text: "b"),
  ]

  /// The text of the file at `path`; `nil` when there is none.
  static func text(at path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }
}
