import Synchronization

/// Requests sent and retries made by every request of a pull, for the summary and progress.
///
/// One instance is shared by all the requests of a source (and, for TMDB, of every stage),
/// so it is a class behind a lock.
public final class RequestStatistics: Sendable {
  private let counts = Mutex((requests: 0, retries: 0))

  public var requests: Int { counts.withLock { $0.requests } }
  public var retries: Int { counts.withLock { $0.retries } }

  init() {}

  func countRequest() { counts.withLock { $0.requests += 1 } }
  func countRetry() { counts.withLock { $0.retries += 1 } }
}
