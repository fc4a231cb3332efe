import Foundation

/// How long to wait before trying a failed request again: exponential backoff
/// with jitter, or what the server's `Retry-After` asks, within a cap.
public struct RetryPolicy: Sendable, Equatable {
  /// Retries after the first attempt.
  public var retries: Int
  /// The wait before the first retry; it doubles for each later one.
  public var baseDelay: Double
  /// The longest wait, whatever the backoff or `Retry-After` says.
  public var maximumDelay: Double

  public init(retries: Int = 3, baseDelay: Double = 0.25, maximumDelay: Double = 30) {
    self.retries = retries
    self.baseDelay = baseDelay
    self.maximumDelay = maximumDelay
  }

  /// Seconds to wait before retry number `retry` (from 1), honouring `retryAfter` when given.
  /// - Parameter random: A number in `0..<1`, for jitter.
  func delay(beforeRetry retry: Int, retryAfter: Double?, random: Double) -> Double {
    if let retryAfter { return min(max(0, retryAfter), maximumDelay) }
    let exponential = baseDelay * pow(2, Double(retry - 1))
    // Full jitter on half the delay, so that clients spread out but still back off.
    return min(exponential * (0.5 + random / 2), maximumDelay)
  }

  /// Seconds from a `Retry-After` value: a number of seconds or an HTTP date.
  static func retryAfter(_ value: String?, now: Date = Date()) -> Double? {
    guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
      return nil
    }
    if let seconds = Double(value) { return seconds }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: value) else { return nil }
    return max(0, date.timeIntervalSince(now))
  }
}
