import Testing

@testable import FilmCatalog

/// The retry loop that `APISource` and `TMDBClient` share, with the sleep recorded instead of waited.
@Suite struct RetryPolicyRunTests {
  private struct AttemptFailed: Error, Equatable {
    let attempt: Int
  }

  @Test(arguments: [0, 2])
  func retriesTransientFailuresUpToTheRetriesThenThrowsTheLastError(retries: Int) async {
    let statistics = RequestStatistics()
    var attempts: [Int] = []
    var sleeps: [Double] = []
    func record(_ seconds: Double) { sleeps.append(seconds) }
    await #expect(throws: AttemptFailed(attempt: retries + 1)) {
      try await RetryPolicy(retries: retries).run(counting: statistics, sleep: record) {
        attempt -> Int in
        attempts.append(attempt)
        throw RetryPolicy.RetryableFailure(error: AttemptFailed(attempt: attempt), retryAfter: 0)
      }
    }
    #expect(attempts == Array(1...retries + 1))
    #expect(sleeps == Array(repeating: 0, count: retries))
    #expect(statistics.requests == retries + 1)
    #expect(statistics.retries == retries)
  }

  @Test func returnsTheFirstSuccess() async throws {
    let statistics = RequestStatistics()
    var sleeps: [Double] = []
    func record(_ seconds: Double) { sleeps.append(seconds) }
    let value = try await RetryPolicy(retries: 3).run(
      counting: statistics, sleep: record
    ) { attempt in
      guard attempt == 2 else {
        throw RetryPolicy.RetryableFailure(error: AttemptFailed(attempt: attempt), retryAfter: 0)
      }
      return "page"
    }
    #expect(value == "page")
    #expect(sleeps == [0])
    #expect(statistics.requests == 2)
    #expect(statistics.retries == 1)
  }

  @Test func honoursRetryAfterAndBacksOffWithoutIt() async throws {
    let policy = RetryPolicy(retries: 3, baseDelay: 1, maximumDelay: 30)
    var sleeps: [Double] = []
    func record(_ seconds: Double) { sleeps.append(seconds) }
    let retryAfter: [Double?] = [nil, 7, nil]
    let attempts = try await policy.run(
      counting: RequestStatistics(), sleep: record
    ) { attempt in
      guard attempt > retryAfter.count else {
        throw RetryPolicy.RetryableFailure(
          error: AttemptFailed(attempt: attempt), retryAfter: retryAfter[attempt - 1])
      }
      return attempt
    }
    #expect(attempts == 4)
    try #require(sleeps.count == 3)
    // Backoff with jitter on half the delay: retry n waits between half and all of 2^(n-1) s.
    #expect((0.5..<1).contains(sleeps[0]))
    #expect(sleeps[1] == 7)
    #expect((2..<4).contains(sleeps[2]))
  }

  @Test func stopsAtOnceOnAnyOtherError() async {
    let statistics = RequestStatistics()
    var attempts: [Int] = []
    var sleeps: [Double] = []
    func record(_ seconds: Double) { sleeps.append(seconds) }
    await #expect(throws: AttemptFailed(attempt: 1)) {
      try await RetryPolicy(retries: 3).run(counting: statistics, sleep: record) {
        attempt -> Int in
        attempts.append(attempt)
        throw AttemptFailed(attempt: attempt)
      }
    }
    #expect(attempts == [1])
    #expect(sleeps.isEmpty)
    #expect(statistics.requests == 1)
    #expect(statistics.retries == 0)
  }
}
