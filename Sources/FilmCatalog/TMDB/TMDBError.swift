import Foundation

/// A TMDB request that failed, named by the stage of the pull it belongs to,
/// with the URL (secrets masked), the HTTP status and TMDB's own
/// `status_code` and `status_message` when the body carries them.
public struct TMDBError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Which request of a pull failed.
  public enum Stage: Hashable, Sendable, CustomStringConvertible {
    case genreList
    case searchPage(Int)
    case details(filmID: String)

    public var description: String {
      switch self {
      case .genreList: return "genre list"
      case .searchPage(let page): return "search page \(page)"
      case .details(let id): return "details of film \(id)"
      }
    }
  }

  public enum Reason: Equatable, Sendable {
    /// An error response in TMDB's shape: `{"status_code", "status_message", "success": false}`.
    case tmdb(status: Int, code: Int, message: String)
    /// Any other failure: another status, a network error, a timeout, a body
    /// that is too large or is not the JSON expected.
    case http(HTTPSourceError.Reason)
  }

  public let stage: Stage
  /// The request URL with secrets masked.
  public let url: String
  public let reason: Reason
  /// How many times the request was tried.
  public let attempts: Int

  public init(stage: Stage, url: String, reason: Reason, attempts: Int = 1) {
    self.stage = stage
    self.url = url
    self.reason = reason
    self.attempts = attempts
  }

  /// The HTTP status, when the server answered.
  public var status: Int? {
    switch reason {
    case .tmdb(let status, _, _): return status
    case .http(.status(let status, _)): return status
    case .http: return nil
    }
  }

  /// Whether trying again may succeed: 429, 500, 502, 503, 504, network errors and timeouts.
  public var isTransient: Bool {
    switch reason {
    case .tmdb(let status, _, _):
      return HTTPSourceError(url: url, reason: .status(status, body: "")).isTransient
    case .http(let reason): return HTTPSourceError(url: url, reason: reason).isTransient
    }
  }

  public var description: String {
    switch reason {
    case .tmdb(let status, let code, let message):
      let tries = attempts > 1 ? " (after \(attempts) attempts)" : ""
      return "\(stage): GET \(url): HTTP \(status)\(tries): \(message) (TMDB status_code \(code))"
    case .http(let reason):
      return "\(stage): \(HTTPSourceError(url: url, reason: reason, attempts: attempts))"
    }
  }

  /// TMDB's error body.
  struct Body: Decodable {
    let statusCode: Int
    let statusMessage: String

    private enum CodingKeys: String, CodingKey {
      case statusCode = "status_code"
      case statusMessage = "status_message"
    }

    /// The error body in `data`, or `nil` when it is not TMDB's shape.
    static func decode(_ data: [UInt8]) -> Body? {
      try? JSONDecoder().decode(Body.self, from: Data(data))
    }
  }
}
