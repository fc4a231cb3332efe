import Foundation
import Testing

@testable import FilmSite

#if canImport(Glibc)
  import Glibc
#endif

/// The file-system helper, held to what Foundation says of the same files.
@Suite struct FileSystemTests {
  private func write(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: false, encoding: .utf8)
  }

  // MARK: - Errors

  @Test func everyErrorNamesThePathTheOperationAndTheSystemsReason() throws {
    try Fixtures.withTemporaryDirectory { root in
      let missing = root + "/missing.txt"
      #expect(throws: FileSystemError(path: missing, operation: "read", code: ENOENT)) {
        try FileSystem.contents(of: missing)
      }
      let error = #expect(throws: FileSystemError.self) { try FileSystem.contents(of: missing) }
      #expect(error?.description == "\(missing): cannot read: No such file or directory")
      #expect(error?.isNothingThere == true)
      try write("x", to: root + "/file")
      #expect(
        throws: FileSystemError(path: root + "/file", operation: "create the file", code: EEXIST)
      ) { try FileSystem.createFile(at: root + "/file", with: []) }
      #expect(
        throws: FileSystemError(path: root + "/file", operation: "create the folder", code: EEXIST)
      ) { try FileSystem.makeFolder(at: root + "/file") }
      #expect(
        throws: FileSystemError(path: root + "/file", operation: "list the folder", code: ENOTDIR)
      ) { try FileSystem.entries(of: root + "/file") }
      #expect(
        throws: FileSystemError(
          path: missing, operation: "read the status of", code: ENOENT)
      ) { try FileSystem.status(of: missing) }
      #expect(
        throws: FileSystemError(
          path: root + "/copy", operation: "link to \(missing)", code: ENOENT)
      ) { try FileSystem.link(missing, as: root + "/copy") }
    }
  }

  @Test func aFileWhereAFolderMustBeIsAPathTaken() throws {
    try Fixtures.withTemporaryDirectory { root in
      try write("x", to: root + "/file")
      let error = #expect(throws: FileSystemError.self) {
        try FileSystem.makeFolder(at: root + "/file/below", makingParents: true)
      }
      #expect(error?.path == root + "/file/below")
      #expect(error?.isPathTaken == true)
      #expect(error?.message == "Not a directory")
    }
  }

  // MARK: - Listing

  @Test func aListingGivesEachNameWithTheKindFoundationSees() throws {
    try Fixtures.withTemporaryDirectory { root in
      let manager = FileManager.default
      try write("text", to: root + "/file.txt")
      try manager.createDirectory(atPath: root + "/folder", withIntermediateDirectories: false)
      try manager.createSymbolicLink(atPath: root + "/link", withDestinationPath: "folder")
      try manager.createSymbolicLink(atPath: root + "/broken", withDestinationPath: "nowhere")
      #expect(mkfifo(root + "/pipe", 0o644) == 0)
      try write("", to: root + "/.hidden")

      let entries = try FileSystem.entries(of: root)
      let names = entries.map(\.name).sorted()
      #expect(names == (try manager.contentsOfDirectory(atPath: root)).sorted())
      let kinds: [FileAttributeType: FileKind] = [
        .typeRegular: .file, .typeDirectory: .folder, .typeSymbolicLink: .link,
      ]
      for entry in entries {
        let type = try #require(
          try manager.attributesOfItem(atPath: root + "/" + entry.name)[.type] as? FileAttributeType
        )
        // A file system whose entries do not tell the kind gives nil: then `status` tells.
        let kind = try entry.kind ?? FileSystem.status(of: root + "/" + entry.name).kind
        #expect(kind == kinds[type] ?? .other, "\(entry.name)")
        #expect(try FileSystem.status(of: root + "/" + entry.name).kind == kind, "\(entry.name)")
      }
    }
  }

  @Test func aLinkToAFolderIsListedOnlyWhenFollowed() throws {
    try Fixtures.withTemporaryDirectory { root in
      try FileManager.default.createDirectory(
        atPath: root + "/real", withIntermediateDirectories: false)
      try write("x", to: root + "/real/inside.txt")
      try FileManager.default.createSymbolicLink(
        atPath: root + "/link", withDestinationPath: "real")
      #expect(
        try FileSystem.entries(of: root + "/link", followingLink: true).map(\.name) == [
          "inside.txt"
        ])
      let error = #expect(throws: FileSystemError.self) {
        try FileSystem.entries(of: root + "/link")
      }
      #expect(error?.path == root + "/link")
      #expect(error?.isNoFolderThere == true)
      #expect(try FileSystem.status(of: root + "/link").kind == .link)
      #expect(try FileSystem.status(of: root + "/link", followingLink: true).kind == .folder)
      #expect(try FileSystem.destination(ofLink: root + "/link") == "real")
    }
  }

  @Test func aNameThatIsNotUTF8IsRefusedOrReplaced() throws {
    try Fixtures.withTemporaryDirectory { root in
      // "café" in Latin-1: not UTF-8.
      let name = Array((root + "/caf").utf8) + [0xE9, 0]
      let descriptor = name.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { buffer in
        buffer.baseAddress.map { open($0, O_CREAT | O_WRONLY, 0o644) } ?? -1
      }
      #expect(descriptor >= 0)
      close(descriptor)
      #expect(
        throws: FileSystemError(path: root, operation: "list the folder", reason: .nameNotUTF8)
      ) { try FileSystem.entries(of: root) }
      let replaced = try FileSystem.entries(of: root, undecodable: .replace)
      #expect(replaced.map(\.name) == ["caf\u{FFFD}"])
    }
  }

  // MARK: - Reading and writing

  @Test(arguments: [0, 1, 4095, 4096, 4097, 3 << 20])
  func aFileReadsAsFoundationReadsIt(size: Int) throws {
    try Fixtures.withTemporaryDirectory { root in
      let path = root + "/file"
      let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let read = try FileSystem.contents(of: path)
      #expect(read == bytes)
      #expect(Data(read) == FileManager.default.contents(atPath: path))
      #expect(try FileSystem.contents(of: path, limit: 100) == Array(bytes.prefix(100)))
      #expect(try FileSystem.contents(of: path, limit: 0) == [])
    }
  }

  /// A file whose size the system does not know ahead (`/proc` gives 0)
  /// is still read whole, the buffer growing as it fills.
  @Test func aFileLargerThanItsStatedSizeIsReadWhole() throws {
    let path = "/proc/self/maps"
    let read = try FileSystem.contents(of: path)
    #expect(try FileSystem.status(of: path, followingLink: true).size == 0)
    #expect(read.count > 1)
    #expect(String(decoding: read, as: UTF8.self).hasSuffix("\n"))
    #expect(try FileSystem.contents(of: path, limit: 3).count == 3)
  }

  @Test func aNewFilesStatusIsWhatStatSaysOfItAfter() throws {
    try Fixtures.withTemporaryDirectory { root in
      let path = root + "/new.html"
      let made = try FileSystem.createFile(at: path, with: Array("hello".utf8))
      #expect(made.kind == .file)
      #expect(made.size == 5)
      #expect(made == (try FileSystem.status(of: path)))
      let seconds = try #require(
        try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
      #expect(Int(seconds.timeIntervalSince1970) == made.modified.seconds)
      #expect(
        try FileSystem.withOpenFolder(root) { folder in try? folder.status(of: "new.html") }
          == made)
    }
  }

  @Test func aHeldFolderGivesWhatStatGivesOfThePathsInIt() throws {
    try Fixtures.withTemporaryDirectory { root in
      try FileManager.default.createDirectory(
        atPath: root + "/films/x", withIntermediateDirectories: true)
      try write("page", to: root + "/films/x/index.html")
      try FileManager.default.createSymbolicLink(
        atPath: root + "/link", withDestinationPath: "films")
      let held = try HeldFolder(root)
      for path in ["films", "films/x", "films/x/index.html", "link"] {
        #expect(try held.folder.status(of: path) == FileSystem.status(of: root + "/" + path))
      }
      #expect(try held.folder.status(of: "link").kind == .link)
      #expect(throws: FileSystemError.self) { try held.folder.status(of: "films/missing") }
      #expect(throws: FileSystemError.self) { try HeldFolder(root + "/missing") }
    }
  }

  @Test func aHardLinkIsTheSameFile() throws {
    try Fixtures.withTemporaryDirectory { root in
      let original = try FileSystem.createFile(at: root + "/a", with: [1, 2, 3])
      try FileSystem.link(root + "/a", as: root + "/b")
      let linked = try FileSystem.status(of: root + "/b")
      #expect(linked.inode == original.inode && linked.device == original.device)
      #expect(linked.modified == original.modified)
      try FileSystem.rename(root + "/b", to: root + "/c")
      try FileSystem.remove(root + "/a")
      #expect(try FileSystem.contents(of: root + "/c") == [1, 2, 3])
      #expect(!FileSystem.exists(root + "/a") && !FileSystem.exists(root + "/b"))
    }
  }

  // MARK: - Folders

  @Test func foldersAreMadeWithTheirParentsAndAFolderThereIsFine() throws {
    try Fixtures.withTemporaryDirectory { root in
      try FileSystem.makeFolder(at: root + "/a/b/c", makingParents: true)
      try FileSystem.makeFolder(at: root + "/a/b/c")
      try FileSystem.makeFolder(at: root + "/a/b/c", makingParents: true)
      #expect(try FileSystem.status(of: root + "/a/b/c").kind == .folder)
      #expect(
        throws: FileSystemError(path: root + "/x/y", operation: "create the folder", code: ENOENT)
      ) {
        try FileSystem.makeFolder(at: root + "/x/y")
      }
      try FileSystem.makeFolder(at: root + "/private", permissions: 0o700)
      #expect(try FileSystem.status(of: root + "/private").permissions == 0o700)
    }
  }

  @Test func aTreeIsRemovedWholeButNotWhatItsLinksLeadTo() throws {
    try Fixtures.withTemporaryDirectory { root in
      try write("keep", to: root + "/outside.txt")
      let tree = root + "/tree"
      // More than one core's share of names, and folders within folders.
      for number in 0..<300 {
        try FileSystem.makeFolder(at: tree + "/films/\(number)", makingParents: true)
        try write("\(number)", to: tree + "/films/\(number)/index.html")
      }
      try FileManager.default.createSymbolicLink(
        atPath: tree + "/films/0/out", withDestinationPath: root + "/outside.txt")
      try FileManager.default.createSymbolicLink(
        atPath: tree + "/up", withDestinationPath: root)
      FileSystem.removeTree(at: tree)
      #expect(!FileSystem.exists(tree))
      #expect(try FileSystem.contents(of: root + "/outside.txt") == Array("keep".utf8))
      FileSystem.removeTree(at: root + "/outside.txt")
      #expect(!FileSystem.exists(root + "/outside.txt"))
    }
  }

  @Test(arguments: [
    "index.html", "films/1-a/index.html", "a/b", "genres/drama/page/2/index.html", "é/ü.html",
    "/absolute/path",
  ])
  func aPathsFolderIsWhatFoundationGives(path: String) {
    #expect(FileSystem.parent(of: path) == (path as NSString).deletingLastPathComponent)
  }

  @Test func twoFoldersAreSwappedOrTheSystemSaysItCannot() throws {
    try Fixtures.withTemporaryDirectory { root in
      try FileSystem.makeFolder(at: root + "/one")
      try FileSystem.makeFolder(at: root + "/two")
      try write("1", to: root + "/one/mark")
      switch DirectorySwap.exchange(root + "/one", root + "/two") {
      case .exchanged:
        #expect(try FileSystem.contents(of: root + "/two/mark") == Array("1".utf8))
        #expect(!FileSystem.exists(root + "/one/mark"))
      case .unsupported:
        #expect(try FileSystem.contents(of: root + "/one/mark") == Array("1".utf8))
      case .failed(let code):
        Issue.record("exchange failed: \(String(cString: strerror(code)))")
      }
    }
  }

  // MARK: - The lock

  @Test func aLockIsHeldByOneAtATimeAndGoesWithItsFile() throws {
    try Fixtures.withTemporaryDirectory { root in
      let path = root + "/lock"
      let first = try #require(try LockFile.acquire(path))
      #expect(try LockFile.acquire(path) == nil)
      first.release()
      #expect(!FileSystem.exists(path))
      let second = try #require(try LockFile.acquire(path))
      second.release()
      second.release()
      #expect(!FileSystem.exists(path))
    }
  }
}
