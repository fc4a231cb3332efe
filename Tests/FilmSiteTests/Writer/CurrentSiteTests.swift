import Foundation
import Testing

@testable import FilmSite

/// The current site's files and folders looked up in one pass give what
/// looking up each on its own gives.
@Suite struct CurrentSiteTests {
  @Test func filesAndFoldersLookedUpTogetherAreAsEachLookedUpAlone() throws {
    try Fixtures.withTemporaryDirectory { root in
      // Enough paths for several runs of look-ups (at least 256 a run).
      var paths = (0..<700).map { "films/\($0)/index.html" }
      paths += (0..<300).map { "genres/g\($0 % 7)/page/\($0)/index.html" }
      paths += ["index.html", "search/index.html", "404.html"]
      let manifest = OutputManifest(paths: paths)
      for path in manifest.paths {
        try FileSystem.makeFolder(at: root + "/" + FileSystem.parent(of: path), makingParents: true)
        _ = try FileSystem.createFile(at: root + "/" + path, with: Array(path.utf8))
      }
      // A file gone, a folder gone with its file, a folder replaced by a file.
      try FileSystem.remove(root + "/films/10/index.html")
      try FileManager.default.removeItem(atPath: root + "/films/500")
      try FileManager.default.removeItem(atPath: root + "/genres/g3/page/3")
      _ = try FileSystem.createFile(at: root + "/genres/g3/page/3", with: [])
      let site = CurrentSite(
        folder: OutputFolder(directory: root, force: false), manifest: manifest)
      #expect(site.root != nil)
      let owned = OwnedFolders(of: manifest)
      // Every other file, and every file.
      for indices in [Array(stride(from: 0, to: paths.count, by: 2)), Array(paths.indices)] {
        let looked = site.statuses(ofFilesAt: indices, andFoldersOf: owned)
        #expect(looked.files == site.statuses(of: indices.map { manifest.paths[$0] }))
        #expect(looked.folders == site.statuses(of: owned.all))
        #expect(looked.files.contains(nil))
        #expect(looked.folders.contains { $0?.kind == .file })
      }
    }
  }

  /// The user's files are known as of the look, not of the search that used
  /// it: a folder changed in between is looked in again by the next build.
  @Test func theUsersFilesAreKnownAsOfTheLookTheirSearchUsed() throws {
    try Fixtures.withTemporaryDirectory { root in
      var manifest = OutputManifest(paths: ["a/index.html", "b/index.html", "index.html"])
      for path in manifest.paths {
        try FileSystem.makeFolder(at: root + "/" + FileSystem.parent(of: path), makingParents: true)
        _ = try FileSystem.createFile(at: root + "/" + path, with: Array(path.utf8))
      }
      // Known to hold nothing of the user's since now.
      manifest.userFilesScanned = FileTime.now
      let site = CurrentSite(
        folder: OutputFolder(directory: root, force: false), manifest: manifest)
      let looked = UserFiles.look(in: site, withFilesAt: [0, 1, 2])
      #expect(looked.files.allSatisfy { $0?.kind == .file })
      // The file system stamps a change with a clock that may lag the one
      // read above by a tick: the file comes well after.
      Thread.sleep(forTimeInterval: 0.05)
      _ = try FileSystem.createFile(at: root + "/b/mine.txt", with: [])
      let found = try UserFiles.find(in: site, looked: looked.folders)
      // The look saw `b` unchanged, so its file is not found now; the time
      // recorded is before `b` changed, so the next build lists `b`.
      #expect(found.roots == [])
      #expect(found.scanned == looked.folders.time.minus(seconds: UserFiles.clockMargin))
      #expect(try found.scanned < FileSystem.status(of: root + "/b").changed)
      // Looked at now, it is found.
      #expect(try UserFiles.find(in: site).roots == ["b/mine.txt"])
    }
  }
}
