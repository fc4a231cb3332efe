import Foundation
import Testing

@testable import FilmSite

#if canImport(Glibc)
  import Glibc
#endif

/// A file read from a folder held open is read only when the open file's
/// own status is the expected one, and a symbolic link is never followed.
@Suite struct OpenFolderTests {
  @Test func aFileIsReadWhenItsOpenStatusIsAccepted() throws {
    try Fixtures.withTemporaryDirectory { root in
      try FileSystem.makeFolder(at: root + "/films/a", makingParents: true)
      let bytes = Array("<p>the page</p>".utf8)
      let written = try FileSystem.createFile(at: root + "/films/a/index.html", with: bytes)
      let held = try HeldFolder(root)
      var seen: FileStatus?
      let read = try held.folder.contents(of: "films/a/index.html") { status in
        seen = status
        return true
      }
      #expect(read == bytes)
      #expect(seen == written)
      #expect(try held.folder.contents(of: "films/a/index.html") { _ in false } == nil)
    }
  }

  @Test func aSymbolicLinkIsNotFollowed() throws {
    try Fixtures.withTemporaryDirectory { root in
      try Data("outside".utf8).write(to: URL(fileURLWithPath: root + "/target.html"))
      #expect(symlink(root + "/target.html", root + "/link.html") == 0)
      let held = try HeldFolder(root)
      let error = #expect(throws: FileSystemError.self) {
        try held.folder.contents(of: "link.html") { _ in true }
      }
      #expect(error?.path == root + "/link.html")
    }
  }

  @Test func theCurrentSitesBytesAreLentOnlyAsFilmSiteWroteThem() throws {
    try Fixtures.withTemporaryDirectory { root in
      let bytes = Array("<p>the page</p>".utf8)
      let status = try FileSystem.createFile(at: root + "/page.html", with: bytes)
      let entry = OutputManifest.Entry(
        hash: bytes.withUnsafeBytes(ContentHash.init), status: status)
      let site = CurrentSite(
        folder: OutputFolder(directory: root, force: false),
        manifest: OutputManifest(
          sortedPaths: ["page.html"], entries: [entry], fingerprint: nil, pageCounts: nil,
          filmCounts: nil))
      #expect(site.root != nil)
      #expect(site.bytesAsWritten(path: "page.html", entry: entry) == bytes)
      // The same bytes behind a link: not the file FilmSite wrote.
      try FileSystem.remove(root + "/page.html")
      _ = try FileSystem.createFile(at: root + "/elsewhere.html", with: bytes)
      #expect(symlink(root + "/elsewhere.html", root + "/page.html") == 0)
      #expect(site.bytesAsWritten(path: "page.html", entry: entry) == nil)
      // Written again with the same bytes, at another time: its status is
      // not the one the manifest records, so it is not known to be FilmSite's.
      try FileSystem.remove(root + "/page.html")
      _ = try FileSystem.createFile(at: root + "/page.html", with: bytes)
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 1_000)], ofItemAtPath: root + "/page.html")
      #expect(site.bytesAsWritten(path: "page.html", entry: entry) == nil)
      // Given back the recorded time, the same bytes are lent again.
      let recorded = timespec(
        tv_sec: status.modified.seconds, tv_nsec: status.modified.nanoseconds)
      var times = [recorded, recorded]
      #expect(utimensat(AT_FDCWD, root + "/page.html", &times, 0) == 0)
      #expect(site.bytesAsWritten(path: "page.html", entry: entry) == bytes)
    }
  }
}
