import FilmSiteSupport
import Testing

@testable import FilmSite

/// The folders found from a manifest's sorted paths, each once, are the
/// folders the plain walk up from every path finds.
@Suite struct OwnedFoldersTests {
  /// Every folder above each path, by walking up from each one into a set,
  /// as bytes: `é` and `e` with a combining accent are two folders on disk,
  /// though one `String`.
  private func reference(_ paths: [String]) -> Set<[UInt8]> {
    var folders: Set<[UInt8]> = []
    for path in paths {
      var parent = FileSystem.parent(of: path)
      while !parent.isEmpty {
        folders.insert(Array(parent.utf8))
        parent = FileSystem.parent(of: parent)
      }
    }
    return folders
  }

  private func bytes(_ folders: [String]) -> Set<[UInt8]> { Set(folders.map { Array($0.utf8) }) }

  private func manifest(_ paths: [String]) -> OutputManifest {
    OutputManifest(paths: paths)
  }

  @Test func folderNamesThatSortAroundTheirSlashAreEachFoundOnce() {
    // `-` sorts before `/` and `0` after it, so `a/b-x/…` comes before `a/b/…`,
    // and `a/b0/…` after: the folder `a/b` is not one run of neighbours' names.
    let paths = [
      "index.html", "a/b-x/c.html", "a/b/c.html", "a/b/d/e.html", "a/b0/f.html", "a/g.html",
      "é/h.html", "e\u{301}/i.html", "z/y/x/w.html",
    ]
    let owned = OwnedFolders(of: manifest(paths))
    #expect(owned.all.count == bytes(owned.all).count)
    #expect(bytes(owned.all) == reference(paths))
    for folder in ["a", "a/b", "a/b-x", "a/b/d", "a/b0", "é", "e\u{301}", "z", "z/y", "z/y/x"] {
      #expect(owned.contains(folder), "\(folder)")
    }
    for name in [
      "", "index.html", "a/g.html", "a/b/c.html", "a/b-", "a/b/d/e.html", "b", "z/y/x/w.html",
    ] {
      #expect(!owned.contains(name), "\(name)")
    }
  }

  @Test func eachFolderComesAfterTheFolderItIsIn() {
    let paths = ["a/b/c/d.html", "a/b/e.html", "a/f/g.html", "h/i.html"]
    let all = OwnedFolders(of: manifest(paths)).all
    for folder in all where folder.contains("/") {
      let parent = FileSystem.parent(of: folder)
      let index = { (name: String) in all.firstIndex { ScalarOrder.isSame($0, name) } }
      #expect((index(parent) ?? .max) < (index(folder) ?? -1))
    }
  }

  @Test func randomSitesHaveTheFoldersThePlainWalkFinds() {
    var generator = SystemRandomNumberGenerator()
    let names = ["a", "b", "a-b", "a0", "é", "e\u{301}", "page", "1", "10", "index.html"]
    for _ in 0..<200 {
      let count = Int.random(in: 0...400, using: &generator)
      let paths = (0..<count).map { _ in
        (0..<Int.random(in: 1...4, using: &generator)).map { _ in
          names.randomElement(using: &generator) ?? "a"
        }.joined(separator: "/") + ".html"
      }
      let owned = OwnedFolders(of: manifest(paths))
      let expected = reference(paths)
      #expect(owned.all.count == bytes(owned.all).count)
      // The folders one finds and the other does not, as text, so a failure names them.
      let found = bytes(owned.all)
      #expect(
        found.symmetricDifference(expected).map { String(decoding: $0, as: UTF8.self) } == [],
        "\(paths)")
      for folder in expected { #expect(owned.contains(String(decoding: folder, as: UTF8.self))) }
      for path in paths { #expect(!owned.contains(path)) }
    }
  }

  /// Each folder is first met at the path that is the first inside it: the
  /// ranges, one for each path in order, cover every folder once, in order.
  @Test func eachFolderIsFirstMetAtTheFirstPathInsideIt() {
    var generator = SystemRandomNumberGenerator()
    let names = ["a", "b", "a-b", "a0", "é", "e\u{301}", "page", "1", "10", "index.html"]
    for _ in 0..<100 {
      let paths = OutputManifest(
        paths: (0..<Int.random(in: 0...600, using: &generator)).map { _ in
          (0..<Int.random(in: 1...4, using: &generator)).map { _ in
            names.randomElement(using: &generator) ?? "a"
          }.joined(separator: "/") + ".html"
        }
      ).paths
      let owned = OwnedFolders(of: manifest(paths))
      var next = 0
      for (index, path) in paths.enumerated() {
        let met = owned.foldersFirstMet(at: index)
        #expect(met.lowerBound == next)
        next = met.upperBound
        for place in met {
          let folder = owned.all[place]
          // The path is inside the folder, and no path before it is.
          #expect(path.utf8.starts(with: (folder + "/").utf8))
          #expect(!paths[..<index].contains { $0.utf8.starts(with: (folder + "/").utf8) })
        }
      }
      #expect(next == owned.all.count)
    }
  }
}
