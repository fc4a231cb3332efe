import Foundation
import Testing

@testable import FilmSite

@Suite struct SiteWriterTests {
  private let site = [
    OutputFile(path: "index.html", text: "home"),
    OutputFile(path: "films/1-a/index.html", text: "a"),
    OutputFile(path: "films/2-b/index.html", text: "b"),
  ]

  private func read(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func writesFilesAndAManifest() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let summary = try SiteWriter(directory: output).write(site)
      #expect(summary == .init(written: 3, unchanged: 0, removed: 0))
      #expect(read(output + "/films/2-b/index.html") == "b")
      let manifest = try #require(read(output + "/" + OutputManifest.fileName))
      #expect(manifest.contains("films/1-a/index.html\n"))
    }
  }

  @Test func rebuildRemovesStalePagesAndKeepsUnchangedOnes() throws {
    try Fixtures.withTemporaryDirectory { output in
      try SiteWriter(directory: output).write(site)
      let next = [site[0], OutputFile(path: "films/1-a/index.html", text: "a2")]
      let summary = try SiteWriter(directory: output).write(next)
      #expect(summary == .init(written: 1, unchanged: 1, removed: 1))
      #expect(!FileManager.default.fileExists(atPath: output + "/films/2-b/index.html"))
      #expect(!FileManager.default.fileExists(atPath: output + "/films/2-b"))
      #expect(read(output + "/films/1-a/index.html") == "a2")
    }
  }

  @Test func filesFilmSiteDidNotWriteSurvive() throws {
    try Fixtures.withTemporaryDirectory { output in
      try SiteWriter(directory: output).write(site)
      try "example.com".write(toFile: output + "/CNAME", atomically: true, encoding: .utf8)
      try "mine".write(toFile: output + "/films/2-b/notes.txt", atomically: true, encoding: .utf8)
      try SiteWriter(directory: output).write([site[0]])
      #expect(read(output + "/CNAME") == "example.com")
      #expect(read(output + "/films/2-b/notes.txt") == "mine")
      #expect(!FileManager.default.fileExists(atPath: output + "/films/2-b/index.html"))
    }
  }

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

  @Test func anEditedManifestCannotReachOutsideTheFolder() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      try SiteWriter(directory: output).write(site)
      try "keep".write(toFile: root + "/victim.txt", atomically: true, encoding: .utf8)
      let manifestPath = output + "/" + OutputManifest.fileName
      let manifest = try #require(read(manifestPath))
      try (manifest + "../victim.txt\n/etc/hostname\n").write(
        toFile: manifestPath, atomically: true, encoding: .utf8)
      try SiteWriter(directory: output).write([])
      #expect(read(root + "/victim.txt") == "keep")
    }
  }
}
