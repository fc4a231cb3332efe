import Foundation
import Testing

@testable import FilmSite

#if canImport(Glibc)
  import Glibc
#endif

/// A file is written over where it is only when no one else can see it
/// change: a regular file with one name, the permissions of a new file,
/// and open nowhere else. Any other is left as it was, for the caller to
/// replace. The files are made on tmpfs (`/dev/shm`), a file system whose
/// opens a lease sees, whatever the temporary folder is on.
@Suite struct FileSystemOverwriteTests {
  /// Runs `body` with a new folder in `/dev/shm`, removed after.
  private func withFolderInMemory(_ body: (String) throws -> Void) throws {
    let root = "/dev/shm/filmsite-overwrite-\(UUID().uuidString)"
    try FileSystem.makeFolder(at: root)
    defer { FileSystem.removeTree(at: root) }
    try body(root)
  }

  private func make(_ text: String, at path: String) throws -> FileStatus {
    try FileSystem.createFile(at: path, with: Array(text.utf8))
  }

  private func text(at path: String) throws -> String {
    String(decoding: try FileSystem.contents(of: path), as: UTF8.self)
  }

  @Test(arguments: ["a longer text than before", "short", ""])
  func aLoneFileIsWrittenOverInPlace(text new: String) throws {
    try withFolderInMemory { root in
      let path = root + "/page.html"
      let before = try make("the page as the last build wrote it", at: path)
      let after = try #require(try FileSystem.overwriteFile(at: path, with: Array(new.utf8)))
      #expect(try text(at: path) == new)
      #expect(after.inode == before.inode)
      #expect(after == (try FileSystem.status(of: path)))
      #expect(after.size == new.utf8.count)
    }
  }

  @Test func theLocalFileSystemsAreKnownByTheirType() throws {
    #expect(FileSystem.writesInPlace(in: "/dev/shm") == true)
    #expect(!FileSystem.writesInPlace(in: "/proc"))
    #expect(!FileSystem.writesInPlace(in: "/no/such/folder"))
  }

  @Test func aNewFilesModeIsWhatCreatingOneGives() throws {
    try withFolderInMemory { root in
      let status = try make("x", at: root + "/new")
      #expect(FileSystem.newFileMode == status.permissions)
    }
  }

  @Test func aFileWithASecondNameIsLeftAsItWas() throws {
    try withFolderInMemory { root in
      _ = try make("shared", at: root + "/one")
      try FileSystem.link(root + "/one", as: root + "/two")
      #expect(try FileSystem.overwriteFile(at: root + "/one", with: Array("new".utf8)) == nil)
      #expect(try text(at: root + "/two") == "shared")
      #expect(try text(at: root + "/one") == "shared")
    }
  }

  @Test func aFileOpenElsewhereIsLeftAsItWasForItsReader() throws {
    try withFolderInMemory { root in
      let path = root + "/page.html"
      _ = try make("read by someone", at: path)
      let reader = try #require(FileHandle(forReadingAtPath: path))
      defer { try? reader.close() }
      #expect(try FileSystem.overwriteFile(at: path, with: Array("new".utf8)) == nil)
      #expect(try reader.readToEnd() == Data("read by someone".utf8))
      // Once it is closed, the file is the writer's alone.
      try reader.close()
      #expect(try FileSystem.overwriteFile(at: path, with: Array("new".utf8)) != nil)
      #expect(try text(at: path) == "new")
    }
  }

  @Test func aFileWithOtherPermissionsIsLeftAsItWas() throws {
    try withFolderInMemory { root in
      let path = root + "/page.html"
      let made = try make("private", at: path)
      // Not the mode a new file gets, whatever the umask: it has an execute bit.
      #expect(chmod(path, mode_t(made.permissions | 0o100)) == 0)
      #expect(try FileSystem.overwriteFile(at: path, with: Array("new".utf8)) == nil)
      #expect(try text(at: path) == "private")
    }
  }

  @Test func aLinkAFolderAPipeOrNothingIsLeftAsItWas() throws {
    try withFolderInMemory { root in
      _ = try make("target", at: root + "/target")
      try FileSystem.makeSymbolicLink(at: root + "/link", to: "target")
      try FileSystem.makeFolder(at: root + "/folder")
      // A pipe with no reader: opening it to write must not wait for one.
      #expect(mkfifo(root + "/pipe", 0o644) == 0)
      for name in ["link", "folder", "pipe", "missing"] {
        #expect(try FileSystem.overwriteFile(at: root + "/" + name, with: Array("x".utf8)) == nil)
      }
      #expect(try text(at: root + "/target") == "target")
      #expect(try FileSystem.status(of: root + "/link").kind == .link)
    }
  }
}
