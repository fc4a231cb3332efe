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
  /// The default of `--max-rate` with `--tmdb`: requests a second, at the low end of what
  /// TMDB allows.
  public static let defaultMaximumRate = 40

  /// The API root, such as `https://api.themoviedb.org/3`; paths are appended to it.
  let baseURL: URL
  let credentials: TMDBCredentials
  let language: String
  let includeAdult: Bool
  /// Extra request headers.
  let headers: [(name: String, value: String)]
  /// Requests sent (retries included), by stage.
  public let requestCounts = RequestCounts()
  private let client: HTTPClient

  /// - Parameter maximumRate: The most requests sent in any second, by every stage together
  ///   (`--max-rate`); `nil` or 0 for no limit.
  public init(
    baseURL: URL, credentials: TMDBCredentials, language: String = defaultLanguage,
    includeAdult: Bool = false, headers: [(name: String, value: String)] = [],
    timeout: Double = HTTPClient.defaultTimeout,
    maximumResponseBytes: Int = HTTPClient.defaultMaximumResponseBytes,
    retryPolicy: RetryPolicy = RetryPolicy(), maximumRate: Int? = defaultMaximumRate
  ) {
    self.baseURL = baseURL
    self.credentials = credentials
    self.language = language
    self.includeAdult = includeAdult
    self.headers = headers
    client = HTTPClient(
      timeout: timeout, maximumResponseBytes: maximumResponseBytes, retryPolicy: retryPolicy,
      maximumRate: maximumRate)
  }

  /// Requests sent and retries made so far, for the summary and progress.
  public var statistics: RequestStatistics { client.statistics }

  /// Ends the connection pool; call when the pull is over.
  public func close() { client.close() }

  /// `GET /genre/movie/list`.
  func genreList() async throws -> TMDBGenreMap {
    try await get("genre/movie/list", [], stage: .genreList)
  }

  /// Page `page` of the listing `search` names.
  public func searchPage(_ search: TMDBSearch, page: Int) async throws -> TMDBSearchResults {
    let (path, items) = searchRequest(search)
    return try await get(
      path, items + [URLQueryItem(name: "page", value: String(page))], stage: .searchPage(page))
  }

  /// What a film's details request appends, so that one request per film
  /// gives the credits, the videos and the IMDb id.
  static let appendedToDetails = "credits,videos,external_ids"

  /// `GET /movie/{id}?append_to_response=credits,videos,external_ids`.
  func details(ofFilm id: String) async throws -> TMDBMovieDetails {
    // Ids come from TMDB as integers; anything else must not change the path.
    let segment = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id
    return try await get(
      "movie/\(segment)",
      [URLQueryItem(name: "append_to_response", value: Self.appendedToDetails)],
      stage: .details(filmID: id))
  }

  /// The listing's endpoint and its query items, without the page.
  func searchRequest(_ search: TMDBSearch) -> (path: String, items: [URLQueryItem]) {
    search.request(includeAdult: includeAdult)
  }

  /// The listing's URL without the page, secrets masked, to name the
  /// source of a snapshot.
  public func maskedSearchURL(_ search: TMDBSearch) -> String {
    let (path, items) = searchRequest(search)
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
  func get<Response: Decodable>(
    _ path: String, _ items: [URLQueryItem], stage: TMDBStage
  ) async throws -> Response {
    guard let requestURL = url(path, items) else {
      throw TMDBError(stage: stage, url: SecretMasking.masked(baseURL), reason: .http(.invalidURL))
    }
    var request = URLRequest(url: requestURL, timeoutInterval: client.timeout)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue("filmsite", forHTTPHeaderField: "User-Agent")
    for header in headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
    if case .bearerToken(let token) = credentials {
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }

    let answer = try await client.get(
      request, beforeEachAttempt: { requestCounts.count(stage) },
      error: { TMDBError($0, stage: stage, url: SecretMasking.masked(requestURL)) })
    do {
      return try JSONDecoder().decode(Response.self, from: Data(answer.body))
    } catch {
      throw TMDBError(
        stage: stage, url: SecretMasking.masked(requestURL),
        reason: .notTMDBJSON(
          Self.describe(error, expecting: Response.self),
          body: RequestFailure.bodyPrefix(answer.body)),
        attempts: answer.attempts)
    }
  }

  /// What is wrong with a body, in a few words.
  static func describe(_ error: any Error, expecting type: Any.Type) -> String {
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
    private let counts = Mutex((genreList: 0, searchPages: 0, changesPages: 0, details: 0))

    public var genreList: Int { counts.withLock { $0.genreList } }
    public var searchPages: Int { counts.withLock { $0.searchPages } }
    /// Pages of `/movie/changes`, asked by a refresh.
    public var changesPages: Int { counts.withLock { $0.changesPages } }
    public var details: Int { counts.withLock { $0.details } }

    func count(_ stage: TMDBStage) {
      counts.withLock { counts in
        switch stage {
        case .genreList: counts.genreList += 1
        case .searchPage: counts.searchPages += 1
        case .changesPage: counts.changesPages += 1
        case .details: counts.details += 1
        }
      }
    }
  }
}
