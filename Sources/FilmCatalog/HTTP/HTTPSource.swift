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
  private let pageURLs = PageURLs()
  /// The request every page starts from: the headers are set once, not per page.
  private let template: URLRequest

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
    var template = URLRequest(url: url, timeoutInterval: timeout)
    template.setValue("application/json", forHTTPHeaderField: "Accept")
    template.setValue("filmsite", forHTTPHeaderField: "User-Agent")
    for header in headers { template.setValue(header.value, forHTTPHeaderField: header.name) }
    self.template = template
  }

  /// Ends the connection pool; call when the pull is over.
  public func close() { transport.close() }

  public func search(_ query: String, page: Int) async throws -> [Film] {
    try await searchPage(query, page: page).films
  }

  /// - Throws: ``HTTPSourceError`` once retries are used up, or `CancellationError`.
  public func searchPage(_ query: String, page: Int) async throws -> SearchPage {
    let pageURL = try requestURL(query: query, page: page)
    var request = template
    request.url = pageURL

    return try await retryPolicy.run(counting: statistics) { attempt in
      try await fetch(request, url: pageURL, attempt: attempt)
    }
  }

  private func fetch(_ request: URLRequest, url pageURL: URL, attempt: Int) async throws
    -> SearchPage
  {
    // The masked URL is only for errors, so it is worked out only when one is thrown.
    func failure(_ reason: HTTPSourceError.Reason) -> HTTPSourceError {
      HTTPSourceError(url: SecretMasking.masked(pageURL), reason: reason, attempts: attempt)
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
    let body = Data(response.body)
    // Valid JSON takes the fast reader, which needs no name for the page.
    if let page = FilmJSONReader.read(body) { return page }
    let masked = SecretMasking.masked(pageURL)
    do {
      return try CatalogDecoder.decodeWithFoundation(body, file: masked)
    } catch let error as CatalogError {
      let message = String(error.description.dropFirst(masked.count + 2))
      throw failure(.malformed(message, body: HTTPSourceError.bodyPrefix(response.body)))
    }
  }

  /// The URL of page `page`: the configured URL with `query` and `page` set.
  ///
  /// The URL of a query is built once with `URLComponents` (``slowRequestURL(query:page:)``)
  /// and split around its page number; later pages only put their number in between.
  func requestURL(query: String, page: Int) throws -> URL {
    let template = try pageURLs.template(for: query) {
      try PageURLs.Template(query: query, slowURL: { try slowRequestURL(query: query, page: $0) })
    }
    if let url = template.url(page: page) { return url }
    return try slowRequestURL(query: query, page: page)
  }

  /// The URL of page `page` built with `URLComponents`, for every page.
  func slowRequestURL(query: String, page: Int) throws -> URL {
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

  /// The page URL of the last query, split around the page number.
  final class PageURLs: Sendable {
    struct Template: Sendable {
      let query: String
      let prefix: String
      let suffix: String

      /// Builds the URL of one page with `slowURL` and splits it around the page
      /// number. Pages differ only there, because a page number is digits, which
      /// are never percent-encoded.
      init(query: String, slowURL: (Int) throws -> URL) throws {
        self.query = query
        // A number that cannot appear by chance elsewhere in the URL marks the spot.
        let marker = 987_654_321_012_345_678
        let text = try slowURL(marker).absoluteString
        let digits = String(marker)
        if let range = text.range(of: "page=" + digits, options: .backwards) {
          prefix = String(text[..<range.lowerBound]) + "page="
          suffix = String(text[range.upperBound...])
        } else {
          prefix = ""
          suffix = ""
        }
      }

      /// The URL of `page`, or `nil` when the split failed and the slow path must build it.
      func url(page: Int) -> URL? {
        guard !prefix.isEmpty else { return nil }
        return URL(string: prefix + String(page) + suffix)
      }
    }

    private let last = Mutex<Template?>(nil)

    func template(for query: String, make: () throws -> Template) throws -> Template {
      if let template = last.withLock({ $0 }), template.query == query { return template }
      let template = try make()
      last.withLock { $0 = template }
      return template
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
