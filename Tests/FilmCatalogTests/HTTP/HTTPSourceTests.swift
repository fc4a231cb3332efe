import Foundation
import Testing

@testable import FilmCatalog

@Suite struct SecretMaskingTests {
  @Test(arguments: [
    (
      "https://api.example.com/3/search?api_key=abc123&query=x",
      "https://api.example.com/3/search?api_key=***&query=x"
    ),
    (
      "https://u:pw@api.example.com/s?access_token=t&page=2",
      "https://u:***@api.example.com/s?access_token=***&page=2"
    ),
    (
      "http://127.0.0.1:8000/search?client_secret=s&x_key=k&q=1",
      "http://127.0.0.1:8000/search?client_secret=***&x_key=***&q=1"
    ),
    ("http://127.0.0.1:8000/search?query=matrix", "http://127.0.0.1:8000/search?query=matrix"),
  ])
  func masksSecretQueryItemsAndPasswords(url: String, masked: String) throws {
    #expect(SecretMasking.masked(try #require(URL(string: url))) == masked)
  }

  @Test func redactsSecretValuesFromText() {
    #expect(SecretMasking.redacting(["tok-123", "ab"], in: "body: tok-123 ab") == "body: *** ab")
  }
}

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

@Suite struct HTTPSourceURLTests {
  @Test func addsQueryAndPageKeepingOtherItems() throws {
    let source = HTTPSource(
      url: try #require(URL(string: "https://api.example.com/search?api_key=k&page=9")))
    let url = try source.requestURL(query: "Amélie & co+1", page: 3)
    #expect(
      url.absoluteString
        == "https://api.example.com/search?api_key=k&query=Am%C3%A9lie%20%26%20co%2B1&page=3")
    source.close()
  }

  @Test(arguments: [
    "http://127.0.0.1:8080/search",
    "https://api.example.com/search?api_key=k&page=9",
    "https://user:pa%20ss@api.example.com:8443/v3/search%20x/?a=1&a=2&query=old&b=%2B#page=1",
    "http://example.com/search?page=987654321012345678&x=page%3D1",
    "http://example.com/?",
  ])
  func eachPageURLIsTheOneURLComponentsBuilds(url: String) throws {
    let source = HTTPSource(url: try #require(URL(string: url)))
    defer { source.close() }
    for query in ["", "Amélie & co+1", "a=b&page=3", "Ünïcödé 🎬 #1?"] {
      for page in [1, 2, 9, 10, 99, 12_345, Int.max] {
        let url = try source.requestURL(query: query, page: page)
        let expected = try source.slowRequestURL(query: query, page: page)
        #expect(url == expected, "\(query) page \(page)")
        #expect(url.absoluteString == expected.absoluteString)
      }
    }
  }

  @Test func transientFailuresAreTheOnesWorthRetrying() {
    func error(_ reason: HTTPSourceError.Reason) -> HTTPSourceError {
      HTTPSourceError(url: "u", reason: reason)
    }
    for code in [429, 500, 502, 503, 504] { #expect(error(.status(code, body: "")).isTransient) }
    for code in [400, 401, 403, 404, 501] { #expect(!error(.status(code, body: "")).isTransient) }
    #expect(error(.network("reset")).isTransient)
    #expect(error(.timedOut(seconds: 1)).isTransient)
    #expect(!error(.tooLarge(limit: 1)).isTransient)
    #expect(!error(.malformed("x", body: "")).isTransient)
  }
}
