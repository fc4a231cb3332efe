/// How requests to TMDB authenticate: a read access token sent as a bearer
/// token, or an API key sent as the `api_key` query item.
public enum TMDBCredentials: Sendable, Equatable {
  case bearerToken(String)
  case apiKey(String)

  public static let tokenVariable = "TMDB_API_TOKEN"
  public static let keyVariable = "TMDB_API_KEY"

  /// Reads the credentials from `environment`; the token wins when both are set.
  /// Empty values count as unset.
  /// - Throws: ``Missing`` when neither variable is set.
  public init(environment: [String: String]) throws {
    if let token = environment[Self.tokenVariable], !token.isEmpty {
      self = .bearerToken(token)
    } else if let key = environment[Self.keyVariable], !key.isEmpty {
      self = .apiKey(key)
    } else {
      throw Missing()
    }
  }

  /// The secret itself, for masking it in anything printed.
  var secret: String {
    switch self {
    case .bearerToken(let token): return token
    case .apiKey(let key): return key
    }
  }

  /// Neither credential variable is set.
  struct Missing: Error, Equatable, CustomStringConvertible {
    var description: String {
      "--tmdb needs a TMDB credential: set \(TMDBCredentials.tokenVariable) to your API read access token, or \(TMDBCredentials.keyVariable) to your API key (https://www.themoviedb.org/settings/api)"
    }
  }
}
