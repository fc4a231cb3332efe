import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends the GET requests of a pull and decides what each failure is.
///
/// It holds one ``HTTPTransport`` (so connections are kept alive), the ``RetryPolicy``, the
/// ``RateLimiter`` that every attempt waits for, and the ``RequestStatistics``. Every way a
/// request can fail (a network error, a timeout, a body over the limit, an error status and its
/// `Retry-After`) becomes a ``RequestFailure`` here, and only here; ``APISource`` and
/// ``TMDBClient`` wrap it in their own error, with their own context.
public struct HTTPClient: Sendable {
  /// The default of `--timeout`, in seconds.
  public static let defaultTimeout: Double = 30
  /// The default of `--max-response-bytes`.
  public static let defaultMaximumResponseBytes = 32 * 1024 * 1024

  let timeout: Double
  let maximumResponseBytes: Int
  let retryPolicy: RetryPolicy
  let statistics = RequestStatistics()
  /// Spaces the attempts of every request; `nil` sends them as soon as the window allows.
  let rateLimiter: RateLimiter?
  /// Sends one attempt with a body limit in bytes and gives its whole response, or throws
  /// ``HTTPTransport/Failure``.
  typealias Send = @Sendable (URLRequest, Int) async throws -> HTTPTransport.Response
  private let transport: HTTPTransport
  private let send: Send
  /// The clock of the rate limiter and of the waits between attempts.
  private let clock: RateLimiter.Clock

  /// - Parameters:
  ///   - maximumRate: The most requests sent in any second (`--max-rate`); `nil` or 0 for no
  ///     limit.
  ///   - clock: The clock that the limiter and the retry delays wait on.
  ///   - send: How an attempt is sent; the transport unless a test says otherwise.
  init(
    timeout: Double, maximumResponseBytes: Int, retryPolicy: RetryPolicy, maximumRate: Int? = nil,
    clock: RateLimiter.Clock = .continuous, send: Send? = nil
  ) {
    self.timeout = timeout
    self.maximumResponseBytes = maximumResponseBytes
    self.retryPolicy = retryPolicy
    rateLimiter = maximumRate.flatMap { RateLimiter(requestsPerSecond: $0, clock: clock) }
    self.clock = clock
    let transport = HTTPTransport(timeout: timeout)
    self.transport = transport
    self.send = send ?? { try await transport.send($0, limit: $1) }
  }

  /// Ends the connection pool; call when the pull is over.
  func close() { transport.close() }

  /// An attempt that failed, for a source to turn into its own error.
  struct FailedAttempt: Equatable, Sendable {
    let failure: RequestFailure
    /// The attempt's number, from 1, which is how many times the request was tried.
    let attempt: Int
    /// The body of an answer with an error status (empty for other failures), for a source
    /// whose errors have a shape of their own, such as TMDB's `status_code`.
    var errorBody: [UInt8] = []
  }

  /// The 2xx answer to a request.
  struct Answer: Sendable {
    let body: [UInt8]
    /// How many times the request was tried.
    let attempts: Int
  }

  /// Sends `request` until it is answered with a 2xx status, retrying transient failures
  /// (honouring `Retry-After`) under the retry policy and counting every attempt. Each attempt
  /// waits for the rate limiter's token first, after any wait the retry policy asked for.
  /// - Parameters:
  ///   - beforeEachAttempt: Runs before each attempt is sent.
  ///   - error: The error to throw for a failed attempt: where a source adds its context.
  /// - Throws: What `error` makes of the last failed attempt, or `CancellationError`.
  func get(
    _ request: URLRequest, beforeEachAttempt: () -> Void = {},
    error: (FailedAttempt) -> any Error
  ) async throws -> Answer {
    try await retryPolicy.run(counting: statistics, sleep: clock.sleep(seconds:)) { attempt in
      try await rateLimiter?.acquire()
      beforeEachAttempt()
      let response: HTTPTransport.Response
      do {
        response = try await send(request, maximumResponseBytes)
      } catch let failure as HTTPTransport.Failure {
        let failed = FailedAttempt(
          failure: RequestFailure(failure, timeout: timeout), attempt: attempt)
        throw Self.thrown(failed, retryAfter: nil, error: error)
      }
      if let failure = RequestFailure(answer: response) {
        let failed = FailedAttempt(failure: failure, attempt: attempt, errorBody: response.body)
        throw Self.thrown(failed, retryAfter: response.retryAfter, error: error)
      }
      return Answer(body: response.body, attempts: attempt)
    }
  }

  /// The source's error for `failed`, marked for another attempt when the failure is transient.
  /// - Parameter retryAfter: The answer's `Retry-After` header, if any.
  static func thrown(
    _ failed: FailedAttempt, retryAfter: String?, error: (FailedAttempt) -> any Error
  ) -> any Error {
    let made = error(failed)
    guard failed.failure.isTransient else { return made }
    return RetryPolicy.RetryableFailure(error: made, retryAfter: RetryPolicy.retryAfter(retryAfter))
  }
}
