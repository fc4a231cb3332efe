import Foundation

/// Every folder and file below an output folder, with the files' bytes, for
/// comparing two builds the way `diff -r` does.
struct SiteTree: Equatable {
  /// The files' bytes by path relative to the folder.
  var files: [String: Data] = [:]
  /// The folders' relative paths, so an empty folder left behind shows.
  var folders: Set<String> = []

  /// The tree below `directory`, without the paths in `leaving`.
  init(_ directory: String, leaving excluded: Set<String> = []) throws {
    let manager = FileManager.default
    for path in try manager.subpathsOfDirectory(atPath: directory) where !excluded.contains(path) {
      let full = directory + "/" + path
      let type = try manager.attributesOfItem(atPath: full)[.type] as? FileAttributeType
      if type == .typeDirectory {
        folders.insert(path)
      } else {
        files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
      }
    }
  }

  /// The first path, in sorted order, that one tree has and the other lacks
  /// or holds other bytes at, with what differs; `nil` when the trees are
  /// the same.
  func firstDifference(from other: SiteTree, names: (mine: String, other: String)) -> String? {
    let paths = Set(files.keys).union(other.files.keys).union(folders).union(other.folders)
    for path in paths.sorted() {
      switch (files[path], other.files[path]) {
      case (let mine?, let theirs?) where mine != theirs:
        return "\(path): other bytes (\(mine.count) in the \(names.mine) build, "
          + "\(theirs.count) in the \(names.other))"
      case (.some, nil): return "\(path): only in the \(names.mine) build"
      case (nil, .some): return "\(path): only in the \(names.other) build"
      default:
        if folders.contains(path) != other.folders.contains(path) {
          let holder = folders.contains(path) ? names.mine : names.other
          return "\(path)/: a folder only in the \(holder) build"
        }
      }
    }
    return nil
  }
}
