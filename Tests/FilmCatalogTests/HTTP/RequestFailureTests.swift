import Foundation
import Testing

@testable import FilmCatalog

/// The one mapping from a failed request to what the user reads, in the generic API's words
/// and in TMDB's, which add the page's URL and the TMDB stage to the same message.
@Suite struct RequestFailureTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let failure: HTTPTransport.Failure
    let expected: RequestFailure
    let transient: Bool
    /// The message of the failure's second attempt at `u`.
    let message: String

    var testDescription: String { message }
  }

  static let transportCases: [Case] = [
    Case(
      failure: .network(URLError(.timedOut)), expected: .timedOut(seconds: 30), transient: true,
      message: "GET u: no response within 30 s (--timeout) (after 2 attempts)"),
    Case(
      failure: .network(URLError(.cannotConnectToHost)), expected: .network("connection refused"),
      transient: true, message: "GET u: connection refused (after 2 attempts)"),
    Case(
      failure: .network(URLError(.networkConnectionLost)),
      expected: .network("the connection was closed before the response was complete"),
      transient: true,
      message:
        "GET u: the connection was closed before the response was complete (after 2 attempts)"),
    Case(
      failure: .network(URLError(.notConnectedToInternet)), expected: .network("no network"),
      transient: true, message: "GET u: no network (after 2 attempts)"),
    Case(
      failure: .network(URLError(.cannotFindHost)), expected: .unreachable("unknown host"),
      transient: false, message: "GET u: unknown host (after 2 attempts)"),
    Case(
      failure: .other("the HTTP session is closed"),
      expected: .unreachable("the HTTP session is closed"), transient: false,
      message: "GET u: the HTTP session is closed (after 2 attempts)"),
    Case(
      failure: .tooLarge(limit: 100_000), expected: .tooLarge(limit: 100_000), transient: false,
      message: "GET u: the response is larger than 100000 bytes (--max-response-bytes)"),
  ]

  @Test(arguments: transportCases)
  func eachTransportFailureHasOneMeaningAndMessage(_ testCase: Case) {
    let failure = RequestFailure(testCase.failure, timeout: 30)
    #expect(failure == testCase.expected)
    #expect(failure.isTransient == testCase.transient)
    expectMessages(HTTPClient.FailedAttempt(failure: failure, attempt: 2), testCase.message)
  }

  @Test(arguments: [URLError.Code.badURL, .unsupportedURL])
  func aURLTheSystemCannotSendIsNotRetried(code: URLError.Code) {
    let failure = RequestFailure(.network(URLError(code)), timeout: 30)
    #expect(failure == .unreachable(URLError(code).localizedDescription))
    #expect(!failure.isTransient)
  }

  @Test func aTimeoutNamesTheTimeoutGiven() {
    let failure = RequestFailure(.network(URLError(.timedOut)), timeout: 2.5)
    #expect(failure.message(url: "u", attempts: 1) == "GET u: no response within 2.5 s (--timeout)")
  }

  @Test(arguments: [
    (429, true), (500, true), (502, true), (503, true), (504, true),
    (400, false), (401, false), (403, false), (404, false), (501, false),
  ])
  func onlyRateLimitsAndPassingServerErrorsAreRetried(status: Int, transient: Bool) {
    let failure = RequestFailure(answer: answer(status, body: "database down"))
    #expect(failure == .status(status, body: "database down"))
    #expect(failure?.isTransient == transient)
  }

  @Test(arguments: [200, 204, 299])
  func aSuccessfulStatusIsNoFailure(status: Int) {
    #expect(RequestFailure(answer: answer(status, body: "[]")) == nil)
  }

  @Test func anErrorStatusShowsTheStartOfTheBodyOnOneLine() throws {
    let long = "line one\nline two\t" + String(repeating: "x", count: 200)
    let failure = try #require(RequestFailure(answer: answer(500, body: long)))
    let prefix = "line one line two " + String(repeating: "x", count: 102) + "…"
    #expect(failure == .status(500, body: prefix))
    expectMessages(
      HTTPClient.FailedAttempt(failure: failure, attempt: 3),
      "GET u: HTTP 500 (after 3 attempts); body starts: \(prefix)")
    let empty = try #require(RequestFailure(answer: answer(404, body: "")))
    expectMessages(HTTPClient.FailedAttempt(failure: empty, attempt: 1), "GET u: HTTP 404")
  }

  /// Found by the `http` fuzz target: a body's NEL (U+0085, a C1 control that ends a line),
  /// line separator or right-to-left override reached the message whole.
  @Test func aBodyCannotEndTheLineOrTurnTheTextOfTheMessage() throws {
    let body = "a\u{85}b\u{2028}c\u{2029}d\u{202E}e\u{9B}2Jf\u{200F}g"
    let failure = try #require(RequestFailure(answer: answer(502, body: body)))
    #expect(failure == .status(502, body: "a b c d e 2Jf g"))
  }

  @Test func aURLThatIsNotHTTPIsNamed() {
    expectMessages(
      HTTPClient.FailedAttempt(failure: .invalidURL, attempt: 1),
      "GET u: not an http or https URL")
  }

  @Test func aTMDBErrorBodyGivesTMDBsMessageAndTheGenericAPIKeepsTheBody() {
    let body = #"{"status_code": 7, "status_message": "Invalid API key.", "success": false}"#
    let failed = HTTPClient.FailedAttempt(
      failure: .status(401, body: body), attempt: 1, errorBody: Array(body.utf8))
    #expect(
      TMDBError(failed, stage: .genreList, url: "u").description
        == "genre list: GET u: HTTP 401: Invalid API key. (TMDB status_code 7)")
    #expect(
      APISourceError(failed, url: "u").description == "GET u: HTTP 401; body starts: \(body)")
  }

  @Test func aTransientFailureIsRetriedAfterWhatTheServerAsks() throws {
    let failed = HTTPClient.FailedAttempt(failure: .status(429, body: ""), attempt: 1)
    let thrown = HTTPClient.thrown(failed, retryAfter: "7") { APISourceError($0, url: "u") }
    let retry = try #require(thrown as? RetryPolicy.RetryableFailure)
    #expect(retry.retryAfter == 7)
    #expect(retry.error as? APISourceError == APISourceError(failed, url: "u"))
    let network = HTTPClient.FailedAttempt(failure: .network("connection refused"), attempt: 1)
    let again = HTTPClient.thrown(network, retryAfter: nil) { APISourceError($0, url: "u") }
    #expect((again as? RetryPolicy.RetryableFailure)?.retryAfter == nil)
  }

  @Test func aPermanentFailureIsThrownAsTheSourcesOwnError() {
    let failed = HTTPClient.FailedAttempt(failure: .status(404, body: ""), attempt: 1)
    let thrown = HTTPClient.thrown(failed, retryAfter: "7") {
      TMDBError($0, stage: .details(filmID: "9"), url: "u")
    }
    #expect(thrown as? TMDBError == TMDBError(failed, stage: .details(filmID: "9"), url: "u"))
  }

  /// The failure's message as the generic API says it, and as TMDB says it for a search page.
  private func expectMessages(
    _ failed: HTTPClient.FailedAttempt, _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      APISourceError(failed, url: "u").description == message, sourceLocation: sourceLocation)
    #expect(
      TMDBError(failed, stage: .searchPage(2), url: "u").description
        == "search page 2: \(message)", sourceLocation: sourceLocation)
  }

  private func answer(_ status: Int, body: String) -> HTTPTransport.Response {
    HTTPTransport.Response(status: status, retryAfter: nil, body: Array(body.utf8))
  }
}
