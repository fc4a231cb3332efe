import Foundation
import Testing

@testable import FilmSite

@Suite struct ThemeTests {
  /// Copies the default theme into `directory` and returns the copy's path.
  private func copyTheme(into directory: String) throws -> String {
    let theme = directory + "/theme"
    try FileManager.default.copyItem(atPath: Fixtures.templatesDirectory, toPath: theme)
    return theme
  }

  @Test func defaultThemeLoadsWithItsAssets() throws {
    let theme = try Theme.load(from: Fixtures.templatesDirectory)
    #expect(
      theme.assets.keys.sorted() == [
        "favicon.svg", "load-more.js", "poster-placeholder.svg", "search.js", "style.css",
      ])
  }

  @Test func unknownPlaceholderNamesTheFileLineAndColumn() throws {
    try Fixtures.withTemporaryDirectory { directory in
      let theme = try copyTheme(into: directory)
      try "# {{title}}\n\nBy {{directr}}\n".write(
        toFile: theme + "/film.md", atomically: true, encoding: .utf8)
      let expected = TemplateError(
        file: theme + "/film.md", line: 3, column: 4, reason: .unknownPlaceholder("directr"))
      #expect(throws: expected) { try Theme.load(from: theme) }
    }
  }

  @Test func missingTemplateIsNamed() throws {
    try Fixtures.withTemporaryDirectory { directory in
      let theme = try copyTheme(into: directory)
      try FileManager.default.removeItem(atPath: theme + "/row.md")
      let expected = TemplateError(
        file: theme + "/row.md", line: 0, column: 0, reason: .unreadable("no such file"))
      #expect(throws: expected) { try Theme.load(from: theme) }
    }
  }

  @Test func everyDocumentedPlaceholderIsKnown() throws {
    // The README lists each template's placeholders; keep it and the schemas in step.
    let readme = try String(
      contentsOf: Fixtures.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    for (file, schema) in Theme.Schemas.all {
      #expect(readme.contains("`\(file)`"), "README.md does not describe \(file)")
      let itemNames = schema.fields.values.compactMap { $0?.names }.flatMap { $0 }
      for name in schema.names + itemNames {
        #expect(readme.contains("`\(name)`"), "README.md does not document {{\(name)}} of \(file)")
      }
    }
  }
}
