/// A site being staged by ``SiteWriter``: what the previous build left, and
/// what has been staged so far.
///
/// Files are added in batches as they are rendered, so a large site never
/// has to be held in memory whole. ``SiteWriter/publish(_:fingerprint:)``
/// swaps the staged site in; ``SiteWriter/abandon(_:)`` throws it away.
public struct Publication: Sendable {
  let staging: String
  let previous: OutputManifest
  /// Held from ``SiteWriter/begin()`` to publishing or abandoning.
  let lock: DirectoryLock
  let owned: Set<String>
  var entries: [String: OutputManifest.Entry] = [:]
  var summary = SiteWriter.Summary()

  init(staging: String, previous: OutputManifest, lock: DirectoryLock) {
    self.staging = staging
    self.lock = lock
    self.previous = previous
    owned = Set(previous.paths)
  }
}
