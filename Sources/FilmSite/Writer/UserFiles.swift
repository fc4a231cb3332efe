import FilmSiteSupport

/// The files in the output folder that FilmSite did not write (a `CNAME`, a
/// `.git` folder), carried into the staged site at the same place: files as
/// hard links, folders made again with their permissions, symbolic links
/// made again as they read. So they are never copied, changed or deleted.
struct UserFiles {
  private let current: CurrentSite
  private let staging: StagingTree
  /// The folders that hold FilmSite's files. Anything in them that is not
  /// FilmSite's is the user's; any other folder is the user's whole, and is
  /// kept even when empty.
  private let ownedFolders: Set<String>
  /// The folders of the staged site known to exist.
  private var made: Set<String> = [""]

  /// Carries every file of `current` that its manifest does not list into `staging`.
  /// - Throws: ``WriterError/conflict(directory:path:)`` where a user's file
  ///   stands at a path the new site needs; ``WriterError`` when one cannot be carried.
  static func carry(from current: CurrentSite, into staging: StagingTree) throws {
    guard FileSystem.exists(current.folder.path) else { return }
    var carrier = UserFiles(current: current, staging: staging)
    try carrier.carryAll()
  }

  private init(current: CurrentSite, staging: StagingTree) {
    self.current = current
    self.staging = staging
    var folders: Set<String> = []
    for path in current.manifest.paths {
      var parent = FileSystem.parent(of: path)
      while !parent.isEmpty, folders.insert(parent).inserted {
        parent = FileSystem.parent(of: parent)
      }
    }
    ownedFolders = folders
  }

  private mutating func carryAll() throws {
    // FilmSite's folders are listed on every core (a large site has one for
    // each film), then walked in order; anything in them that is not FilmSite's is carried.
    let root = current.folder.path
    let folders = [""] + ownedFolders.sorted()
    let listings = folders.parallelMap { folder in
      Result { () throws(FileSystemError) -> [DirectoryEntry] in
        do throws(FileSystemError) {
          return try FileSystem.entries(of: folder.isEmpty ? root : root + "/" + folder)
            .sorted { $0.name < $1.name }
        } catch  where error.isNoFolderThere {
          // Removed or replaced since the last build: nothing of FilmSite's to look into.
          return []
        }
      }
    }
    for (folder, listing) in zip(folders, listings) {
      let entries = try WriterError.reporting { try listing.get() }
      for entry in entries {
        let path = folder.isEmpty ? entry.name : folder + "/" + entry.name
        if path == OutputManifest.fileName || current.owned.contains(path) { continue }
        if entry.kind == .folder, ownedFolders.contains(path) { continue }
        try carry(path)
      }
    }
  }

  /// Carries the user's `path`, and everything inside it.
  private mutating func carry(_ path: String) throws {
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
      // A folder of FilmSite's own is listed on its own.
      guard !ownedFolders.contains(path) else { return }
      try makeParents(of: path)
      try conflicts(path) { try FileSystem.makeFolder(at: to, permissions: status.permissions) }
      made.insert(path)
      let entries = try WriterError.reporting { try FileSystem.entries(of: from) }
      for entry in entries.sorted(by: { $0.name < $1.name }) { try carry(path + "/" + entry.name) }
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
