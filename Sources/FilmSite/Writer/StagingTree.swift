import FilmSiteSupport

/// The folder beside the output folder that a new site is made in, file by
/// file, before it is swapped in whole.
///
/// After a swap this folder holds the site it replaced, with its manifest:
/// the spare. The next build makes its site there by differences: a file the
/// spare already has with the right bytes stays; one the current site has
/// with the right bytes is hard-linked from it (same inode and modification
/// time); only the others are written: over the spare's file where it is,
/// when the spare alone has it and no one has it open
/// (``FileSystem/overwriteFile(at:with:)``), else as a new file in its place,
/// so that a file the current site links, or a reader holds open, keeps
/// its bytes. Without a spare (the first rebuild, or after a stopped one)
/// the tree starts empty.
///
/// The spare's manifest is removed before its first change, so a build
/// stopped while it updates the tree leaves a tree that no manifest
/// describes, which the next build removes and starts again.
struct StagingTree: Sendable {
  let path: String
  /// What the tree held when this build began: its manifest's entries, for
  /// a spare; none for a new tree.
  let previous: OutputManifest
  private let previousEntries: ManifestLookup
  /// Whether a changed file of the spare may be written over where it is:
  /// the tree is on a local file system (``FileSystem/writesInPlace(in:)``).
  private let writesInPlace: Bool

  /// Makes the empty staging folder at `path`.
  static func make(at path: String) throws -> StagingTree {
    try WriterError.reporting { try FileSystem.makeFolder(at: path) }
    return StagingTree(path: path, previous: OutputManifest(paths: []), tabled: false)
  }

  /// The manifest of the spare at `path`, read and changing nothing; `nil`
  /// when there is no spare folder there, or no manifest with entries in it,
  /// and when `stop` is raised before it is read.
  static func manifest(at path: String, unless stop: StopSignal? = nil) -> OutputManifest? {
    guard stop?.isRaised != true, (try? FileSystem.status(of: path))?.kind == .folder,
      let bytes = try? FileSystem.contents(of: path + "/" + OutputManifest.fileName),
      let manifest = OutputManifest(bytes: bytes, unless: stop), !manifest.entries.isEmpty
    else { return nil }
    return manifest
  }

  /// The spare at `path`, when `manifest` (read by ``manifest(at:)``) says
  /// what it holds; its manifest file is removed, and so is every file of
  /// the user's that it may hold (`kept` by it or by `current`), which are
  /// carried anew from the current site at the end of the build. `nil` when
  /// there is no spare, or one that no manifest describes (then it is removed).
  /// - Parameter tabled: Whether the spare's files are looked up through a
  ///   table (``ManifestLookup``): for a build that stages files in any order.
  static func spare(
    at path: String, manifest: OutputManifest?, current: OutputManifest, tabled: Bool = true
  ) throws -> StagingTree? {
    guard let manifest else {
      FileSystem.removeTree(at: path)
      return nil
    }
    try WriterError.reporting { try FileSystem.remove(path + "/" + OutputManifest.fileName) }
    for kept in Set(manifest.kept).union(current.kept) {
      FileSystem.removeTree(at: path + "/" + kept)
    }
    return StagingTree(path: path, previous: manifest, tabled: tabled)
  }

  private init(path: String, previous: OutputManifest, tabled: Bool) {
    self.path = path
    self.previous = previous
    previousEntries = ManifestLookup(previous, tabled: tabled)
    writesInPlace = !previous.entries.isEmpty && FileSystem.writesInPlace(in: path)
  }

  /// What staging one file did: its entry in the tree, and the current
  /// site's entry when the current site has the same bytes (so the file
  /// is unchanged for the reader).
  struct Staged: Sendable {
    let entry: OutputManifest.Entry
    let unchanged: OutputManifest.Entry?
  }

  /// Stages `file`: kept when the tree already has its bytes, linked from
  /// `current` when that has them, written otherwise.
  /// - Parameter index: Where the file is among the files staged, in order:
  ///   where this tree's manifest most likely lists it, when the current
  ///   site's files are staged in their manifest's order.
  /// - Throws: ``WriterError`` for a path that would leave the folder or
  ///   break the manifest, a file that cannot be written, or a reused file
  ///   that changed while the site was built.
  func stage(_ file: SiteFile, from current: CurrentSite, near index: Int = -1) throws -> Staged {
    // A path with a tab or line break would be misread from the manifest; one with
    // `..` or a leading `/` would leave the folder. A reused file's path is
    // the current manifest's, which was checked as it was read.
    if case .rendered = file, !OutputManifest.isSafeRelativePath(file.path) {
      throw WriterError.io(
        path: Escaping.terminal(file.path), operation: "write the page",
        message: "a site path must stay inside the folder and hold no tab or line break")
    }
    let unchanged: OutputManifest.Entry?
    let hash: ContentHash
    let size: Int
    let made: Made
    switch file {
    case .reused(_, let entry):
      (unchanged, hash, size, made) = (entry, entry.hash, entry.size, Made(entry.key, entry.patch))
    case .rendered(let rendered):
      unchanged = current.unchangedEntry(for: rendered)
      (hash, size, made) = (rendered.hash, rendered.bytes.count, Made(rendered.key, rendered.patch))
    }
    if let had = previousEntries.entry(file.path, near: index) {
      // The same file as the current site's is checked already: one inode.
      if had.hash == hash, had.size == size,
        (unchanged.map(had.isSameFile) ?? false) || isAsWritten(path + "/" + file.path, had)
      {
        return Staged(entry: had.with(key: made.key, patch: made.patch), unchanged: unchanged)
      }
      let destination = path + "/" + file.path
      // A file only the spare has, which no one has open, gets the new bytes
      // where it is; one the current site still links is not written through.
      // (Its link count says so; the manifests tell most such files first,
      // which saves opening them. The current manifest lists the file at
      // `index` when the files are staged in its order: no search then.)
      if writesInPlace, unchanged == nil, case .rendered(let rendered) = file,
        !(current.entries.entry(file.path, near: index).map(had.isSameFile) ?? false),
        let status = (try? FileSystem.overwriteFile(at: destination, with: rendered.bytes)) ?? nil
      {
        return Staged(
          entry: OutputManifest.Entry(
            hash: rendered.hash, status: status, key: made.key, patch: made.patch),
          unchanged: nil)
      }
      // Else the spare's file is replaced where it is: its folder is there. Anything
      // unexpected (a folder in its place, its folder gone) takes the long way below.
      if (try? FileSystem.remove(destination)) != nil,
        let staged = try? place(
          file, unchanged: unchanged, made: made, at: destination, from: current)
      {
        return staged
      }
      FileSystem.removeTree(at: destination)
    }
    let destination = path + "/" + file.path
    try makeFolder(FileSystem.parent(of: file.path))
    if !previousEntries.isEmpty, FileSystem.exists(destination) {
      // Left in the spare by a build that did not list it: the tree is FilmSite's own.
      FileSystem.removeTree(at: destination)
    }
    return try place(file, unchanged: unchanged, made: made, at: destination, from: current)
  }

  /// Puts `file` at `destination`, where nothing is: a hard link to the
  /// current site's file when it has the same bytes (`unchanged`), else its
  /// bytes written.
  private func place(
    _ file: SiteFile, unchanged: OutputManifest.Entry?, made: Made, at destination: String,
    from current: CurrentSite
  ) throws -> Staged {
    if let unchanged,
      (try? FileSystem.link(current.folder.path + "/" + file.path, as: destination)) != nil
    {
      return Staged(entry: unchanged.with(key: made.key, patch: made.patch), unchanged: unchanged)
    }
    guard case .rendered(let rendered) = file else {
      throw WriterError.io(
        path: current.folder.path + "/" + Escaping.terminal(file.path),
        operation: "link into the new site",
        message: "the file changed while the site was built; build again")
    }
    let status = try WriterError.reporting {
      try FileSystem.createFile(at: destination, with: rendered.bytes)
    }
    return Staged(
      entry: OutputManifest.Entry(
        hash: rendered.hash, status: status, key: made.key, patch: made.patch),
      unchanged: nil)
  }

  /// What a staged file's entry says it was made from: its input key and index page patch.
  private struct Made {
    let key: ContentHash?
    let patch: IndexPagePatch?

    init(_ key: ContentHash?, _ patch: IndexPagePatch?) {
      self.key = key
      self.patch = patch
    }
  }

  /// Whether the tree's file at `path` (absolute) is as `entry` says.
  private func isAsWritten(_ path: String, _ entry: OutputManifest.Entry) -> Bool {
    guard let found = try? FileSystem.status(of: path) else { return false }
    return entry.describes(found)
  }

  /// Makes `folder` (relative to the tree) and the folders above it that are
  /// missing. Each file's task makes its own folder just before writing
  /// it, so the cores take turns in a shared parent such as `films/` rather
  /// than wait on its lock together, and no list of the folders made so far
  /// is kept on one core. In a spare, a file of the last site where a
  /// folder must now be is removed first.
  func makeFolder(_ folder: String) throws {
    guard !folder.isEmpty else { return }
    do {
      try FileSystem.makeFolder(at: path + "/" + folder, makingParents: true)
    } catch  where error.isPathTaken && !previousEntries.isEmpty {
      var above = folder
      while !above.isEmpty {
        if previousEntries[above] != nil { try? FileSystem.remove(path + "/" + above) }
        above = FileSystem.parent(of: above)
      }
      try WriterError.reporting {
        try FileSystem.makeFolder(at: path + "/" + folder, makingParents: true)
      }
    } catch {
      throw WriterError(error)
    }
  }

  /// Removes the files of the last site that `next` does not list, and
  /// then the folders that leaves empty; returns how many files it removed.
  @discardableResult
  func removeFiles(notIn next: OutputManifest) -> Int {
    let removed = OutputManifest.paths(previous.paths, notIn: next.paths)
    removed.parallelForEach { try? FileSystem.remove(path + "/" + $0) }
    var folders: Set<String> = []
    for file in removed {
      var folder = FileSystem.parent(of: file)
      while !folder.isEmpty, folders.insert(folder).inserted {
        folder = FileSystem.parent(of: folder)
      }
    }
    // The deepest first, so that a folder is empty once the folders in it are gone.
    for folder in folders.sorted(by: { $0.count > $1.count }) {
      FileSystem.removeEmptyFolder(path + "/" + folder)
    }
    return removed.count
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
