import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A ``FilmSource`` over a paged JSON search API, such as TMDB's.
///
/// Page `n` of a query is `GET <url>?query=<query>&page=<n>` (query items
/// already in the URL are kept). The response is `{"page", "results",
/// "total_pages", "total_results"}` or a bare array of films. Transient
/// failures (connection refused or reset, timeouts, HTTP 429, 500, 502, 503,
/// 504) are retried with backoff; anything else fails the page at once.
public struct HTTPSource: FilmSource {
  public static let defaultTimeout: Double = 30
  public static let defaultMaximumResponseBytes = 32 * 1024 * 1024

  public let url: URL
  /// Extra request headers, such as `Authorization`.
  public let headers: [(name: String, value: String)]
  public let timeout: Double
  public let maximumResponseBytes: Int
  public let retryPolicy: RetryPolicy
  /// Requests sent and retries made so far, for the summary and progress.
  public let statistics = Statistics()
  private let transport: HTTPTransport

  public init(
    url: URL, headers: [(name: String, value: String)] = [], timeout: Double = defaultTimeout,
    maximumResponseBytes: Int = defaultMaximumResponseBytes,
    retryPolicy: RetryPolicy = RetryPolicy()
  ) {
    self.url = url
    self.headers = headers
    self.timeout = timeout
    self.maximumResponseBytes = maximumResponseBytes
    self.retryPolicy = retryPolicy
    transport = HTTPTransport(timeout: timeout)
  }

  /// Ends the connection pool; call when the pull is over.
  public func close() { transport.close() }

  public func search(_ query: String, page: Int) async throws -> [Film] {
    try await searchPage(query, page: page).films
  }

  /// - Throws: ``HTTPSourceError`` once retries are used up, or `CancellationError`.
  public func searchPage(_ query: String, page: Int) async throws -> SearchPage {
    let pageURL = try requestURL(query: query, page: page)
    var request = URLRequest(url: pageURL, timeoutInterval: timeout)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue("filmsite", forHTTPHeaderField: "User-Agent")
    for header in headers { request.setValue(header.value, forHTTPHeaderField: header.name) }

    return try await retryPolicy.run(counting: statistics) { attempt in
      try await fetch(request, url: pageURL, attempt: attempt)
    }
  }

  private func fetch(_ request: URLRequest, url pageURL: URL, attempt: Int) async throws
    -> SearchPage
  {
    let masked = SecretMasking.masked(pageURL)
    func failure(_ reason: HTTPSourceError.Reason) -> HTTPSourceError {
      HTTPSourceError(url: masked, reason: reason, attempts: attempt)
    }
    let response: HTTPTransport.Response
    do {
      response = try await transport.send(request, limit: maximumResponseBytes)
    } catch HTTPTransport.Failure.tooLarge {
      throw failure(.tooLarge(limit: maximumResponseBytes))
    } catch HTTPTransport.Failure.network(let error) {
      let reason: HTTPSourceError.Reason =
        error.code == .timedOut
        ? .timedOut(seconds: timeout) : .network(Self.describe(error))
      let permanent = [.cannotFindHost, .unsupportedURL, .badURL].contains(error.code)
      if permanent { throw failure(reason) }
      throw RetryPolicy.RetryableFailure(error: failure(reason), retryAfter: nil)
    } catch HTTPTransport.Failure.other(let message) {
      throw failure(.network(message))
    }

    guard (200..<300).contains(response.status) else {
      let error = failure(.status(response.status, body: HTTPSourceError.bodyPrefix(response.body)))
      guard error.isTransient else { throw error }
      throw RetryPolicy.RetryableFailure(
        error: error, retryAfter: RetryPolicy.retryAfter(response.retryAfter))
    }
    do {
      return try CatalogFile.decodePage(Data(response.body), file: masked)
    } catch let error as CatalogError {
      let message = String(error.description.dropFirst(masked.count + 2))
      throw failure(.malformed(message, body: HTTPSourceError.bodyPrefix(response.body)))
    }
  }

  /// The URL of page `page`: the configured URL with `query` and `page` set.
  func requestURL(query: String, page: Int) throws -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else {
      throw HTTPSourceError(url: SecretMasking.masked(url), reason: .invalidURL)
    }
    var items = (components.queryItems ?? []).filter { $0.name != "query" && $0.name != "page" }
    items.append(URLQueryItem(name: "query", value: query))
    items.append(URLQueryItem(name: "page", value: String(page)))
    components.queryItems = items
    // URLComponents leaves "+" alone, which servers read as a space.
    components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(
      of: "+", with: "%2B")
    guard let pageURL = components.url else {
      throw HTTPSourceError(url: SecretMasking.masked(url), reason: .invalidURL)
    }
    return pageURL
  }

  static func describe(_ error: URLError) -> String {
    switch error.code {
    case .cannotConnectToHost: return "connection refused"
    case .networkConnectionLost: return "the connection was closed before the response was complete"
    case .cannotFindHost: return "unknown host"
    case .notConnectedToInternet: return "no network"
    default: return error.localizedDescription
    }
  }

  /// Counts shared by every request of a pull.
  public final class Statistics: Sendable {
    private let counts = Mutex((requests: 0, retries: 0))

    public var requests: Int { counts.withLock { $0.requests } }
    public var retries: Int { counts.withLock { $0.retries } }

    func countRequest() { counts.withLock { $0.requests += 1 } }
    func countRetry() { counts.withLock { $0.retries += 1 } }
  }
}
