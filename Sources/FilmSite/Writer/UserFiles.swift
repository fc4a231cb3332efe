import FilmSiteSupport

/// The files in the output folder that FilmSite did not write (a `CNAME`, a
/// `.git` folder), carried into the staged site at the same place: files as
/// hard links, folders made again with their permissions, symbolic links
/// made again as they read. So they are never copied, changed or deleted.
///
/// They are found without listing every folder of a large site: the
/// manifest names the user's files as the last build found them
/// (``OutputManifest/kept``) and since when they are known
/// (``OutputManifest/userFilesScanned``): when it looked, or, for a tree it
/// swapped in, when it had written its own files there, just before it
/// carried the user's in. A folder whose status changed since (a name
/// added, removed or renamed in it changes it, and so does carrying a
/// user's file into it) is listed again; any other holds what it held then.
struct UserFiles {
  /// Each user's file or folder, the topmost of its kind, relative to the folder.
  let roots: [String]
  /// When they were looked for, for the next build's manifest when the
  /// current tree stays in place (the site did not change), or when the
  /// file system's own stamp cannot be read (``FolderClock``): a little
  /// before this build looked, as the system stamps a change with a clock
  /// that may lag the one read here.
  let scanned: FileTime
  /// How many folders were listed to find them: the output folder itself,
  /// and each folder of FilmSite's whose status changed since the last look.
  let listed: Int

  /// How far before the look the recorded time is put.
  static let clockMargin = 1

  /// The status of each folder of FilmSite's in the current site, looked up
  /// before ``find(in:looked:)``, with the files' (``look(in:withFilesAt:)``).
  struct FolderLook: Sendable {
    let owned: OwnedFolders
    /// One for each of `owned.all`.
    let statuses: [FileStatus?]
    /// When they were looked up: a folder that changed since may hold a
    /// file of the user's that the look did not see.
    let time: FileTime
  }

  /// What the manifest's files at `indices` (ascending) of `current` are
  /// now, and the status of each of its folders for ``find(in:looked:)``,
  /// looked up in one pass (``CurrentSite/statuses(ofFilesAt:andFoldersOf:)``):
  /// sooner than the files alone and then the folders as the site is published.
  static func look(in current: CurrentSite, withFilesAt indices: [Int])
    -> (files: [FileStatus?], folders: FolderLook)
  {
    let time = FileTime.now
    let owned = OwnedFolders(of: current.manifest)
    let looked = current.statuses(ofFilesAt: indices, andFoldersOf: owned)
    return (looked.files, FolderLook(owned: owned, statuses: looked.folders, time: time))
  }

  /// Finds the user's files in `current`.
  /// - Parameter looked: The status of FilmSite's folders when the build
  ///   looked at them already, with its files; `nil` to look now. The time
  ///   recorded is then the time of that look.
  /// - Throws: ``WriterError`` when a folder of FilmSite's cannot be listed.
  static func find(in current: CurrentSite, looked: FolderLook? = nil) throws -> UserFiles {
    let now = looked?.time ?? FileTime.now
    let scanned = now.minus(seconds: clockMargin)
    guard FileSystem.exists(current.folder.path) else {
      return UserFiles(roots: [], scanned: scanned, listed: 0)
    }
    // A clock set back since the last look could hide a change: then every folder is listed.
    let since = current.manifest.userFilesScanned.flatMap { $0 < now ? $0 : nil }
    let keptByFolder = Dictionary(grouping: current.manifest.kept, by: FileSystem.parent(of:))
    let owned = looked?.owned ?? OwnedFolders(of: current.manifest)
    // Each folder's status first, on every core; then the folders that changed are listed.
    let looks: [Look] =
      since.map { since in
        let look: @Sendable (FileStatus?) -> Look = { status in
          // Gone, or no longer a folder: its parent changed, and is listed.
          guard let status, status.kind == .folder else { return .gone }
          return status.changed < since ? .same : .list
        }
        return looked.map { $0.statuses.map(look) } ?? current.statuses(of: owned.all, look)
      } ?? Array(repeating: .list, count: owned.all.count)
    var roots: [String] = []
    // The site's own folder is always listed: its status is the output folder's.
    var toList = [""]
    for (folder, look) in zip(owned.all, looks) {
      switch look {
      case .same: if !keptByFolder.isEmpty { roots += keptByFolder[folder] ?? [] }
      case .list: toList.append(folder)
      case .gone: break
      }
    }
    let root = current.folder.path
    // In no order: the roots found are sorted at the end.
    let found = toList.parallelMap { folder -> Result<[String], WriterError> in
      do throws(FileSystemError) {
        let entries = try FileSystem.entries(of: folder.isEmpty ? root : root + "/" + folder)
        return .success(
          entries.compactMap { entry in
            let path = folder.isEmpty ? entry.name : folder + "/" + entry.name
            if path == OutputManifest.fileName || current.owns(path) { return nil }
            if entry.kind == .folder, owned.contains(path) { return nil }
            return path
          })
      } catch  where error.isNoFolderThere {
        // Removed or replaced since the last build: nothing of FilmSite's to look into.
        return .success([])
      } catch {
        return .failure(WriterError(error))
      }
    }
    for result in found { roots += try result.get() }
    return UserFiles(
      roots: roots.sorted(by: ScalarOrder.precedes), scanned: scanned, listed: toList.count)
  }

  /// What a folder of FilmSite's status says about the user's files in it.
  private enum Look: Sendable {
    /// Unchanged since the last look: it holds the user's files it held then.
    case same
    /// Changed, or not known to be unchanged: it is listed.
    case list
    /// Gone, or no longer a folder.
    case gone
  }

  /// Carries each of ``roots`` from `current` into `staging`.
  /// - Throws: ``WriterError/conflict(directory:path:)`` where a user's file
  ///   stands at a path the new site needs; ``WriterError`` when one cannot be carried.
  func carry(from current: CurrentSite, into staging: StagingTree) throws {
    var carrier = Carrier(current: current, staging: staging)
    for root in roots { try carrier.carry(root) }
  }

  /// Carries files one at a time, knowing which folders it made.
  private struct Carrier {
    let current: CurrentSite
    let staging: StagingTree
    /// The folders of the staged site known to exist.
    var made: Set<String> = [""]

    /// Carries the user's `path`, and everything inside it.
    mutating func carry(_ path: String) throws {
      let from = current.folder.path + "/" + path
      let to = staging.path + "/" + path
      let status: FileStatus
      do {
        status = try FileSystem.status(of: from)
      } catch {
        // Gone since the folder was listed: nothing to carry. Anything else must not
        // make the file silently drop out of the new site.
        if error.isNothingThere { return }
        throw WriterError.io(
          path: from, operation: "carry the file to the new site", message: error.message)
      }
      switch status.kind {
      case .folder:
        try makeParents(of: path)
        try conflicts(path) { try FileSystem.makeFolder(at: to, permissions: status.permissions) }
        made.insert(path)
        let entries = try WriterError.reporting { try FileSystem.entries(of: from) }
        for entry in entries.sorted(by: { $0.name < $1.name }) {
          try carry(path + "/" + entry.name)
        }
      case .file:
        try makeParents(of: path)
        try conflicts(path) { try FileSystem.link(from, as: to) }
      case .link:
        try makeParents(of: path)
        let destination = try WriterError.reporting { try FileSystem.destination(ofLink: from) }
        try conflicts(path) { try FileSystem.makeSymbolicLink(at: to, to: destination) }
      case .other:
        throw WriterError.io(
          path: from, operation: "carry the file to the new site",
          message: "only regular files, folders and symbolic links can be kept")
      }
    }

    /// Makes the staged folders above `path` that are not known to exist.
    private mutating func makeParents(of path: String) throws {
      let parent = FileSystem.parent(of: path)
      guard !made.contains(parent) else { return }
      try makeParents(of: parent)
      try WriterError.reporting { try FileSystem.makeFolder(at: staging.path + "/" + parent) }
      made.insert(parent)
    }

    /// Runs `body`, which puts the user's `path` into the staged site; a file
    /// of the new site in its way is a conflict.
    private func conflicts(_ path: String, _ body: () throws -> Void) throws {
      do {
        try body()
      } catch let error as FileSystemError where error.isPathTaken {
        throw WriterError.conflict(directory: current.folder.directory, path: path)
      } catch let error as FileSystemError {
        throw WriterError.io(
          path: current.folder.path + "/" + path, operation: "link into the new site",
          message: error.message)
      }
    }
  }
}
