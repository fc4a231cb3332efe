import Synchronization
import Testing

@testable import FilmCatalog

/// The token bucket behind `--max-rate`, on a clock that moves only when a caller waits.
@Suite struct RateLimiterTests {
  private func limiter(_ rate: Int, _ clock: ManualClock) throws -> RateLimiter {
    try #require(RateLimiter(requestsPerSecond: rate, clock: clock.clock))
  }

  @Test func spacesRequestsOneIntervalApartFromTheFirst() async throws {
    let clock = ManualClock()
    let limiter = try limiter(4, clock)
    var taken: [Duration] = []
    for _ in 1...5 {
      try await limiter.acquire()
      taken.append(clock.now)
    }
    #expect(taken == [0, 250, 500, 750, 1000].map(Duration.milliseconds))
  }

  /// Whatever the rate, `rate + 1` requests in a row span a whole second or more, so no
  /// one-second window holds more than `rate`.
  @Test(arguments: [1, 3, 7, 40, 50, 1000])
  func noSecondHoldsMoreRequestsThanTheRate(rate: Int) async throws {
    let clock = ManualClock()
    let limiter = try limiter(rate, clock)
    for _ in 0...rate { try await limiter.acquire() }
    #expect(clock.now >= .seconds(1))
    // Rounded up by at most one attosecond a request, not more.
    #expect(clock.now < .seconds(1) + Duration(secondsComponent: 0, attosecondsComponent: 1) * rate)
    #expect(limiter.interval * rate >= .seconds(1))
  }

  @Test func everyCallerSharesOneBucket() async throws {
    let clock = ManualClock()
    let limiter = try limiter(50, clock)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<25 {
            try await limiter.acquire()
            clock.mark()
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(clock.marks.count == 200)
    // 200 requests 20 ms apart, from 0: each caller waited for the others' tokens too.
    #expect(clock.now == .milliseconds(20) * 199)
  }

  /// The next token is an interval after the moment the last was taken, so a waiter that
  /// wakes late never lets the next request go early to catch up.
  @Test func aLateWakeDelaysTheNextTokenToo() async throws {
    let clock = ManualClock(lateness: .milliseconds(5))
    let limiter = try limiter(4, clock)
    var taken: [Duration] = []
    for _ in 1...3 {
      try await limiter.acquire()
      taken.append(clock.now)
    }
    #expect(taken == [0, 255, 510].map(Duration.milliseconds))
  }

  @Test(arguments: [0, -1])
  func aRateOfZeroOrLessIsNoLimit(rate: Int) {
    #expect(RateLimiter(requestsPerSecond: rate) == nil)
  }

  @Test func aCancelledTaskTakesNoToken() async throws {
    let clock = ManualClock()
    let limiter = try limiter(1, clock)
    let cancelled = Task {
      while !Task.isCancelled { await Task.yield() }
      try await limiter.acquire()
    }
    cancelled.cancel()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    // The token is still there for the next request, at once.
    try await limiter.acquire()
    #expect(clock.now == .zero)
  }

  /// The wait is a real sleep of an hour on a clock that stands still, so only cancellation
  /// can end it; the time limit fails the test if it does not. (How long the cancelled task
  /// takes to run again depends on the machine's load, so it is not timed: the limit is
  /// far above any wait for a thread, which other suites can hold for a minute on two
  /// cores, and far below the hour.)
  @Test(.timeLimit(.minutes(5)))
  func cancellingAWaiterEndsItsWait() async throws {
    let waiting = AsyncStream<Void>.makeStream()
    let endedByCancellation = Mutex(false)
    let clock = RateLimiter.Clock(
      now: { .zero },
      sleep: { _ in
        waiting.continuation.yield()
        do {
          try await Task.sleep(for: .seconds(3600))
        } catch let error as CancellationError {
          endedByCancellation.withLock { $0 = true }
          throw error
        }
      })
    let limiter = try #require(RateLimiter(requestsPerSecond: 1, clock: clock))
    try await limiter.acquire()
    let waiter = Task { try await limiter.acquire() }
    for await _ in waiting.stream { break }
    waiter.cancel()
    await #expect(throws: CancellationError.self) { try await waiter.value }
    #expect(endedByCancellation.withLock { $0 })
  }
}
