import Foundation
import Testing

@testable import FilmSite

/// The up-to-date check, which reads a manifest's lines as it checks them,
/// held to the reference: the whole manifest read, every file looked at.
@Suite struct UpToDateSiteTests {
  private static let fingerprint = ContentHash(value: 42)
  private static let pageCounts = SitePageCounts(indexPages: 2, browsePages: 3, hasSiteFiles: true)
  private static let filmCounts = FilmCounts(films: 5, duplicatesDropped: 1, pageCap: nil)

  private static let site =
    (1...40).map { OutputFile(path: "films/\($0)-x/index.html", text: "film \($0)") } + [
      OutputFile(path: "index.html", text: "home"),
      OutputFile(path: "assets/site.css", text: "body {}"),
    ]

  /// The folder's answer the slow, plain way: every line of the manifest
  /// read (and none FilmSite would not have written, so the manifest reads
  /// back to its own bytes), every file it lists as written.
  private func reference(_ folder: OutputFolder) throws -> UpToDateSite? {
    guard !FileSystem.exists(folder.previousPath),
      let bytes = try? FileSystem.contents(of: folder.manifestPath),
      let manifest = OutputManifest(bytes: bytes), manifest.bytes == bytes,
      manifest.fingerprint == Self.fingerprint, !manifest.paths.isEmpty,
      manifest.entries.count == manifest.paths.count
    else { return nil }
    for (path, entry) in zip(manifest.paths, manifest.entries) {
      guard let found = try? FileSystem.status(of: folder.path + "/" + path),
        entry.describes(found)
      else { return nil }
    }
    return UpToDateSite(
      files: manifest.paths.count, pageCounts: manifest.pageCounts, filmCounts: manifest.filmCounts)
  }

  /// The writer of `Output` in `root`, after it published the site with its counts.
  private func writtenSite(in root: String) throws -> SiteWriter {
    let writer = SiteWriter(directory: root + "/Output")
    var publication = try writer.begin()
    try writer.add(Self.site, to: &publication)
    _ = try writer.publish(
      publication, fingerprint: Self.fingerprint, pageCounts: Self.pageCounts,
      filmCounts: Self.filmCounts)
    return writer
  }

  /// Writes the site with its counts, changes the folder with `edit`, and
  /// compares the check with the reference.
  private func check(
    sourceLocation: SourceLocation = #_sourceLocation, _ edit: (OutputFolder) throws -> Void
  ) throws -> UpToDateSite? {
    try Fixtures.withTemporaryDirectory { root in
      let writer = try writtenSite(in: root)
      try edit(writer.folder)
      let found = try writer.upToDateSite(builtFrom: Self.fingerprint)
      #expect(found == (try reference(writer.folder)), sourceLocation: sourceLocation)
      return found
    }
  }

  /// A build killed after its swap leaves its lock file, unlocked; a build
  /// that then finds the site up to date takes no lock of its own, and
  /// removes that file, unless a running build holds it.
  @Test func anUpToDateSiteRemovesAStaleLockButNotAHeldOne() throws {
    for held in [false, true] {
      let lockLeft = try Fixtures.withTemporaryDirectory { root in
        let writer = try writtenSite(in: root)
        let lockPath = writer.folder.lockPath
        #expect(!FileSystem.exists(lockPath))
        #expect(FileManager.default.createFile(atPath: lockPath, contents: nil))
        let holder = held ? try LockFile.acquire(lockPath) : nil
        #expect(try writer.upToDateSite(builtFrom: Self.fingerprint) != nil)
        let left = FileSystem.exists(lockPath)
        holder?.release()
        return left
      }
      #expect(lockLeft == held, "held: \(held)")
    }
  }

  private func setTime(of path: String, to seconds: TimeInterval) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: path)
  }

  @Test func aSiteAsWrittenIsUpToDateWithItsCounts() throws {
    let found = try check { _ in }
    #expect(
      found
        == UpToDateSite(
          files: Self.site.count, pageCounts: Self.pageCounts, filmCounts: Self.filmCounts))
  }

  @Test func anotherFingerprintIsNotUpToDate() throws {
    try Fixtures.withTemporaryDirectory { root in
      let writer = SiteWriter(directory: root + "/Output")
      try writer.write(Self.site, fingerprint: Self.fingerprint)
      #expect(try writer.upToDateSite(builtFrom: ContentHash(value: 43)) == nil)
      #expect(try writer.upToDateSite(builtFrom: Self.fingerprint)?.files == Self.site.count)
    }
  }

  @Test(arguments: ["index.html", "films/17-x/index.html", "assets/site.css"])
  func oneFileTouchedRemovedOrReplacedIsNotUpToDate(path: String) throws {
    #expect(try check { try setTime(of: $0.path + "/" + path, to: 1) } == nil)
    #expect(try check { try FileSystem.remove($0.path + "/" + path) } == nil)
    #expect(
      try check { folder in
        let file = folder.path + "/" + path
        let size = try FileSystem.status(of: file).size
        try FileSystem.remove(file)
        try FileSystem.makeSymbolicLink(at: file, to: String(repeating: "x", count: size))
      } == nil)
    #expect(
      try check { folder in
        let file = folder.path + "/" + path
        try FileSystem.remove(file)
        try FileSystem.makeFolder(at: file)
      } == nil)
  }

  @Test func aFileTheManifestDoesNotListChangesNothing() throws {
    let found = try check {
      try "example.com".write(toFile: $0.path + "/CNAME", atomically: false, encoding: .utf8)
    }
    #expect(found?.files == Self.site.count)
  }

  @Test func aPublishAStoppedBuildLeftIsNotUpToDate() throws {
    #expect(try check { try FileSystem.makeFolder(at: $0.previousPath) } == nil)
  }

  @Test func theSpareBesideTheFolderLeavesItUpToDate() throws {
    let found = try check { try FileSystem.makeFolder(at: $0.stagingPath) }
    #expect(found?.files == Self.site.count)
  }

  @Test func aManifestWithALineFilmSiteWouldNotWriteIsNotUpToDate() throws {
    let edits: [(String) -> String] = [
      { $0 + "../escape.html\t000000000000002a\t1\t1.0\n" },
      { $0 + "zz.html\tnot-a-hash\t1\t1.0\n" },
      { text in
        // Two lines swapped: still every file, but not in FilmSite's order.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.swapAt(lines.count - 2, lines.count - 3)
        return lines.joined(separator: "\n")
      },
    ]
    for edit in edits {
      #expect(
        try check { folder in
          let text = String(
            decoding: try FileSystem.contents(of: folder.manifestPath), as: UTF8.self)
          try FileSystem.remove(folder.manifestPath)
          _ = try FileSystem.createFile(at: folder.manifestPath, with: Array(edit(text).utf8))
        } == nil)
    }
  }
}
