/// A page request of an ``APISource`` that failed, with what the user needs to act on it:
/// the URL (secrets masked), the HTTP status or network error, and the start of the body.
struct APISourceError: Error, Equatable, Sendable, CustomStringConvertible {
  enum Reason: Equatable, Sendable {
    /// The request failed: the network, a timeout, the size limit or an error status.
    case request(RequestFailure)
    /// The body is not the film JSON expected; the catalog reader says why.
    case notFilmJSON(CatalogError.Reason, body: String)
  }

  /// The request URL with secrets masked.
  let url: String
  let reason: Reason
  /// How many times the request was tried.
  let attempts: Int

  init(url: String, reason: Reason, attempts: Int = 1) {
    self.url = url
    self.reason = reason
    self.attempts = attempts
  }

  /// The error of a failed attempt at `url` (secrets masked).
  init(_ failed: HTTPClient.FailedAttempt, url: String) {
    self.init(url: url, reason: .request(failed.failure), attempts: failed.attempt)
  }

  var description: String {
    switch reason {
    case .request(let failure):
      return failure.message(url: url, attempts: attempts)
    case .notFilmJSON(let reason, let body):
      // The catalog reader's own wording, with the request in the place of a file name.
      return CatalogError(file: "GET \(url): not film JSON", reason: reason).description
        + RequestFailure.bodyNote(body)
    }
  }
}
