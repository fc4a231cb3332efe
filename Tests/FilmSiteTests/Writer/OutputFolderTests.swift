import Foundation
import Testing

@testable import FilmSite

/// Which folders FilmSite writes: its own, a new or empty one, or a forced
/// one; never the root, the home folder or a project.
@Suite struct OutputFolderTests {
  private let site = WriterFixtures.site

  private func read(_ path: String) -> String? { WriterFixtures.text(at: path) }

  @Test func refusesAForeignFolderUnlessForced() throws {
    try Fixtures.withTemporaryDirectory { output in
      try "precious".write(toFile: output + "/thesis.tex", atomically: true, encoding: .utf8)
      #expect(throws: WriterError.notOwned(directory: output, example: "thesis.tex")) {
        try SiteWriter(directory: output).write(site)
      }
      #expect(!FileManager.default.fileExists(atPath: output + "/index.html"))
      try SiteWriter(directory: output, force: true).write(site)
      try SiteWriter(directory: output).write([])
      #expect(read(output + "/thesis.tex") == "precious")
      #expect(!FileManager.default.fileExists(atPath: output + "/index.html"))
    }
  }

  @Test func aFolderHoldingOnlyThePlaceholderIsFilmSites() throws {
    try Fixtures.withTemporaryDirectory { output in
      try "*\n".write(toFile: output + "/.gitignore", atomically: true, encoding: .utf8)
      try SiteWriter(directory: output).write(site)
      #expect(read(output + "/.gitignore") == "*\n")
    }
  }

  @Test func refusesProjectsAndTheRoot() throws {
    try Fixtures.withTemporaryDirectory { project in
      try "// swift-tools-version:6.0".write(
        toFile: project + "/Package.swift", atomically: true, encoding: .utf8)
      #expect(
        throws: WriterError.refused(
          directory: project, reason: "it holds a Package.swift, so it is a project, not a site")
      ) {
        try SiteWriter(directory: project, force: true).write(site)
      }
    }
    #expect(throws: WriterError.refused(directory: "/", reason: "it is the root folder")) {
      try SiteWriter(directory: "/", force: true).write(site)
    }
  }

  /// The folder the output folder sits in is made when missing; when it
  /// cannot be, the error names it and the system's reason.
  @Test func aFolderThatCannotBeMadeNamesItsPathAndTheReason() throws {
    try Fixtures.withTemporaryDirectory { root in
      try SiteWriter(directory: root + "/new/parent/Output").write(site)
      #expect(read(root + "/new/parent/Output/index.html") == "home")
      try "x".write(toFile: root + "/file", atomically: true, encoding: .utf8)
      #expect(
        throws: WriterError.io(
          path: root + "/file", operation: "create the folder", message: "File exists")
      ) { try SiteWriter(directory: root + "/file/Output").write(site) }
    }
  }

  @Test func ownershipIsCheckedFromTheManifestsFirstLine() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      try SiteWriter(directory: output).checkOwnership()  // a folder yet to be made is fine
      try SiteWriter(directory: output).write(site)
      try SiteWriter(directory: output).checkOwnership()

      let manifest = output + "/" + OutputManifest.fileName
      try "not a manifest\n".write(toFile: manifest, atomically: true, encoding: .utf8)
      let target = SiteWriter(directory: output).folder.path
      #expect(
        throws: WriterError.io(
          path: target + "/" + OutputManifest.fileName, operation: "read the manifest",
          message: "it is not a FilmSite manifest")
      ) { try SiteWriter(directory: output).checkOwnership() }

      let foreign = root + "/Thesis"
      try FileManager.default.createDirectory(atPath: foreign, withIntermediateDirectories: true)
      try "x".write(toFile: foreign + "/thesis.tex", atomically: true, encoding: .utf8)
      #expect(throws: WriterError.notOwned(directory: foreign, example: "thesis.tex")) {
        try SiteWriter(directory: foreign).checkOwnership()
      }
    }
  }
}
