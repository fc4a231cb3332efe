import Foundation
import Testing

@testable import FilmSite

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct SiteWriterTests {
  private let site = WriterFixtures.site

  private func read(_ path: String) -> String? { WriterFixtures.text(at: path) }

  /// A file's own folder is made by its file's task; a folder that is also
  /// another's parent, or that several files share, must still be there.
  @Test func foldersSharedOrNestedInOneBatchAreAllMade() throws {
    let files = [
      OutputFile(path: "genres/drama/index.html", text: "1"),
      OutputFile(path: "genres/drama/page/2/index.html", text: "2"),
      OutputFile(path: "search/a.json", text: "3"),
      OutputFile(path: "search/b.json", text: "4"),
      OutputFile(path: "assets/x/y.css", text: "5"),
      OutputFile(path: "films/1-a/index.html", text: "6"),
    ]
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let summary = try SiteWriter(directory: output).write(files)
      #expect(summary.written == files.count)
      for file in files {
        #expect(
          read(output + "/" + file.path).map { Data($0.utf8) } == file.contents, "\(file.path)")
      }
    }
  }

  /// Tasks on every core make missing parents at once; a later batch writes
  /// into folders an earlier one made.
  @Test func manyFilesInNewNestedFoldersAcrossBatchesAreAllWritten() throws {
    let first = (0..<500).map { OutputFile(path: "a/b/c/\($0)/index.html", text: "\($0)") }
    let second = [
      OutputFile(path: "a/b/c/9/extra.html", text: "x"), OutputFile(path: "a/top.html", text: "t"),
    ]
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      var publication = try writer.begin()
      try writer.add(first, to: &publication)
      try writer.add(second, to: &publication)
      let summary = try writer.publish(publication)
      #expect(summary.written == 502)
      for file in first + second {
        #expect(
          read(output + "/" + file.path).map { Data($0.utf8) } == file.contents, "\(file.path)")
      }
    }
  }

  /// A file where another file needs a folder fails the write, whichever
  /// task comes first, and the output folder is left as it was.
  @Test func aFileWhereAFolderMustBeFailsAndChangesNothing() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      try writer.write([OutputFile(path: "index.html", text: "home")])
      let clash = [
        OutputFile(path: "a", text: "a file"), OutputFile(path: "a/x.html", text: "in a folder"),
      ]
      #expect(throws: WriterError.self) { try writer.write(clash) }
      #expect(read(output + "/index.html") == "home")
      #expect(!FileManager.default.fileExists(atPath: output + "/a"))
    }
  }

  @Test func writesFilesAndAManifest() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let summary = try SiteWriter(directory: output).write(site)
      #expect(summary == .init(written: 3, unchanged: 0, removed: 0))
      #expect(read(output + "/films/2-b/index.html") == "b")
      let manifest = try #require(read(output + "/" + OutputManifest.fileName))
      #expect(manifest.contains("\nfilms/1-a/index.html\t"))
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

  @Test(arguments: ["x\nCNAME", "tab\there.html", "../escape.html", "/etc/x", "a/../../b"])
  func pathsThatWouldLeaveTheFolderOrBreakTheManifestAreRefused(path: String) throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      try SiteWriter(directory: output).write(site)
      let before = read(output + "/" + OutputManifest.fileName)
      #expect(throws: WriterError.self) {
        try SiteWriter(directory: output).write(site + [OutputFile(path: path, text: "x")])
      }
      #expect(read(output + "/" + OutputManifest.fileName) == before)
      #expect(!FileManager.default.fileExists(atPath: root + "/escape.html"))
    }
  }

  @Test func aForeignFileWhoseNameIsNotUTF8StopsTheBuildAndStays() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      try SiteWriter(directory: output).write(site)
      // "café.txt" in Latin-1: not UTF-8.
      let name: [UInt8] = Array((output + "/caf").utf8) + [0xE9] + Array(".txt".utf8) + [0]
      let descriptor = withCPath(name) { open($0, O_CREAT | O_WRONLY, 0o644) } ?? -1
      #expect(descriptor >= 0)
      close(descriptor)
      let changed = [OutputFile(path: "index.html", text: "new home")] + site.dropFirst()
      #expect(throws: WriterError.self) { try SiteWriter(directory: output).write(changed) }
      let stillThere = withCPath(name) { access($0, F_OK) == 0 } ?? false
      #expect(stillThere)
      #expect(read(output + "/index.html") == "home")
    }
  }

  /// Calls `body` with `bytes` (ending in NUL) as a C path, which need not be UTF-8.
  private func withCPath<Result>(
    _ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Result
  ) -> Result? {
    let characters = bytes.map { CChar(bitPattern: $0) }
    return characters.withUnsafeBufferPointer { buffer in buffer.baseAddress.map(body) }
  }

  @Test func aSecondBuildIntoTheSameFolderWaitsForNoneAndChangesNothing() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      try writer.write(site)
      var first = try writer.begin()
      try writer.add([OutputFile(path: "index.html", text: "first")], to: &first)
      #expect(
        throws: WriterError.refused(
          directory: output, reason: "another build is writing it now; wait for it to finish")
      ) { _ = try SiteWriter(directory: output).begin() }
      // The refused build must not have touched the first one's staging folder.
      #expect(read(writer.folder.stagingPath + "/index.html") == "first")
      writer.abandon(first)

      let second = try SiteWriter(directory: output).begin()
      SiteWriter(directory: output).abandon(second)
      // The lock file goes with the lock: nothing is left beside the output folder.
      #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["Output"])
      #expect(read(output + "/index.html") == "home")
    }
  }

  @Test func anEditedManifestCannotReachOutsideTheFolder() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      try SiteWriter(directory: output).write(site)
      try "keep".write(toFile: root + "/victim.txt", atomically: true, encoding: .utf8)
      let manifestPath = output + "/" + OutputManifest.fileName
      let manifest = try #require(read(manifestPath))
      let edits = ["../victim.txt", "/etc/hostname", "a/../../victim.txt"].map {
        "\($0)\t0000000000000001\t4\t1.0\n\($0)\n"
      }
      try (manifest + edits.joined()).write(
        toFile: manifestPath, atomically: true, encoding: .utf8)
      try SiteWriter(directory: output).write([])
      #expect(read(root + "/victim.txt") == "keep")
    }
  }

  private func identity(_ path: String) throws -> (inode: UInt64, modified: Date) {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    let inode = try #require(attributes[.systemFileNumber] as? UInt64)
    let modified = try #require(attributes[.modificationDate] as? Date)
    return (inode, modified)
  }

  @Test func unchangedPagesKeepTheirInodeAndModificationTime() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      try SiteWriter(directory: output).write(site)
      let before = try site.map { try identity(output + "/" + $0.path) }
      let summary = try SiteWriter(directory: output).write(site)
      #expect(summary == .init(written: 0, unchanged: 3, removed: 0))
      let after = try site.map { try identity(output + "/" + $0.path) }
      #expect(before.map(\.inode) == after.map(\.inode))
      #expect(before.map(\.modified) == after.map(\.modified))
    }
  }

  @Test func foreignFoldersLinksAndFilesAreCarriedUntouched() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      try SiteWriter(directory: output).write(site)
      let manager = FileManager.default
      try manager.createDirectory(
        atPath: output + "/.git/objects/ab", withIntermediateDirectories: true)
      try "ref: refs/heads/gh-pages".write(
        toFile: output + "/.git/HEAD", atomically: true, encoding: .utf8)
      try "blob".write(toFile: output + "/.git/objects/ab/cdef", atomically: true, encoding: .utf8)
      try manager.createDirectory(
        atPath: output + "/empty-folder", withIntermediateDirectories: true)
      try "".write(toFile: output + "/.nojekyll", atomically: true, encoding: .utf8)
      try manager.createSymbolicLink(atPath: output + "/latest", withDestinationPath: "films/1-a/")
      let head = try identity(output + "/.git/HEAD")

      try SiteWriter(directory: output).write([site[0]])
      #expect(read(output + "/.git/HEAD") == "ref: refs/heads/gh-pages")
      #expect(read(output + "/.git/objects/ab/cdef") == "blob")
      #expect(try identity(output + "/.git/HEAD").inode == head.inode)
      #expect(manager.fileExists(atPath: output + "/empty-folder"))
      #expect(manager.fileExists(atPath: output + "/.nojekyll"))
      #expect(try manager.destinationOfSymbolicLink(atPath: output + "/latest") == "films/1-a/")
      #expect(!manager.fileExists(atPath: output + "/films"))
    }
  }

  /// A folder of the user's where the site writes a file is theirs, even when
  /// empty: the build fails naming the folder, and the folder is kept.
  @Test func aForeignFolderWhereTheSiteNeedsAFileFailsAndKeepsTheFolder() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      try SiteWriter(directory: output).write([site[0]])
      try FileManager.default.createDirectory(
        atPath: output + "/404.html", withIntermediateDirectories: false)
      #expect(throws: WriterError.conflict(directory: output, path: "404.html")) {
        try SiteWriter(directory: output).write([
          site[0], OutputFile(path: "404.html", text: "not found"),
        ])
      }
      var isDirectory: ObjCBool = false
      #expect(
        FileManager.default.fileExists(atPath: output + "/404.html", isDirectory: &isDirectory))
      #expect(isDirectory.boolValue)
      #expect(read(output + "/index.html") == "home")
    }
  }

  @Test func aForeignFileWhereTheSiteNeedsAPathFailsAndChangesNothing() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      try SiteWriter(directory: output).write([site[0]])
      try "mine".write(toFile: output + "/films", atomically: true, encoding: .utf8)
      #expect(throws: WriterError.conflict(directory: output, path: "films")) {
        try SiteWriter(directory: output).write(site)
      }
      #expect(read(output + "/films") == "mine")
      #expect(read(output + "/index.html") == "home")
      #expect(
        !FileManager.default.fileExists(atPath: SiteWriter(directory: output).folder.stagingPath))
    }
  }

  @Test func twoPathsThatAreTheSameTextFailAndChangeNothing() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      try SiteWriter(directory: output).write([site[0]])
      // `é` precomposed and decomposed: two file names, but one path to the
      // manifest, which could not tell their files apart.
      let files = [
        OutputFile(path: "caf\u{E9}.html", text: "one"),
        OutputFile(path: "cafe\u{301}.html", text: "two"),
      ]
      #expect(throws: WriterError.samePathTwice(directory: output, path: "caf\u{E9}.html")) {
        try SiteWriter(directory: output).write(files)
      }
      #expect(read(output + "/index.html") == "home")
      #expect(!FileManager.default.fileExists(atPath: output + "/caf\u{E9}.html"))
      #expect(
        !FileManager.default.fileExists(atPath: SiteWriter(directory: output).folder.stagingPath))
    }
  }

  /// Paths are sorted by their bytes, where two spellings of one text can lie apart: `caff`
  /// sorts between `cafe` with a combining accent and `café`.
  @Test func twoSpellingsOfOnePathApartInTheBytesOrderStillFail() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let files = [
        OutputFile(path: "caf\u{E9}.html", text: "one"),
        OutputFile(path: "caff.html", text: "between"),
        OutputFile(path: "cafe\u{301}.html", text: "two"),
      ]
      #expect(throws: WriterError.samePathTwice(directory: output, path: "caf\u{E9}.html")) {
        try SiteWriter(directory: output).write(files)
      }
      #expect(!FileManager.default.fileExists(atPath: output + "/caff.html"))
    }
  }

  /// The spare tree and the current site both hold the old spelling: each must see it as
  /// left out of the new site, as the bytes tell, though the two are the same text.
  @Test func aPathSpelledAnotherWayInTheNextBuildReplacesTheOldSpelling() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let (precomposed, decomposed) = ("caf\u{E9}.html", "cafe\u{301}.html")
      let other = OutputFile(path: "other.html", text: "other")
      try SiteWriter(directory: output).write([OutputFile(path: precomposed, text: "one")])
      try SiteWriter(directory: output).write([OutputFile(path: precomposed, text: "one"), other])
      let summary = try SiteWriter(directory: output).write([
        OutputFile(path: decomposed, text: "two"), other,
      ])
      #expect(summary.removed == 1)
      let names = try FileSystem.entries(of: output).map { Array($0.name.utf8) }
      #expect(
        Set(names) == [
          Array(decomposed.utf8), Array("other.html".utf8), Array(OutputManifest.fileName.utf8),
        ])
    }
  }

  @Test func twoPathsThatAreTheSameTextInTwoBatchesFailAtPublish() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      try SiteWriter(directory: output).write([site[0]])
      let writer = SiteWriter(directory: output)
      var publication = try writer.begin()
      try writer.add([OutputFile(path: "caf\u{E9}.html", text: "one")], to: &publication)
      try writer.add([OutputFile(path: "cafe\u{301}.html", text: "two")], to: &publication)
      do {
        _ = try writer.publish(publication)
        Issue.record("publish took two files with the same path")
      } catch let WriterError.samePathTwice(directory, path) {
        #expect(directory == output)
        // The first staged of the two spellings is named, byte for byte.
        #expect(Array(path.utf8) == Array("caf\u{E9}".utf8) + Array(".html".utf8))
      }
      writer.abandon(publication)
      #expect(read(output + "/index.html") == "home")
      #expect(!FileManager.default.fileExists(atPath: writer.folder.stagingPath))
    }
  }

  @Test func aStoppedBuildsStagingFolderIsClearedByTheNext() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      try writer.write(site)
      try FileManager.default.createDirectory(
        atPath: writer.folder.stagingPath + "/films", withIntermediateDirectories: true)
      try "half".write(
        toFile: writer.folder.stagingPath + "/index.html", atomically: true, encoding: .utf8)
      try writer.write(site)
      // No manifest said what that folder held: it was cleared, and is now the spare.
      #expect(read(writer.folder.stagingPath + "/index.html") == "home")
      #expect(
        FileManager.default.fileExists(atPath: writer.folder.stagingPath + "/.filmsite-manifest"))
      #expect(read(output + "/index.html") == "home")
    }
  }

  @Test func aSiteMovedAsideByAStoppedSwapIsPutBack() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      try writer.write(site)
      // A two-rename swap stopped between its renames leaves no output folder.
      try FileManager.default.moveItem(atPath: output, toPath: writer.folder.previousPath)
      try writer.folder.recoverInterruptedPublish()
      #expect(read(output + "/films/2-b/index.html") == "b")
      #expect(!FileManager.default.fileExists(atPath: writer.folder.previousPath))
    }
  }

  /// A build stopped while it wrote a new manifest or new rows leaves them
  /// half written beside the folder: the next build removes them, and
  /// keeps the rows that were in place.
  @Test func aStoppedBuildsNewManifestAndRowsAreRemovedByTheNext() throws {
    try Fixtures.withTemporaryDirectory { root in
      let writer = SiteWriter(directory: root + "/Output")
      try writer.write(site)
      let folder = writer.folder
      for path in [folder.newManifestPath, folder.newRowsPath, folder.rowsPath] {
        try "half".write(toFile: path, atomically: false, encoding: .utf8)
      }
      try writer.write(site)
      #expect(!FileManager.default.fileExists(atPath: folder.newManifestPath))
      #expect(!FileManager.default.fileExists(atPath: folder.newRowsPath))
      #expect(read(folder.rowsPath) == "half")
    }
  }

  @Test func anOutputFolderThatIsASymbolicLinkStaysOne() throws {
    try Fixtures.withTemporaryDirectory { root in
      try FileManager.default.createDirectory(
        atPath: root + "/real", withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: root + "/Output", withDestinationPath: root + "/real")
      try SiteWriter(directory: root + "/Output").write(site)
      try SiteWriter(directory: root + "/Output").write([site[0]])
      #expect(
        try FileManager.default.destinationOfSymbolicLink(atPath: root + "/Output") == root
          + "/real")
      #expect(read(root + "/real/index.html") == "home")
      #expect(!FileManager.default.fileExists(atPath: root + "/real/films/1-a/index.html"))
    }
  }
}
