import Synchronization

@testable import FilmCatalog

/// A clock for ``RateLimiter`` whose time moves only when something waits on it.
///
/// A wait moves the time straight to its deadline, so a test runs in no real time and the
/// times it sees are exact. `lateness` is added to every wait that moves the time, as a
/// sleeping thread may wake after its deadline. ``mark()`` notes the time, for a test to
/// read back in ``marks``.
final class ManualClock: Sendable {
  private let time = Mutex<Duration>(.zero)
  private let marked = Mutex<[Duration]>([])
  private let lateness: Duration

  init(lateness: Duration = .zero) {
    self.lateness = lateness
  }

  var now: Duration { time.withLock { $0 } }

  /// The times ``mark()`` noted, in the order it was called.
  var marks: [Duration] { marked.withLock { $0 } }

  /// Notes the time.
  /// - Returns: How many times were noted before this one.
  @discardableResult
  func mark() -> Int {
    let now = self.now
    return marked.withLock { marks in
      marks.append(now)
      return marks.count - 1
    }
  }

  var clock: RateLimiter.Clock {
    RateLimiter.Clock(
      now: { self.now },
      sleep: { deadline in
        try Task.checkCancellation()
        self.time.withLock { time in
          if time < deadline { time = deadline + self.lateness }
        }
      })
  }
}
