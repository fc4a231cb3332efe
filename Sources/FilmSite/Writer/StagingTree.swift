import FilmSiteSupport

/// The folder beside the output folder that a new site is built in, file
/// by file, before it is swapped in whole.
///
/// A file the current site has with the same bytes is hard-linked from it
/// (same inode and modification time); any other is written. A stopped
/// build leaves only this folder, which the next build removes.
struct StagingTree: Sendable {
  let path: String

  /// Makes the empty staging folder at `path`.
  static func make(at path: String) throws -> StagingTree {
    try WriterError.reporting { try FileSystem.makeFolder(at: path) }
    return StagingTree(path: path)
  }

  private init(path: String) {
    self.path = path
  }

  /// Stages `file`, linked from `current` when it is unchanged and written
  /// otherwise, after making its folder.
  /// - Returns: The file's manifest entry, and whether it was written.
  /// - Throws: ``WriterError`` for a path that would leave the folder or
  ///   break the manifest, or a file that cannot be written.
  func stage(_ file: OutputFile, from current: CurrentSite) throws
    -> (entry: OutputManifest.Entry, written: Bool)
  {
    // A path with a tab or line break would be misread from the manifest; one with
    // `..` or a leading `/` would leave the folder.
    guard OutputManifest.isSafeRelativePath(file.path) else {
      throw WriterError.io(
        path: Escaping.terminal(file.path), operation: "write the page",
        message: "a site path must stay inside the folder and hold no tab or line break")
    }
    try makeFolder(FileSystem.parent(of: file.path))
    let destination = path + "/" + file.path
    if let entry = current.unchangedEntry(for: file),
      (try? FileSystem.link(current.folder.path + "/" + file.path, as: destination)) != nil
    {
      return (entry, false)
    }
    let status = try WriterError.reporting {
      try FileSystem.createFile(at: destination, with: file.bytes)
    }
    return (OutputManifest.Entry(hash: file.hash, status: status), true)
  }

  /// Makes `folder` (relative to the tree) and the folders above it that are
  /// missing. Each file's task makes its own folder just before writing
  /// it, so the cores take turns in a shared parent such as `films/` rather
  /// than wait on its lock together, and no list of the folders made so far
  /// is kept on one core.
  func makeFolder(_ folder: String) throws {
    guard !folder.isEmpty else { return }
    try WriterError.reporting {
      try FileSystem.makeFolder(at: path + "/" + folder, makingParents: true)
    }
  }

  /// Writes `manifest` into the tree, as the last file before the swap.
  func write(_ manifest: OutputManifest) throws {
    try WriterError.reporting {
      _ = try FileSystem.createFile(at: path + "/" + OutputManifest.fileName, with: manifest.bytes)
    }
  }

  /// Throws the tree away.
  func remove() {
    FileSystem.removeTree(at: path)
  }
}
