import Foundation
import Testing

@testable import FilmSite

@Suite struct BuiltInThemeTests {
  /// Every regular, visible file below `directory` by relative path, with its bytes.
  private func files(below directory: String) throws -> [String: Data] {
    let manager = FileManager.default
    var files: [String: Data] = [:]
    for path in try manager.subpathsOfDirectory(atPath: directory)
    where !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
      var isDirectory: ObjCBool = false
      let full = directory + "/" + path
      guard manager.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue
      else { continue }
      files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
    }
    return files
  }

  @Test func holdsExactlyTheFilesOfTemplates() throws {
    let expected = try files(below: Fixtures.templatesDirectory)
    #expect(expected.count > 5)
    #expect(
      BuiltInTheme.files.keys.sorted() == expected.keys.sorted(),
      "the binary's theme is not Templates/: a file added in a new subfolder needs a new build plan (touch Package.swift)"
    )
    for (path, bytes) in expected {
      #expect(BuiltInTheme.files[path] == bytes, "\(path) differs from the built-in copy")
    }
  }

  @Test func loadsAsTheTemplatesFolderDoes() throws {
    let builtIn = try Theme.builtIn()
    let folder = try Theme.load(from: Fixtures.templatesDirectory)
    #expect(builtIn.contentHash == folder.contentHash)
    #expect(builtIn.assets == folder.assets)
    #expect(builtIn.film.file == "(built-in theme)/film.html")
    #expect(builtIn.film.language == .html)
  }

  @Test func exportWritesEveryFileIntoANewFolder() throws {
    try Fixtures.withTemporaryDirectory { directory in
      let target = directory + "/my-theme/nested"
      try BuiltInTheme.export(to: target)
      #expect(try files(below: target) == BuiltInTheme.files)
      let exported = try Theme.load(from: target)
      #expect(exported.contentHash == (try Theme.builtIn()).contentHash)
    }
  }

  @Test func exportIntoAnEmptyFolderIsAllowed() throws {
    try Fixtures.withTemporaryDirectory { directory in
      try BuiltInTheme.export(to: directory)
      let written = try files(below: directory)
      #expect(written.count == BuiltInTheme.files.count)
    }
  }

  @Test(arguments: [".hidden", "notes.txt"])
  func exportRefusesAFolderThatHoldsAnything(entry: String) throws {
    try Fixtures.withTemporaryDirectory { directory in
      try "mine".write(toFile: directory + "/" + entry, atomically: true, encoding: .utf8)
      let expected = ThemeExportError(path: directory, reason: .notEmpty(holding: entry))
      #expect(throws: expected) { try BuiltInTheme.export(to: directory) }
      #expect(
        expected.description
          == "\(directory): the folder is not empty (it holds \"\(entry)\"); export the theme into a new or empty folder"
      )
      // Nothing was written beside the user's file.
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [entry])
    }
  }

  @Test func exportRefusesAFile() throws {
    try Fixtures.withTemporaryDirectory { directory in
      let file = directory + "/theme"
      try "x".write(toFile: file, atomically: true, encoding: .utf8)
      #expect(throws: ThemeExportError(path: file, reason: .notAFolder)) {
        try BuiltInTheme.export(to: file)
      }
    }
  }
}
