import Foundation

/// How long to wait before trying a failed request again: exponential backoff
/// with jitter, or what the server's `Retry-After` asks, within a cap.
public struct RetryPolicy: Sendable, Equatable {
  /// Retries after the first attempt.
  var retries: Int
  /// The wait before the first retry; it doubles for each later one.
  var baseDelay: Double
  /// The longest wait, whatever the backoff or `Retry-After` says.
  var maximumDelay: Double

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
    guard let date = httpDate(value) else { return nil }
    return max(0, date - now.timeIntervalSince1970)
  }

  private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// Seconds since 1970 of an HTTP date in the form servers send (RFC 9110's
  /// IMF-fixdate, `Wed, 21 Oct 2015 07:28:00 GMT`), or `nil` for anything else.
  /// Read by hand: Foundation's `DateFormatter` leaks memory on some texts it cannot read,
  /// and a server's header can be any text.
  static func httpDate(_ text: String) -> Double? {
    let fields = text.split(separator: " ", omittingEmptySubsequences: false)
    guard fields.count == 6, fields[0].hasSuffix(","),
      weekdays.contains(String(fields[0].dropLast())),
      let day = number(fields[1], digits: 2), let month = months.firstIndex(of: String(fields[2])),
      let year = number(fields[3], digits: 4), fields[5] == "GMT",
      let date = CalendarDay(year: year, month: month + 1, day: day)
    else { return nil }
    let clock = fields[4].split(separator: ":", omittingEmptySubsequences: false)
    guard clock.count == 3, let hour = number(clock[0], digits: 2), hour < 24,
      let minute = number(clock[1], digits: 2), minute < 60,
      let second = number(clock[2], digits: 2), second <= 60
    else { return nil }
    return Double(date.daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60 + second)
  }

  /// Exactly `digits` decimal digits, as a number.
  private static func number(_ text: Substring, digits: Int) -> Int? {
    guard text.utf8.count == digits, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return nil
    }
    return Int(text)
  }
}

extension RetryPolicy {
  /// A failure worth another attempt, with the server's `Retry-After` in seconds if it sent one.
  struct RetryableFailure: Error {
    /// What to throw when no retries are left.
    let error: any Error
    let retryAfter: Double?
  }

  /// Runs `operation` until it returns, retrying each ``RetryableFailure`` up to `retries`
  /// times after the policy's delay; any other error ends it at once.
  ///
  /// Every attempt counts as a request in `statistics`, and every retry as a retry.
  /// - Parameters:
  ///   - sleep: Waits the given number of seconds (`Task.sleep` unless a test says otherwise).
  ///   - operation: One attempt; it gets the attempt's number, from 1.
  /// - Throws: The last failure's `error` once retries are used up, or what `operation` or
  ///   `sleep` throws otherwise.
  func run<Value>(
    counting statistics: RequestStatistics,
    sleep: (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
    _ operation: (_ attempt: Int) async throws -> Value
  ) async throws -> Value {
    var attempt = 1
    while true {
      statistics.countRequest()
      do {
        return try await operation(attempt)
      } catch let failure as RetryableFailure {
        guard attempt <= retries else { throw failure.error }
        statistics.countRetry()
        try await sleep(
          delay(
            beforeRetry: attempt, retryAfter: failure.retryAfter, random: Double.random(in: 0..<1)))
        attempt += 1
      }
    }
  }
}
