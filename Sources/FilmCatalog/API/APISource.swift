import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A ``FilmSource`` over a paged JSON search API (`--api`).
///
/// Page `n` of a query is `GET <url>?query=<query>&page=<n>` (query items
/// already in the URL are kept). The response is `{"page", "results",
/// "total_pages", "total_results"}` or a bare array of films. Transient
/// failures (connection refused or reset, timeouts, HTTP 429, 500, 502, 503,
/// 504) are retried with backoff; anything else fails the page at once.
public struct APISource: FilmSource {
  let url: URL
  /// Extra request headers, such as `Authorization`.
  let headers: [(name: String, value: String)]
  private let client: HTTPClient
  private let pageURLs = PageURLTemplate.Cache()
  /// The request every page starts from: the headers are set once, not per page.
  private let template: URLRequest

  /// - Parameter maximumRate: The most requests sent in any second (`--max-rate`); `nil` or 0
  ///   for no limit.
  public init(
    url: URL, headers: [(name: String, value: String)] = [],
    timeout: Double = HTTPClient.defaultTimeout,
    maximumResponseBytes: Int = HTTPClient.defaultMaximumResponseBytes,
    retryPolicy: RetryPolicy = RetryPolicy(), maximumRate: Int? = nil
  ) {
    self.url = url
    self.headers = headers
    client = HTTPClient(
      timeout: timeout, maximumResponseBytes: maximumResponseBytes, retryPolicy: retryPolicy,
      maximumRate: maximumRate)
    var template = URLRequest(url: url, timeoutInterval: timeout)
    template.setValue("application/json", forHTTPHeaderField: "Accept")
    template.setValue("filmsite", forHTTPHeaderField: "User-Agent")
    for header in headers { template.setValue(header.value, forHTTPHeaderField: header.name) }
    self.template = template
  }

  /// Requests sent and retries made so far, for the summary and progress.
  public var statistics: RequestStatistics { client.statistics }

  /// Ends the connection pool; call when the pull is over.
  public func close() { client.close() }

  public func search(_ query: String, page: Int) async throws -> [Film] {
    try await searchPage(query, page: page).films
  }

  /// - Throws: ``APISourceError`` once retries are used up, or `CancellationError`.
  public func searchPage(_ query: String, page: Int) async throws -> SourcePage {
    let pageURL = try requestURL(query: query, page: page)
    var request = template
    request.url = pageURL
    // The masked URL is only for errors, so it is worked out only when one is thrown.
    let answer = try await client.get(request) { failed in
      APISourceError(failed, url: SecretMasking.masked(pageURL))
    }
    return try Self.page(in: answer, from: pageURL)
  }

  /// The films of a page, read from its body.
  /// - Throws: ``APISourceError`` with what the catalog reader found wrong.
  static func page(in answer: HTTPClient.Answer, from pageURL: URL) throws -> SourcePage {
    let body = Data(answer.body)
    // Valid JSON takes the fast reader, which needs no name for the page.
    if let page = FilmJSONReader.read(body) { return page }
    let masked = SecretMasking.masked(pageURL)
    do {
      return try CatalogDecoder.decodeWithFoundation(body, file: masked)
    } catch let error as CatalogError {
      throw APISourceError(
        url: masked,
        reason: .notFilmJSON(error.reason, body: RequestFailure.bodyPrefix(answer.body)),
        attempts: answer.attempts)
    }
  }

  /// The URL of page `page`: the configured URL with `query` and `page` set.
  ///
  /// The URL of a query is built once with `URLComponents` (``slowRequestURL(query:page:)``)
  /// and split around its page number; later pages only put their number in between.
  func requestURL(query: String, page: Int) throws -> URL {
    let template = try pageURLs.template(for: query) {
      try PageURLTemplate(query: query, slowURL: { try slowRequestURL(query: query, page: $0) })
    }
    if let url = template.url(page: page) { return url }
    return try slowRequestURL(query: query, page: page)
  }

  /// The URL of page `page` built with `URLComponents`, for every page.
  func slowRequestURL(query: String, page: Int) throws -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else {
      throw APISourceError(url: SecretMasking.masked(url), reason: .request(.invalidURL))
    }
    var items = (components.queryItems ?? []).filter { $0.name != "query" && $0.name != "page" }
    items.append(URLQueryItem(name: "query", value: query))
    items.append(URLQueryItem(name: "page", value: String(page)))
    components.queryItems = items
    // URLComponents leaves "+" alone, which servers read as a space.
    components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(
      of: "+", with: "%2B")
    guard let pageURL = components.url else {
      throw APISourceError(url: SecretMasking.masked(url), reason: .request(.invalidURL))
    }
    return pageURL
  }
}
