import Foundation
import Testing

@testable import FilmSite

/// A theme folder holds only what it changes; the rest is the built-in theme's.
@Suite struct PartialThemeTests {
  private func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  @Test func aFolderWithOneTemplateTakesTheRestFromTheBuiltInTheme() throws {
    try Fixtures.withTemporaryDirectory { directory in
      try write("# {{title}}\n\nMy own film page.\n", to: directory + "/film.md")
      let theme = try Theme.load(from: directory)
      let builtIn = try Theme.builtIn()
      #expect(theme.film.file == directory + "/film.md")
      #expect(theme.film.sourceHash != builtIn.film.sourceHash)
      #expect(theme.layout.file == "(built-in theme)/layout.html")
      #expect(theme.layout.sourceHash == builtIn.layout.sourceHash)
      #expect(theme.assets == builtIn.assets)
      // The fingerprint sees the change.
      #expect(theme.contentHash != builtIn.contentHash)
    }
  }

  @Test func anEmptyFolderIsTheBuiltInTheme() throws {
    try Fixtures.withTemporaryDirectory { directory in
      let theme = try Theme.load(from: directory)
      #expect(theme.contentHash == (try Theme.builtIn()).contentHash)
    }
  }

  @Test func assetsAreReplacedOrAddedOneByOne() throws {
    try Fixtures.withTemporaryDirectory { directory in
      try write("body { color: red }\n", to: directory + "/assets/style.css")
      try write("logo", to: directory + "/assets/img/logo.svg")
      let theme = try Theme.load(from: directory)
      let builtIn = try Theme.builtIn()
      #expect(theme.assets["style.css"] == Data("body { color: red }\n".utf8))
      #expect(theme.assets["img/logo.svg"] == Data("logo".utf8))
      #expect(theme.assets["search.js"] == builtIn.assets["search.js"])
      #expect(theme.assets.count == builtIn.assets.count + 1)
    }
  }

  @Test func anErrorNamesTheFoldersFile() throws {
    try Fixtures.withTemporaryDirectory { directory in
      try write("<main>{{content}} {{nope}}</main>\n", to: directory + "/layout.html")
      let expected = TemplateError(
        file: directory + "/layout.html", line: 1, column: 19, reason: .unknownPlaceholder("nope"))
      #expect(throws: expected) { try Theme.load(from: directory) }
    }
  }

  @Test func aMarkdownIndexNeedsItsOwnRow() throws {
    try Fixtures.withTemporaryDirectory { directory in
      try write("{{rows}}\n", to: directory + "/index.md")
      let expected = TemplateError(
        file: directory + "/row.md", line: 0, column: 0,
        reason: .unreadable(
          "no such file (index.md needs a row in its language, and the built-in theme's is row.html)"
        ))
      #expect(throws: expected) { try Theme.load(from: directory) }
    }
  }

  @Test func aMarkdownRowUnderTheBuiltInIndexIsRefused() throws {
    try Fixtures.withTemporaryDirectory { directory in
      try write("- {{title}}\n", to: directory + "/row.md")
      let expected = TemplateError(
        file: directory + "/row.md", line: 0, column: 0,
        reason: .listLanguageMismatch(index: "index.html"))
      #expect(throws: expected) { try Theme.load(from: directory) }
    }
  }
}
