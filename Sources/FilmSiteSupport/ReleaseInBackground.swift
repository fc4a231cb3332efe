import Dispatch

/// Lets go of `value` on a background thread, so that freeing it, when the
/// caller gave up its last reference (`releaseInBackground(consume value)`),
/// does not hold the caller up.
///
/// A build of a large site ends with millions of small objects to free: its
/// films, its plan, the tables of its manifests. Its summary need not wait
/// for that, and a command that exits once it has printed the summary does
/// not wait for it at all.
public func releaseInBackground<Value: Sendable>(_ value: consuming Value) {
  let value = value
  DispatchQueue.global(qos: .utility).async { withExtendedLifetime(value) {} }
}
