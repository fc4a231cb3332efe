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

  @Test(arguments: [
    ("Thu, 01 Jan 1970 00:00:00 GMT", "1970-01-01T00:00:00Z"),
    ("Sun, 06 Nov 1994 08:49:37 GMT", "1994-11-06T08:49:37Z"),
    ("Tue, 29 Feb 2028 23:59:59 GMT", "2028-02-29T23:59:59Z"),
    ("Fri, 31 Dec 9999 12:00:00 GMT", "9999-12-31T12:00:00Z"),
  ])
  func readsAnHTTPDateAsFoundationReadsTheSameInstant(http: String, iso: String) throws {
    let date = try #require(ISO8601DateFormatter().date(from: iso))
    #expect(RetryPolicy.httpDate(http) == date.timeIntervalSince1970)
  }

  /// Found by the `http` fuzz target: Foundation's `DateFormatter`, which read these before,
  /// leaked memory on a header like the last one.
  @Test(arguments: [
    "Wed, 21 Oct 2015 07:28:00 UTC", "Wed, 21 Oct 2015 07:28:00 +0000",
    "Wed, 21 Oct 15 07:28:00 GMT",
    "Wed, 1 Oct 2015 07:28:00 GMT", "Wed,  21 Oct 2015 07:28:00 GMT",
    "Wed, 30 Feb 2015 07:28:00 GMT",
    "Wed, 21 Oct 2015 24:00:00 GMT", "Wed, 21 Oct 2015 07:60:00 GMT",
    "Wed, 21 Oct 2015 7:28:00 GMT",
    "Wed 21 Oct 2015 07:28:00 GMT", "Wed, +1 Oct 2015 07:28:00 GMT",
    "Wednesday, 21-Oct-15 07:28:00 GMT",
    "\": \"The Tramp befriends\u{B7}\u{7}\u{0}\u{0}\u{2}\u{B7}\u{0}\u{B}m-CS\"Action\"}\\\"",
  ])
  func refusesAnythingButAnIMFFixdate(text: String) {
    #expect(RetryPolicy.httpDate(text) == nil)
    #expect(RetryPolicy.retryAfter(text) == nil)
  }
}
