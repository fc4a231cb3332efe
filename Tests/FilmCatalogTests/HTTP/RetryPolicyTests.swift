import Foundation
import Testing

@testable import FilmCatalog

@Suite struct RetryPolicyTests {
  @Test func backsOffExponentiallyWithJitterWithinTheCap() {
    let policy = RetryPolicy(retries: 5, baseDelay: 1, maximumDelay: 5)
    #expect(policy.delay(beforeRetry: 1, retryAfter: nil, random: 0) == 0.5)
    #expect(policy.delay(beforeRetry: 1, retryAfter: nil, random: 0.999) < 1)
    #expect(policy.delay(beforeRetry: 3, retryAfter: nil, random: 0) == 2)
    #expect(policy.delay(beforeRetry: 10, retryAfter: nil, random: 0.5) == 5)
  }

  @Test func honoursRetryAfterUpToTheCap() {
    let policy = RetryPolicy(retries: 3, baseDelay: 1, maximumDelay: 30)
    #expect(policy.delay(beforeRetry: 1, retryAfter: 7, random: 0.3) == 7)
    #expect(policy.delay(beforeRetry: 1, retryAfter: 3600, random: 0.3) == 30)
  }

  @Test func readsRetryAfterAsSecondsOrAnHTTPDate() throws {
    #expect(RetryPolicy.retryAfter("120") == 120)
    #expect(RetryPolicy.retryAfter(" 3 ") == 3)
    #expect(RetryPolicy.retryAfter("soon") == nil)
    #expect(RetryPolicy.retryAfter(nil) == nil)
    let now = try #require(ISO8601DateFormatter().date(from: "2015-10-21T07:28:00Z"))
    #expect(RetryPolicy.retryAfter("Wed, 21 Oct 2015 07:28:30 GMT", now: now) == 30)
    #expect(RetryPolicy.retryAfter("Wed, 21 Oct 2015 07:27:00 GMT", now: now) == 0)
  }
}
