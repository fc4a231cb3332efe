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
      // The folder's Markdown film page wins over the built-in HTML one.
      #expect(theme.film.file == directory + "/film.md")
      #expect(theme.film.language == .markdown)
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

  @Test func aNamedFolderThatIsMissingOrAFileIsAnError() throws {
    try Fixtures.withTemporaryDirectory { directory in
      let missing = directory + "/no-theme"
      #expect(throws: TemplateError(file: missing, line: 0, column: 0, reason: .noThemeFolder)) {
        try Theme.load(from: missing)
      }
      try write("not a folder", to: directory + "/file")
      #expect(
        throws: TemplateError(file: directory + "/file", line: 0, column: 0, reason: .noThemeFolder)
      ) { try Theme.load(from: directory + "/file") }
      let error = TemplateError(file: missing, line: 0, column: 0, reason: .noThemeFolder)
      #expect(error.description == "\(missing): no such theme folder")
    }
  }

  @Test func linksAreFollowedForTemplatesAndAssets() throws {
    try Fixtures.withTemporaryDirectory { directory in
      try write("# {{title}}\n\nLinked.\n", to: directory + "/elsewhere/film.md")
      try write("body { color: teal }\n", to: directory + "/elsewhere/style.css")
      let theme = directory + "/theme"
      try FileManager.default.createDirectory(
        atPath: theme + "/assets", withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: theme + "/film.md", withDestinationPath: directory + "/elsewhere/film.md")
      try FileManager.default.createSymbolicLink(
        atPath: theme + "/assets/style.css", withDestinationPath: directory + "/elsewhere/style.css"
      )
      let loaded = try Theme.load(from: theme)
      #expect(loaded.film.file == theme + "/film.md")
      #expect(loaded.assets["style.css"] == Data("body { color: teal }\n".utf8))
    }
  }

  @Test(arguments: ["film.md", "assets/style.css"])
  func aLinkToNothingIsAnErrorNotAMissingFile(name: String) throws {
    try Fixtures.withTemporaryDirectory { directory in
      try FileManager.default.createDirectory(
        atPath: directory + "/assets", withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: directory + "/" + name, withDestinationPath: directory + "/nowhere")
      let expected = TemplateError(
        file: directory + "/" + name, line: 0, column: 0, reason: .unreadable("a link to nothing"))
      #expect(throws: expected) { try Theme.load(from: directory) }
    }
  }

  @Test func aTemplateThatIsNotUTF8IsNamed() throws {
    try Fixtures.withTemporaryDirectory { directory in
      try Data([0x23, 0x20, 0xFF, 0xFE, 0x0A]).write(
        to: URL(fileURLWithPath: directory + "/404.md"))
      let expected = TemplateError(
        file: directory + "/404.md", line: 0, column: 0, reason: .unreadable("not UTF-8 text"))
      #expect(throws: expected) { try Theme.load(from: directory) }
    }
  }
}
