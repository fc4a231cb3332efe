import Foundation

/// A TMDB request that failed, named by the stage of the pull it belongs to,
/// with the URL (secrets masked), the HTTP status and TMDB's own
/// `status_code` and `status_message` when the body carries them.
public struct TMDBError: Error, Equatable, Sendable, CustomStringConvertible {
  enum Reason: Equatable, Sendable {
    /// An error response in TMDB's shape: `{"status_code", "status_message", "success": false}`.
    case tmdb(status: Int, code: Int, message: String)
    /// Any other failed request: another status, a network error, a timeout, a body that is
    /// too large.
    case http(RequestFailure)
    /// A 2xx body that is not the JSON TMDB sends, in a few words.
    case notTMDBJSON(String, body: String)
  }

  let stage: TMDBStage
  /// The request URL with secrets masked.
  let url: String
  let reason: Reason
  /// How many times the request was tried.
  let attempts: Int

  init(stage: TMDBStage, url: String, reason: Reason, attempts: Int = 1) {
    self.stage = stage
    self.url = url
    self.reason = reason
    self.attempts = attempts
  }

  /// The error of a failed attempt at `url` (secrets masked): TMDB's own message when the
  /// body of an error status is in TMDB's shape.
  init(_ failed: HTTPClient.FailedAttempt, stage: TMDBStage, url: String) {
    var reason = Reason.http(failed.failure)
    if case .status(let status, _) = failed.failure, let body = Body.decode(failed.errorBody) {
      // One line, whatever the server put in the message.
      let message = RequestFailure.bodyPrefix(Array(body.statusMessage.utf8), limit: 200)
      reason = .tmdb(status: status, code: body.statusCode, message: message)
    }
    self.init(stage: stage, url: url, reason: reason, attempts: failed.attempt)
  }

  public var description: String {
    switch reason {
    case .tmdb(let status, let code, let message):
      let tries = RequestFailure.attemptsNote(attempts)
      return "\(stage): GET \(url): HTTP \(status)\(tries): \(message) (TMDB status_code \(code))"
    case .http(let failure):
      return "\(stage): \(failure.message(url: url, attempts: attempts))"
    case .notTMDBJSON(let message, let body):
      return "\(stage): GET \(url): not TMDB JSON: \(message)\(RequestFailure.bodyNote(body))"
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
