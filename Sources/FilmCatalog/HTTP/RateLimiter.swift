import Synchronization

/// Spaces the requests of a pull so that no second sees more than `requestsPerSecond` of them
/// sent (`--max-rate`).
///
/// It is a token bucket that holds one token: a request takes the token before it is sent, and
/// the next token is ready `1 / requestsPerSecond` seconds after the moment the last one was
/// taken. So requests start at least that far apart, and any second holds at most
/// `requestsPerSecond` of them. (The HTTP stack hands each one to the kernel from a queue of its
/// own, which on a busy machine can hold two back and send them closer together; only a margin
/// in the rate itself, such as TMDB's default, covers that.) A bigger bucket would let a pull that waited (for a slow
/// page, or a `Retry-After`) send a burst of saved tokens at once on top of the steady rate,
/// so a second could see up to twice the limit; a server that counts requests per second would
/// answer those with 429. Spacing from the moment a token is taken, rather than from when it
/// was due, means a waiter that wakes late slows the pull but never lets the next request go
/// early.
///
/// One limiter is shared by every request of a client, whatever its stage, and by every
/// attempt of a request, retries included; it works on top of the window of requests in
/// flight, which bounds how many wait at once.
final class RateLimiter: Sendable {
  /// The time and the wait that the limiter uses, so tests can run it on a clock of their own.
  struct Clock: Sendable {
    /// The time since a fixed instant of this clock.
    let now: @Sendable () -> Duration
    /// Returns once `now()` has reached the deadline (or at once if it has).
    /// - Throws: `CancellationError` when the task is cancelled while it waits.
    let sleep: @Sendable (_ deadline: Duration) async throws -> Void

    /// The system's continuous clock, which keeps counting while the machine sleeps.
    static var continuous: Clock {
      let origin = ContinuousClock.now
      return Clock(
        now: { origin.duration(to: .now) },
        sleep: { try await Task.sleep(until: origin + $0, clock: .continuous) })
    }

    /// Waits `seconds` from now: the retry policy's delays, on the same clock.
    func sleep(seconds: Double) async throws {
      try await sleep(now() + .seconds(seconds))
    }
  }

  /// The most requests sent in any one second.
  let requestsPerSecond: Int
  /// The least time between two requests: a second over the rate, rounded up, so that
  /// `requestsPerSecond + 1` requests never fit in one second.
  let interval: Duration
  private let clock: Clock
  /// When the token is ready again; `nil` until the first request takes it.
  private let ready = Mutex<Duration?>(nil)

  /// A limiter of `requestsPerSecond`, or `nil` (no limit) when that is 0 or less.
  init?(requestsPerSecond: Int, clock: Clock = .continuous) {
    guard requestsPerSecond > 0 else { return nil }
    self.requestsPerSecond = requestsPerSecond
    let interval = Duration.seconds(1) / requestsPerSecond
    self.interval =
      interval * requestsPerSecond < .seconds(1)
      ? interval + Duration(secondsComponent: 0, attosecondsComponent: 1) : interval
    self.clock = clock
  }

  /// Waits until the token is ready and takes it; call right before a request is sent.
  ///
  /// Callers that wait at once all wake when the token is ready; one takes it and the rest
  /// wait for the next, so a cancelled waiter gives up nothing another could have used.
  /// - Throws: `CancellationError`, at once, when the task is cancelled before or while it
  ///   waits; it then takes no token.
  func acquire() async throws {
    while true {
      try Task.checkCancellation()
      let deadline: Duration? = ready.withLock { ready in
        let now = clock.now()
        if let due = ready, now < due { return due }
        ready = now + interval
        return nil
      }
      guard let deadline else { return }
      try await clock.sleep(deadline)
    }
  }
}
