import FilmSiteSupport

/// The site now in the output folder, as its manifest lists it: which files
/// are FilmSite's, and how FilmSite left each one.
///
/// A file is unchanged when the manifest lists the same hash and size for
/// it and the file on disk still has the size and modification time the
/// manifest records: one `stat`, without reading it.
struct CurrentSite: Sendable {
  let folder: OutputFolder
  let manifest: OutputManifest
  /// The manifest's entries by path (none for a version 1 manifest).
  let entries: ManifestLookup
  /// The paths of a version 1 manifest, which has no entries; empty otherwise.
  private let pathsWithoutEntries: Set<String>
  /// The folder held open, so that each file's status is looked up from it;
  /// `nil` when it cannot be opened (there is no site yet).
  let root: HeldFolder?

  /// The site in `folder` that `manifest` lists.
  /// - Parameter tabled: Whether its files are looked up through a table
  ///   (``ManifestLookup``): for a build that may reuse any of its pages.
  init(folder: OutputFolder, manifest: OutputManifest, tabled: Bool = true) {
    self.folder = folder
    self.manifest = manifest
    root = manifest.paths.isEmpty ? nil : try? HeldFolder(folder.path)
    entries = ManifestLookup(manifest, tabled: tabled)
    pathsWithoutEntries = manifest.entries.isEmpty ? Set(manifest.paths) : []
  }

  /// Whether the manifest lists `path`: a file of FilmSite's.
  func owns(_ path: String) -> Bool {
    entries[path] != nil || pathsWithoutEntries.contains(path)
  }

  /// The manifest entry of `file` when the current site already has it with
  /// the same bytes; `nil` when it must be written.
  func unchangedEntry(for file: OutputFile) -> OutputManifest.Entry? {
    if let entry = entries[file.path] {
      // The previous build wrote these bytes, and the file is as it left it.
      let same =
        entry.hash == file.hash && entry.size == file.bytes.count
        && isAsWritten(file.path, entry)
      return same ? entry : nil
    }
    // A version 1 manifest knows no hashes: compare the bytes.
    guard owns(file.path) else { return nil }
    let path = folder.path + "/" + file.path
    guard let found = try? FileSystem.status(of: path), found.kind == .file,
      (try? FileSystem.contents(of: path)) == file.bytes
    else { return nil }
    return OutputManifest.Entry(hash: file.hash, status: found)
  }

  /// The manifest entry of the page at `path` when the current site has it
  /// made from the inputs of `key` (``PageKeys``) and as FilmSite left it;
  /// `nil` when it must be rendered.
  func reusableEntry(path: String, key: ContentHash) -> OutputManifest.Entry? {
    guard let entry = entries[path], entry.key == key, isAsWritten(path, entry) else { return nil }
    return entry
  }

  /// The bytes of the current site's file at `path`, which the manifest
  /// lists with `entry`, when the file is as FilmSite wrote it (its status,
  /// then its bytes' hash); `nil` otherwise.
  func bytesAsWritten(path: String, entry: OutputManifest.Entry) -> [UInt8]? {
    // With the folder held open, the status checked is the open file's: one
    // look-up of the path, and the bytes read are those of that file.
    let read: [UInt8]?
    if let root {
      read = try? root.folder.contents(of: path, ifStatus: entry.describes)
    } else {
      read =
        isAsWritten(path, entry) ? try? FileSystem.contents(of: folder.path + "/" + path) : nil
    }
    guard let bytes = read, bytes.count == entry.size,
      bytes.withUnsafeBytes(ContentHash.init) == entry.hash
    else { return nil }
    return bytes
  }

  /// The entries of the current site's files whose paths are members of a
  /// group whose `head` was made from the inputs of `key`, when the head is
  /// among them and every one is as FilmSite left it; `nil` when they must be
  /// made again. The head's key stands for the whole group, so which files it
  /// holds is known from the key too.
  func reusableGroup(
    head: String, key: ContentHash, isMember: (String) -> Bool
  ) -> [(path: String, entry: OutputManifest.Entry)]? {
    guard entries[head]?.key == key else { return nil }
    let group = zip(manifest.paths, manifest.entries).filter { path, _ in isMember(path) }
    guard group.contains(where: { $0.0 == head }),
      group.allSatisfy({ isAsWritten($0.0, $0.1) })
    else { return nil }
    return group.map { (path: $0.0, entry: $0.1) }
  }

  /// Whether the file at `path`, relative to the folder, is still as the
  /// manifest's `entry` says FilmSite wrote it.
  func isAsWritten(_ path: String, _ entry: OutputManifest.Entry) -> Bool {
    guard let found = try? status(of: path) else { return false }
    return entry.describes(found)
  }

  /// What `path`, relative to the folder, is now (a symbolic link itself).
  func status(of path: String) throws(FileSystemError) -> FileStatus {
    guard let root else { return try FileSystem.status(of: folder.path + "/" + path) }
    return try root.folder.status(of: path)
  }

  /// What each of `paths`, relative to the folder, is now (`nil` where
  /// nothing is, or it cannot be read), looked up on every core.
  func statuses(of paths: [String]) -> [FileStatus?] {
    statuses(of: paths) { $0 }
  }

  /// `transform` of what each of `paths` is now, looked up as
  /// ``statuses(of:)`` looks them up: for a large list of which only
  /// something small is kept, such as whether each folder changed.
  func statuses<Value: Sendable>(
    of paths: [String], _ transform: @Sendable (FileStatus?) -> Value
  ) -> [Value] {
    inRuns(of: paths.count) { own, run in run.map { transform(try? own.status(of: paths[$0])) } }
      .map(Array.init(concatenating:)) ?? paths.map { transform(try? status(of: $0)) }
  }

  /// What the manifest's files at `indices` (ascending) are now, and each
  /// of `owned`'s folders (the folders of the same manifest), looked up on
  /// every core in one pass through the manifest's order: each folder just
  /// before the first of its files, whose look-up finds the same entries of
  /// the file system's cache. Two passes, one for the files and one for the
  /// folders, take longer. Each is `nil` where nothing is, or it cannot be read.
  func statuses(ofFilesAt indices: [Int], andFoldersOf owned: OwnedFolders)
    -> (files: [FileStatus?], folders: [FileStatus?])
  {
    let paths = manifest.paths
    let looked = inRuns(of: paths.count) { own, run in
      var files: [FileStatus?] = []
      var folders: [FileStatus?] = []
      var next = indices.partitioningIndex { $0 >= run.lowerBound }
      for index in run {
        for place in owned.foldersFirstMet(at: index) {
          folders.append(try? own.status(of: owned.all[place]))
        }
        guard next < indices.count, indices[next] == index else { continue }
        files.append(try? own.status(of: paths[index]))
        next += 1
      }
      return (files: files, folders: folders)
    }
    guard let looked else {
      return (indices.map { try? status(of: paths[$0]) }, owned.all.map { try? status(of: $0) })
    }
    return (Array(concatenating: looked.map(\.files)), Array(concatenating: looked.map(\.folders)))
  }

  /// `body`'s results for runs of the places `0..<count` (at least 256 each,
  /// and some for each core), on every core; `nil` without the folder held open.
  /// The open folder is taken out once: each look-up then uses its
  /// descriptor, not the object that holds it, which every core would
  /// share; and each run opens the folder again for its own, as threads
  /// sharing one descriptor wait on each other.
  private func inRuns<Value: Sendable>(
    of count: Int, _ body: @Sendable (OpenFolder, Range<Int>) -> Value
  ) -> [Value]? {
    guard let root else { return nil }
    let folder = root.folder
    let runLength = Swift.max(256, count / 64)
    let runs = Array(stride(from: 0, to: count, by: runLength))
    return withExtendedLifetime(root) {
      runs.parallelMap { start in
        folder.reopened { own in body(own, start..<Swift.min(start + runLength, count)) }
      }
    }
  }

  /// How many of the site's files the next site, listed by `next`, leaves
  /// out and that are still there to be removed.
  func countOfFilesRemoved(by next: OutputManifest) -> Int {
    OutputManifest.paths(manifest.paths, notIn: next.paths).count { path in
      FileSystem.exists(folder.path + "/" + path)
    }
  }
}
