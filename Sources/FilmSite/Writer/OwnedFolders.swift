import FilmSiteSupport

/// The folders that hold FilmSite's files in the site a manifest lists: the
/// folder of each file, and the folders above it. Anything in them that is
/// not FilmSite's is the user's; any other folder is the user's whole.
///
/// They are found from the manifest's paths, which are sorted by their
/// bytes, so that the paths inside one folder are neighbours: a path's
/// folders that the path before it does not share are folders not met
/// yet. No set of every folder is made; whether a name is a folder of
/// FilmSite's is looked up among the sorted paths.
struct OwnedFolders: Sendable {
  /// Each folder once, every one after the folder it is in.
  let all: [String]
  /// The manifest's paths, sorted by their bytes.
  private let paths: [String]
  /// For each of ``paths``, where the folders first met at it (those the
  /// path before it is not in) start in ``all``; one more at the end.
  private let firstMet: [Int]

  init(of manifest: OutputManifest) {
    paths = manifest.paths
    let paths = self.paths
    // A large site's paths are taken in runs, one per core and more: each
    // run's first path is compared with the path before the run.
    let runLength = Swift.max(1, paths.count / 64)
    let runs = Array(stride(from: 0, to: paths.count, by: runLength))
    let found = runs.parallelMap { start in
      var folders: [String] = []
      var metAt: [Int] = []
      for index in start..<Swift.min(start + runLength, paths.count) {
        metAt.append(folders.count)
        Self.appendFolders(
          of: paths[index], notIn: index == 0 ? nil : paths[index - 1], to: &folders)
      }
      return (folders: folders, metAt: metAt)
    }
    all = Array(concatenating: found.map(\.folders))
    var firstMet: [Int] = []
    firstMet.reserveCapacity(paths.count + 1)
    var before = 0
    for run in found {
      firstMet += run.metAt.lazy.map { before + $0 }
      before += run.folders.count
    }
    firstMet.append(before)
    self.firstMet = firstMet
  }

  /// The places in ``all`` of the folders first met at the path at `index`
  /// of ``paths``: the folders it is in that the path before it is not.
  func foldersFirstMet(at index: Int) -> Range<Int> {
    firstMet[index]..<firstMet[index + 1]
  }

  /// Whether `folder`, relative to the site, holds a file of FilmSite's.
  func contains(_ folder: String) -> Bool {
    guard !folder.isEmpty else { return false }
    let prefix = folder + "/"
    // The first path not before the prefix is the first inside the folder, if any is.
    let first = OutputManifest.firstIndex(notBefore: prefix, in: paths)
    return first < paths.count && paths[first].utf8.starts(with: prefix.utf8)
  }

  /// Appends the folders of `path` that `previous`, the path before it in
  /// byte order, is not in, outermost first.
  private static func appendFolders(
    of path: String, notIn previous: String?, to folders: inout [String]
  ) {
    let slash = UInt8(ascii: "/")
    var (path, previous) = (path, previous ?? "")
    path.withUTF8 { bytes in
      previous.withUTF8 { before in
        // `previous` is in the folder that ends at one of `path`'s slashes
        // exactly when that slash lies within the bytes the two share.
        var common = 0
        while common < bytes.count, common < before.count, bytes[common] == before[common] {
          common += 1
        }
        for end in bytes.indices where bytes[end] == slash && end >= common {
          folders.append(
            String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self))
        }
      }
    }
  }
}
