/// A page request that failed, with what the user needs to act on it: the URL
/// (secrets masked), the HTTP status or network error, and the start of the body.
public struct HTTPSourceError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Reason: Equatable, Sendable {
    /// A status that is not 2xx, with the first bytes of the body.
    case status(Int, body: String)
    /// The connection failed: refused, reset, timed out, or the host is unknown.
    case network(String)
    case timedOut(seconds: Double)
    /// The body was larger than the limit.
    case tooLarge(limit: Int)
    /// The body is not the film JSON expected.
    case malformed(String, body: String)
    /// The configured URL cannot carry the page query.
    case invalidURL
  }

  /// The request URL with secrets masked.
  public let url: String
  public let reason: Reason
  /// How many times the request was tried.
  public let attempts: Int

  public init(url: String, reason: Reason, attempts: Int = 1) {
    self.url = url
    self.reason = reason
    self.attempts = attempts
  }

  /// Whether trying again may succeed.
  public var isTransient: Bool {
    switch reason {
    case .status(let code, _): return [429, 500, 502, 503, 504].contains(code)
    case .network, .timedOut: return true
    case .tooLarge, .malformed, .invalidURL: return false
    }
  }

  public var description: String {
    let tries = attempts > 1 ? " (after \(attempts) attempts)" : ""
    switch reason {
    case .status(let code, let body):
      return "GET \(url): HTTP \(code)\(tries)\(Self.bodyNote(body))"
    case .network(let message):
      return "GET \(url): \(message)\(tries)"
    case .timedOut(let seconds):
      return "GET \(url): no response within \(Self.format(seconds)) s (--timeout)\(tries)"
    case .tooLarge(let limit):
      return "GET \(url): the response is larger than \(limit) bytes (--max-response-bytes)"
    case .malformed(let message, let body):
      return "GET \(url): not film JSON: \(message)\(Self.bodyNote(body))"
    case .invalidURL:
      return "GET \(url): not an http or https URL"
    }
  }

  private static func bodyNote(_ body: String) -> String {
    body.isEmpty ? "" : "; body starts: \(body)"
  }

  private static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }

  /// The first bytes of a body, on one line, for an error message.
  static func bodyPrefix(_ data: [UInt8], limit: Int = 120) -> String {
    var text = ""
    for scalar in String(decoding: data.prefix(limit * 4), as: UTF8.self).unicodeScalars {
      if text.unicodeScalars.count >= limit {
        text += "…"
        break
      }
      text.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
    }
    return text
  }
}
