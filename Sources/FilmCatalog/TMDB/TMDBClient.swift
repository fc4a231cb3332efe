import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends GET requests to TMDB's API v3 and decodes the answers.
///
/// Every request carries the credentials (a bearer token, or `api_key`) and
/// the `language`. Transient failures (connection errors, timeouts, HTTP 429,
/// 500, 502, 503, 504) are retried with the ``RetryPolicy``, honouring
/// `Retry-After`; anything else fails at once with a ``TMDBError``.
public struct TMDBClient: Sendable {
  public static let defaultBaseURL = "https://api.themoviedb.org/3"
  public static let defaultLanguage = "en-US"

  /// The API root, such as `https://api.themoviedb.org/3`; paths are appended to it.
  public let baseURL: URL
  public let credentials: TMDBCredentials
  public let language: String
  public let includeAdult: Bool
  /// Extra request headers.
  public let headers: [(name: String, value: String)]
  public let timeout: Double
  public let maximumResponseBytes: Int
  public let retryPolicy: RetryPolicy
  /// Requests sent and retries made so far, for the summary and progress.
  public let statistics = HTTPSource.Statistics()
  /// Requests sent so far (retries included), by stage.
  public let requestCounts = RequestCounts()
  private let transport: HTTPTransport

  public init(
    baseURL: URL, credentials: TMDBCredentials, language: String = defaultLanguage,
    includeAdult: Bool = false, headers: [(name: String, value: String)] = [],
    timeout: Double = HTTPSource.defaultTimeout,
    maximumResponseBytes: Int = HTTPSource.defaultMaximumResponseBytes,
    retryPolicy: RetryPolicy = RetryPolicy()
  ) {
    self.baseURL = baseURL
    self.credentials = credentials
    self.language = language
    self.includeAdult = includeAdult
    self.headers = headers
    self.timeout = timeout
    self.maximumResponseBytes = maximumResponseBytes
    self.retryPolicy = retryPolicy
    transport = HTTPTransport(timeout: timeout)
  }

  /// Ends the connection pool; call when the pull is over.
  public func close() { transport.close() }

  /// `GET /genre/movie/list`.
  public func genreList() async throws -> TMDBGenreMap {
    try await get("genre/movie/list", [], stage: .genreList)
  }

  /// Page `page` of `GET /search/movie?query=…`, or of
  /// `GET /discover/movie?sort_by=popularity.desc` when `query` is empty.
  public func searchPage(_ query: String, page: Int) async throws -> TMDBSearchResults {
    let (path, items) = searchRequest(query)
    return try await get(
      path, items + [URLQueryItem(name: "page", value: String(page))], stage: .searchPage(page))
  }

  /// `GET /movie/{id}?append_to_response=credits`.
  public func details(ofFilm id: String) async throws -> TMDBMovieDetails {
    // Ids come from TMDB as integers; anything else must not change the path.
    let segment = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id
    return try await get(
      "movie/\(segment)", [URLQueryItem(name: "append_to_response", value: "credits")],
      stage: .details(filmID: id))
  }

  /// The search endpoint and its query items, without the page.
  func searchRequest(_ query: String) -> (path: String, items: [URLQueryItem]) {
    let adult = URLQueryItem(name: "include_adult", value: includeAdult ? "true" : "false")
    let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.isEmpty {
      return ("discover/movie", [URLQueryItem(name: "sort_by", value: "popularity.desc"), adult])
    }
    return ("search/movie", [URLQueryItem(name: "query", value: text), adult])
  }

  /// The search endpoint's URL without the page, secrets masked, to name the
  /// source of a snapshot.
  public func searchDescription(_ query: String) -> String {
    let (path, items) = searchRequest(query)
    return SecretMasking.masked(url(path, items) ?? baseURL)
  }

  /// `baseURL` + `/path`, with the base's own query items, `items`, the
  /// language and, with key credentials, `api_key`; `nil` when the base is
  /// not an http or https URL.
  func url(_ path: String, _ items: [URLQueryItem]) -> URL? {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { return nil }
    var base = components.path
    while base.hasSuffix("/") { base.removeLast() }
    components.path = base + "/" + path
    var query = components.queryItems ?? []
    query += items
    query.append(URLQueryItem(name: "language", value: language))
    if case .apiKey(let key) = credentials {
      query.append(URLQueryItem(name: "api_key", value: key))
    }
    components.queryItems = query
    // URLComponents leaves "+" alone, which servers read as a space.
    components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(
      of: "+", with: "%2B")
    return components.url
  }

  /// Sends the request, retrying transient failures, and decodes the body.
  private func get<Response: Decodable>(
    _ path: String, _ items: [URLQueryItem], stage: TMDBError.Stage
  ) async throws -> Response {
    guard let requestURL = url(path, items) else {
      throw TMDBError(stage: stage, url: SecretMasking.masked(baseURL), reason: .http(.invalidURL))
    }
    var request = URLRequest(url: requestURL, timeoutInterval: timeout)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue("filmsite", forHTTPHeaderField: "User-Agent")
    for header in headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
    if case .bearerToken(let token) = credentials {
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }

    return try await retryPolicy.run(counting: statistics) { attempt in
      requestCounts.count(stage)
      return try await fetch(request, url: requestURL, stage: stage, attempt: attempt)
    }
  }

  private func fetch<Response: Decodable>(
    _ request: URLRequest, url requestURL: URL, stage: TMDBError.Stage, attempt: Int
  ) async throws -> Response {
    let masked = SecretMasking.masked(requestURL)
    func failure(_ reason: TMDBError.Reason) -> TMDBError {
      TMDBError(stage: stage, url: masked, reason: reason, attempts: attempt)
    }
    let response: HTTPTransport.Response
    do {
      response = try await transport.send(request, limit: maximumResponseBytes)
    } catch HTTPTransport.Failure.tooLarge {
      throw failure(.http(.tooLarge(limit: maximumResponseBytes)))
    } catch HTTPTransport.Failure.network(let error) {
      let reason: HTTPSourceError.Reason =
        error.code == .timedOut
        ? .timedOut(seconds: timeout) : .network(HTTPSource.describe(error))
      if [.cannotFindHost, .unsupportedURL, .badURL].contains(error.code) {
        throw failure(.http(reason))
      }
      throw RetryPolicy.RetryableFailure(error: failure(.http(reason)), retryAfter: nil)
    } catch HTTPTransport.Failure.other(let message) {
      throw failure(.http(.network(message)))
    }

    guard (200..<300).contains(response.status) else {
      let error: TMDBError
      if let body = TMDBError.Body.decode(response.body) {
        // One line, whatever the server put in the message.
        let message = HTTPSourceError.bodyPrefix(Array(body.statusMessage.utf8), limit: 200)
        error = failure(.tmdb(status: response.status, code: body.statusCode, message: message))
      } else {
        let body = HTTPSourceError.bodyPrefix(response.body)
        error = failure(.http(.status(response.status, body: body)))
      }
      guard error.isTransient else { throw error }
      throw RetryPolicy.RetryableFailure(
        error: error, retryAfter: RetryPolicy.retryAfter(response.retryAfter))
    }
    do {
      return try JSONDecoder().decode(Response.self, from: Data(response.body))
    } catch {
      throw failure(
        .http(
          .malformed(
            Self.describe(error, expecting: Response.self),
            body: HTTPSourceError.bodyPrefix(response.body))))
    }
  }

  /// What is wrong with a body, in a few words.
  private static func describe(_ error: any Error, expecting type: Any.Type) -> String {
    guard let error = error as? DecodingError else { return "not valid JSON" }
    func path(_ keys: [any CodingKey]) -> String {
      keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        .trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "missing field \"\(path(context.codingPath + [key]))\""
    case .valueNotFound(_, let context):
      return "field \"\(path(context.codingPath))\" is null"
    case .typeMismatch(_, let context):
      return "field \"\(path(context.codingPath))\" has the wrong type"
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return "not valid JSON"
    case .dataCorrupted(let context):
      return "field \"\(path(context.codingPath))\" is not valid"
    @unknown default:
      return "not the TMDB \(type) shape"
    }
  }

  /// Requests sent per stage of a pull, retries included.
  public final class RequestCounts: Sendable {
    private let counts = Mutex((genreList: 0, searchPages: 0, details: 0))

    public var genreList: Int { counts.withLock { $0.genreList } }
    public var searchPages: Int { counts.withLock { $0.searchPages } }
    public var details: Int { counts.withLock { $0.details } }

    func count(_ stage: TMDBError.Stage) {
      counts.withLock { counts in
        switch stage {
        case .genreList: counts.genreList += 1
        case .searchPage: counts.searchPages += 1
        case .details: counts.details += 1
        }
      }
    }
  }
}
