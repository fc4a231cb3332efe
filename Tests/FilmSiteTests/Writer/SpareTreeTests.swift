import FilmSiteSupport
import Foundation
import Testing

@testable import FilmSite

#if canImport(Glibc)
  import Glibc
#endif

/// The site a swap replaces stays beside the output folder, and the next
/// build makes its site there by differences: the output folder alternates
/// between two trees, a file the spare already has is kept, and the user's
/// files follow the output folder, not the spare.
@Suite struct SpareTreeTests {
  private func read(_ path: String) -> String? { WriterFixtures.text(at: path) }

  private func inode(_ path: String) throws -> UInt64 {
    try FileSystem.status(of: path).inode
  }

  private func site(home: String, a: String = "a", b: String? = "b") -> [OutputFile] {
    [
      OutputFile(path: "index.html", text: home),
      OutputFile(path: "films/1-a/index.html", text: a),
    ] + (b.map { [OutputFile(path: "films/2-b/index.html", text: $0)] } ?? [])
  }

  @Test func theOutputFolderAlternatesBetweenTwoTrees() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      try writer.write(site(home: "one"))
      let first = try inode(output)
      // A build into a new folder leaves no spare.
      #expect(!FileManager.default.fileExists(atPath: writer.folder.stagingPath))
      try writer.write(site(home: "two"))
      let second = try inode(output)
      #expect(second != first)
      #expect(try inode(writer.folder.stagingPath) == first)
      try writer.write(site(home: "three"))
      #expect(try inode(output) == first)
      #expect(try inode(writer.folder.stagingPath) == second)
      #expect(read(output + "/index.html") == "three")
      #expect(read(writer.folder.stagingPath + "/index.html") == "two")
    }
  }

  @Test func aFileTheSpareAlreadyHasIsKeptAndAnUnchangedOneIsShared() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      try writer.write(site(home: "one", a: "first a"))
      let firstA = try inode(output + "/films/1-a/index.html")
      try writer.write(site(home: "two", a: "second a"))
      // The third site has the first one's film page back: the spare still had it.
      let summary = try writer.write(site(home: "three", a: "first a"))
      #expect(summary.written == 2)
      #expect(try inode(output + "/films/1-a/index.html") == firstA)
      #expect(read(output + "/films/1-a/index.html") == "first a")
      // A page no build changed is one file in both trees.
      #expect(
        try inode(output + "/films/2-b/index.html")
          == inode(writer.folder.stagingPath + "/films/2-b/index.html"))
    }
  }

  @Test func aChangedPageOnlyTheSpareHasIsWrittenWhereItIs() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      try writer.write(site(home: "the first home page, the longest"))
      let first = try inode(output + "/index.html")
      try writer.write(site(home: "two"))
      // The spare's home page is the first tree's own: no other tree links it.
      try writer.write(site(home: "3"))
      // On a file system a lease does not cover, it is replaced instead.
      #expect((try inode(output + "/index.html") == first) == FileSystem.writesInPlace(in: root))
      #expect(read(output + "/index.html") == "3")
      #expect(read(writer.folder.stagingPath + "/index.html") == "two")
      // The manifest has the file as it is now: the next build finds it unchanged.
      #expect(try writer.write(site(home: "3")).written == 0)
    }
  }

  @Test func aPageTheCurrentSiteLinksIsNotWrittenThrough() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      try writer.write(site(home: "one", a: "a"))
      // Unchanged: the second tree links the first tree's file.
      try writer.write(site(home: "two", a: "a"))
      try writer.write(site(home: "three", a: "a changed"))
      #expect(read(output + "/films/1-a/index.html") == "a changed")
      #expect(read(writer.folder.stagingPath + "/films/1-a/index.html") == "a")
    }
  }

  @Test func aPageOfTheSpareThatAReaderHoldsOpenKeepsItsBytesForThatReader() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      try writer.write(site(home: "one"))
      let first = try inode(output + "/index.html")
      try writer.write(site(home: "two"))
      // A server that opened the page while the first tree was the site, still sending it.
      let reader = try #require(
        FileHandle(forReadingAtPath: writer.folder.stagingPath + "/index.html"))
      defer { try? reader.close() }
      try writer.write(site(home: "three"))
      #expect(try reader.readToEnd() == Data("one".utf8))
      #expect(read(output + "/index.html") == "three")
      #expect(try inode(output + "/index.html") != first)
    }
  }

  @Test func aPageOfTheSpareWithOtherPermissionsIsWrittenAsANewFile() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      try writer.write(site(home: "one"))
      let mode = try FileSystem.status(of: output + "/index.html").permissions
      // Not the mode a new file gets, whatever the umask: it has an execute bit.
      #expect(chmod(output + "/index.html", mode_t(mode | 0o100)) == 0)
      try writer.write(site(home: "two"))
      try writer.write(site(home: "three"))
      #expect(read(output + "/index.html") == "three")
      #expect(try FileSystem.status(of: output + "/index.html").permissions == mode)
    }
  }

  @Test func aPageGoneFromTheSiteIsGoneFromTheTreeThatReplacesIt() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      try writer.write(site(home: "one"))
      try writer.write(site(home: "two", b: nil))
      try writer.write(site(home: "three", b: nil))
      #expect(!FileManager.default.fileExists(atPath: output + "/films/2-b"))
      try writer.write(site(home: "four", b: nil))
      #expect(!FileManager.default.fileExists(atPath: output + "/films/2-b"))
      #expect(!FileManager.default.fileExists(atPath: writer.folder.stagingPath + "/films/2-b"))
    }
  }

  @Test func theUsersFilesFollowTheOutputFolderNotTheSpare() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      try writer.write(site(home: "one"))
      try "films.example\n".write(toFile: output + "/CNAME", atomically: false, encoding: .utf8)
      try "mine".write(
        toFile: output + "/films/1-a/notes.txt", atomically: false, encoding: .utf8)
      try writer.write(site(home: "two"))
      #expect(read(output + "/CNAME") == "films.example\n")
      #expect(read(output + "/films/1-a/notes.txt") == "mine")

      // Removed by the user: the spare's copy must not come back.
      try FileManager.default.removeItem(atPath: output + "/CNAME")
      try writer.write(site(home: "three"))
      #expect(!FileManager.default.fileExists(atPath: output + "/CNAME"))
      try writer.write(site(home: "four"))
      #expect(!FileManager.default.fileExists(atPath: output + "/CNAME"))
      #expect(read(output + "/films/1-a/notes.txt") == "mine")

      // Added after the last look, in a folder that look trusted: found again.
      try "later".write(
        toFile: output + "/films/2-b/later.txt", atomically: false, encoding: .utf8)
      try writer.write(site(home: "five"))
      #expect(read(output + "/films/2-b/later.txt") == "later")
      let manifest = try #require(
        OutputManifest(bytes: try FileSystem.contents(of: writer.folder.manifestPath)))
      #expect(manifest.kept == ["films/1-a/notes.txt", "films/2-b/later.txt"])
      #expect(manifest.userFilesScanned != nil)
    }
  }

  @Test func aUserFileTheManifestNamesIsKeptInAFolderThatDidNotChange() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      try writer.write(site(home: "one"))
      try "mine".write(
        toFile: output + "/films/1-a/notes.txt", atomically: false, encoding: .utf8)
      try writer.write(site(home: "two"))
      // Long after: the folder's status is older than the next look's time, so
      // the file is known from the manifest alone.
      Thread.sleep(forTimeInterval: Double(UserFiles.clockMargin) + 0.2)
      try writer.write(site(home: "three"))
      try writer.write(site(home: "four"))
      #expect(read(output + "/films/1-a/notes.txt") == "mine")
    }
  }

  @Test func aTreeABuildSwappedInIsNotListedAgainUntilItsFoldersChange() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      let films = (1...40).map { OutputFile(path: "films/\($0)-f/index.html", text: "\($0)") }
      try writer.write([OutputFile(path: "index.html", text: "one")] + films)
      // Made whole by this build, a moment before it records when it finished.
      try writer.write([OutputFile(path: "index.html", text: "two")] + films)
      var publication = try writer.begin()
      #expect(try UserFiles.find(in: publication.current).listed == 1)
      writer.abandon(publication)

      // A name added to one of its folders since: that folder is listed too.
      try "mine".write(toFile: output + "/films/7-f/notes.txt", atomically: false, encoding: .utf8)
      publication = try writer.begin()
      let found = try UserFiles.find(in: publication.current)
      writer.abandon(publication)
      #expect(found.listed == 2)
      #expect(found.roots == ["films/7-f/notes.txt"])
    }
  }

  @Test func aUserFileInTheFolderOfAFilmThatLeftTheSiteIsKept() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      try writer.write(site(home: "one"))
      try writer.write(site(home: "two"))
      try "mine".write(
        toFile: output + "/films/1-a/notes.txt", atomically: false, encoding: .utf8)
      // Film 1-a leaves the site: its folder becomes the user's, the note in it.
      for home in ["three", "four", "five", "six"] {
        try writer.write([
          OutputFile(path: "index.html", text: home),
          OutputFile(path: "films/2-b/index.html", text: "b"),
        ])
        #expect(read(output + "/films/1-a/notes.txt") == "mine", "after the build of \(home)")
      }
      let manifest = try #require(
        OutputManifest(bytes: try FileSystem.contents(of: writer.folder.manifestPath)))
      #expect(manifest.kept == ["films/1-a"])
    }
  }

  @Test func aUserFileAddedTheMomentABuildEndsIsKept() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      for (number, home) in ["one", "two", "three", "four"].enumerated() {
        try writer.write(site(home: home))
        // Within the tick the build's own last change was stamped in.
        try "\(number)".write(
          toFile: output + "/films/1-a/notes-\(number).txt", atomically: false, encoding: .utf8)
      }
      try writer.write(site(home: "five"))
      for number in 0..<4 {
        #expect(read(output + "/films/1-a/notes-\(number).txt") == "\(number)")
      }
    }
  }

  @Test func aPageEditedByHandIsWrittenAgainEvenWhenTheSpareSharesItsFile() throws {
    try Fixtures.withTemporaryDirectory { root in
      let output = root + "/Output"
      let writer = SiteWriter(directory: output)
      try writer.write(site(home: "one"))
      try writer.write(site(home: "two"))
      // Edited in place: the spare's name for the same file sees the edit too.
      let handle = try #require(FileHandle(forWritingAtPath: output + "/films/2-b/index.html"))
      try handle.write(contentsOf: Data("B!".utf8))
      try handle.close()
      try writer.write(site(home: "three"))
      #expect(read(output + "/films/2-b/index.html") == "b")
    }
  }
}

/// The manifests read ahead of the lock are used only while neither file has
/// changed: a build that publishes in between makes the next begin read them again.
@Suite struct ManifestsReadAheadTests {
  private func site(home: String) -> [OutputFile] {
    [
      OutputFile(path: "index.html", text: home),
      OutputFile(path: "films/1-a/index.html", text: home + " a"),
    ]
  }

  @Test func manifestsReadAheadAreUsedOnlyWhileNeitherFileChanged() throws {
    try Fixtures.withTemporaryDirectory { root in
      let writer = SiteWriter(directory: root + "/Output")
      // A new folder has no manifest to read ahead.
      #expect(writer.readManifestsAhead() == nil)
      try writer.write(site(home: "one"))
      try writer.write(site(home: "two"))
      let ahead = try #require(writer.readManifestsAhead())
      #expect(ahead.isCurrent(in: writer.folder))
      // A build found up to date stops the reading: then there is nothing to use.
      let stop = StopSignal()
      #expect(writer.readManifestsAhead(unless: stop)?.current == ahead.current)
      stop.raise()
      #expect(writer.readManifestsAhead(unless: stop) == nil)
      #expect(ahead.spare != nil)
      let unchanged = try writer.begin(readAhead: ahead)
      #expect(unchanged.current.manifest == ahead.current)
      writer.abandon(unchanged)

      // Abandoning removed the spare; publishing again writes both manifests anew.
      try writer.write(site(home: "three"))
      #expect(!ahead.isCurrent(in: writer.folder))
      let fresh = try writer.folder.previousManifest()
      let publication = try writer.begin(readAhead: ahead)
      defer { writer.abandon(publication) }
      #expect(publication.current.manifest == fresh)
      #expect(publication.current.manifest != ahead.current)
    }
  }
}
