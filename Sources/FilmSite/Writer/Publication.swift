/// A site being staged by ``SiteWriter``: what the previous build left, and
/// what has been staged so far.
///
/// Files are added in batches as they are rendered, so a large site never
/// has to be held in memory whole. ``SiteWriter/publish(_:fingerprint:pageCounts:filmCounts:)``
/// swaps the staged site in; ``SiteWriter/abandon(_:)`` throws it away.
public struct Publication: Sendable {
  let staging: String
  let previous: OutputManifest
  /// Held from ``SiteWriter/begin()`` to publishing or abandoning.
  let lock: DirectoryLock
  let owned: Set<String>
  /// The previous manifest's entries by path.
  let previousEntries: [String: OutputManifest.Entry]
  /// The files staged so far, in the order they were added: a list, not a
  /// dictionary, so that recording a batch between batches is a cheap append.
  /// ``SiteWriter/publish(_:fingerprint:pageCounts:filmCounts:)`` sorts them
  /// and refuses two files with the same path (an exact repeat already fails
  /// to be written, as the file exists).
  var staged: [(path: String, entry: OutputManifest.Entry)] = []
  var summary = SiteWriter.Summary()

  init(staging: String, previous: OutputManifest, lock: DirectoryLock) {
    self.staging = staging
    self.lock = lock
    self.previous = previous
    owned = Set(previous.paths)
    previousEntries = previous.entriesByPath()
  }
}
