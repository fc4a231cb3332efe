import FilmSiteSupport

/// A site being staged by ``SiteWriter``: the site it replaces, the tree
/// it is made in, and what has been staged so far.
///
/// Files are added in batches as they are rendered, so a large site never
/// has to be held in memory whole. ``SiteWriter/publish(_:fingerprint:pageCounts:filmCounts:folders:state:)``
/// swaps the staged site in; ``SiteWriter/abandon(_:)`` throws it away.
struct Publication: Sendable {
  let current: CurrentSite
  let staging: StagingTree
  /// Held from ``SiteWriter/begin()`` to publishing or abandoning.
  let lock: LockFile
  /// The files staged so far, in the order they were added: a list, not a
  /// dictionary, so that recording a batch between batches is a cheap append.
  var staged: [(path: String, staged: StagingTree.Staged)] = []
  var summary = SiteWriter.Summary()

  init(current: CurrentSite, staging: StagingTree, lock: LockFile) {
    self.current = current
    self.staging = staging
    self.lock = lock
  }

  /// The manifest of the staged files, sorted by path: of the staged tree,
  /// or, with `ofCurrentSite`, of the same files as the current site has
  /// them (every one unchanged).
  /// - Throws: ``WriterError/samePathTwice(directory:path:)`` for two files
  ///   with the same path (the same text in two Unicode spellings; an exact
  ///   repeat already fails to be written, as the file exists).
  func manifest(
    fingerprint: ContentHash?, pageCounts: SitePageCounts?, filmCounts: FilmCounts?,
    ofCurrentSite: Bool = false
  ) throws -> OutputManifest {
    let paths = staged.map(\.path)
    // The staged files are read in place, in the paths' order: each is a
    // path and two entries, 325,000 of them at 100,000 films, not copied.
    let order = OutputManifest.sortedOrder(of: paths)
    var sortedPaths: [String] = []
    sortedPaths.reserveCapacity(order.count)
    var entries: [OutputManifest.Entry] = []
    entries.reserveCapacity(order.count)
    for place in order {
      sortedPaths.append(paths[place])
      let made = staged[place].staged.entry
      let entry = ofCurrentSite ? staged[place].staged.unchanged : nil
      entries.append((entry ?? made).with(key: made.key, patch: made.patch))
    }
    for (path, next) in zip(sortedPaths, sortedPaths.dropFirst())
    where OutputManifest.isSamePath(path, next) {
      throw WriterError.samePathTwice(directory: current.folder.directory, path: path)
    }
    // Two spellings of one text need not be neighbours in the bytes' order; only paths that
    // are not ASCII (few or none) can be, so they are compared as text, in the order staged.
    var spellings = Set<String>()
    for path in paths where !Self.isASCII(path) {
      let (isNew, first) = spellings.insert(path)
      if !isNew {
        throw WriterError.samePathTwice(directory: current.folder.directory, path: first)
      }
    }
    return OutputManifest(
      sortedPaths: sortedPaths, entries: entries, fingerprint: fingerprint,
      pageCounts: pageCounts, filmCounts: filmCounts)
  }

  /// Whether every byte of `path` is ASCII, read in place where it can be.
  private static func isASCII(_ path: String) -> Bool {
    path.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } }
      ?? path.utf8.allSatisfy { $0 < 0x80 }
  }
}
