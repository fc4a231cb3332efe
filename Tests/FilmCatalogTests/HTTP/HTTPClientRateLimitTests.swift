import Foundation
import Testing

@testable import FilmCatalog

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How `--max-rate` and the retries of `HTTPClient.get` go together: every attempt takes a
/// token, and a `Retry-After` is waited as it is without a limit.
@Suite struct HTTPClientRateLimitTests {
  private struct Failed: Error {
    let attempt: HTTPClient.FailedAttempt
  }

  /// A client that answers with `answers` in turn (the last one again once they run out), on
  /// `clock`, marking the time each attempt is sent.
  private func client(
    rate: Int?, clock: ManualClock, answers: [HTTPTransport.Response]
  ) -> HTTPClient {
    HTTPClient(
      timeout: 30, maximumResponseBytes: 1024,
      retryPolicy: RetryPolicy(retries: 3, baseDelay: 0), maximumRate: rate, clock: clock.clock,
      send: { _, _ in answers[min(clock.mark(), answers.count - 1)] })
  }

  private func status(_ status: Int, retryAfter: String? = nil) -> HTTPTransport.Response {
    HTTPTransport.Response(status: status, retryAfter: retryAfter, body: Array("{}".utf8))
  }

  private func get(_ client: HTTPClient) async throws -> HTTPClient.Answer {
    let request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9/page")))
    defer { client.close() }
    return try await client.get(request) { Failed(attempt: $0) }
  }

  @Test func everyRetryTakesAToken() async throws {
    let clock = ManualClock()
    let client = client(rate: 4, clock: clock, answers: [status(503), status(503), status(200)])
    let answer = try await get(client)
    #expect(answer.attempts == 3)
    // No backoff (a base delay of 0), so only the tokens space the attempts.
    #expect(clock.marks == [0, 250, 500].map(Duration.milliseconds))
    #expect(client.statistics.requests == 3)
    #expect(client.statistics.retries == 2)
  }

  /// A 429's `Retry-After` is waited in full, then the attempt takes its token: after a wait
  /// longer than the interval the token is ready, after none it is not.
  @Test(arguments: [("2", Duration.seconds(2)), ("0", Duration.milliseconds(20))])
  func aRetryAfterIsWaitedAsWithoutALimit(retryAfter: String, secondAttempt: Duration)
    async throws
  {
    let clock = ManualClock()
    let client = client(
      rate: 50, clock: clock, answers: [status(429, retryAfter: retryAfter), status(200)])
    let answer = try await get(client)
    #expect(answer.attempts == 2)
    #expect(clock.marks == [.zero, secondAttempt])
  }

  @Test func withoutALimitARetryAfterIsTheOnlyWait() async throws {
    let clock = ManualClock()
    let client = client(
      rate: nil, clock: clock,
      answers: [status(429, retryAfter: "2"), status(503, retryAfter: "0"), status(200)])
    #expect(client.rateLimiter == nil)
    _ = try await get(client)
    #expect(clock.marks == [.zero, .seconds(2), .seconds(2)])
  }

  @Test func aFailureThatIsNotRetriedTakesOneToken() async throws {
    let clock = ManualClock()
    let client = client(rate: 4, clock: clock, answers: [status(404)])
    await #expect(throws: Failed.self) { _ = try await get(client) }
    #expect(clock.marks == [.zero])
  }
}
