import Foundation

/// Why one GET request failed, as the network and the status line tell it, before a source
/// adds its own context (the page, the TMDB stage).
///
/// ``HTTPClient`` makes every one of these, so the generic API and TMDB word a failure alike
/// and retry the same failures.
enum RequestFailure: Error, Equatable, Sendable {
  /// A status that is not 2xx, with the first bytes of the body.
  case status(Int, body: String)
  /// The connection failed in a way another attempt may mend: refused, reset, closed early,
  /// or no network.
  case network(String)
  /// No attempt can succeed: the host is unknown, the URL is one the system cannot send, or
  /// no HTTP answer came back.
  case unreachable(String)
  /// No response within the timeout, in seconds.
  case timedOut(seconds: Double)
  /// The body was larger than the limit, in bytes.
  case tooLarge(limit: Int)
  /// The URL cannot carry the request: it is not an http or https URL.
  case invalidURL

  /// The statuses worth another attempt: rate limited, or a server error that may pass.
  static let transientStatuses: Set<Int> = [429, 500, 502, 503, 504]

  /// Whether another attempt may succeed; ``HTTPClient`` retries exactly these.
  var isTransient: Bool {
    switch self {
    case .status(let code, _): return Self.transientStatuses.contains(code)
    case .network, .timedOut: return true
    case .unreachable, .tooLarge, .invalidURL: return false
    }
  }

  /// `GET url` and what went wrong, on one line.
  /// - Parameter attempts: How many times the request was tried; more than one is said.
  func message(url: String, attempts: Int) -> String {
    let tries = Self.attemptsNote(attempts)
    switch self {
    case .status(let code, let body):
      return "GET \(url): HTTP \(code)\(tries)\(Self.bodyNote(body))"
    case .network(let message), .unreachable(let message):
      return "GET \(url): \(message)\(tries)"
    case .timedOut(let seconds):
      return "GET \(url): no response within \(Self.format(seconds)) s (--timeout)\(tries)"
    case .tooLarge(let limit):
      return "GET \(url): the response is larger than \(limit) bytes (--max-response-bytes)"
    case .invalidURL:
      return "GET \(url): not an http or https URL"
    }
  }

  /// ` (after n attempts)` when a request was tried more than once, or nothing.
  static func attemptsNote(_ attempts: Int) -> String {
    attempts > 1 ? " (after \(attempts) attempts)" : ""
  }

  /// `; body starts: …` with the start of a body, or nothing for an empty one.
  static func bodyNote(_ body: String) -> String {
    body.isEmpty ? "" : "; body starts: \(body)"
  }

  /// The first bytes of a body, on one line, for an error message: what a terminal would not
  /// show as text on that line becomes a space.
  static func bodyPrefix(_ data: [UInt8], limit: Int = 120) -> String {
    var text = ""
    for scalar in String(decoding: data.prefix(limit * 4), as: UTF8.self).unicodeScalars {
      if text.unicodeScalars.count >= limit {
        text += "…"
        break
      }
      text.unicodeScalars.append(isHidden(scalar) ? " " : scalar)
    }
    return text
  }

  /// A control character (C0, DEL or C1, such as a line feed or NEL), a line or paragraph
  /// separator, or a character that turns the direction of the text after it.
  private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: return true
    default: return scalar.properties.isBidiControl
    }
  }

  private static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}

extension RequestFailure {
  /// The failure a transport error means.
  /// - Parameter timeout: The request's timeout, in seconds, for the message of a timeout.
  init(_ failure: HTTPTransport.Failure, timeout: Double) {
    switch failure {
    case .tooLarge(let limit):
      self = .tooLarge(limit: limit)
    case .network(let error) where error.code == .timedOut:
      self = .timedOut(seconds: timeout)
    case .network(let error)
    where [.cannotFindHost, .unsupportedURL, .badURL].contains(error.code):
      self = .unreachable(Self.describe(error))
    case .network(let error):
      self = .network(Self.describe(error))
    case .other(let message):
      self = .unreachable(message)
    }
  }

  /// The failure of an answer whose status is not 2xx, or `nil` for a 2xx answer.
  init?(answer: HTTPTransport.Response) {
    guard !(200..<300).contains(answer.status) else { return nil }
    self = .status(answer.status, body: Self.bodyPrefix(answer.body))
  }

  /// A network error in a few words; the system's own text for the rarer ones.
  private static func describe(_ error: URLError) -> String {
    switch error.code {
    case .cannotConnectToHost: return "connection refused"
    case .networkConnectionLost: return "the connection was closed before the response was complete"
    case .cannotFindHost: return "unknown host"
    case .notConnectedToInternet: return "no network"
    default: return error.localizedDescription
    }
  }
}
