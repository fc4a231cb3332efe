/// A date and a time of day at an offset from UTC, as in `1979-05-27T07:32:00-07:00`.
public struct TOMLOffsetDateTime: Hashable, Sendable, CustomStringConvertible {
  /// The calendar date.
  public var date: TOMLLocalDate
  /// The time of day, with the fractional seconds as written.
  public var time: TOMLLocalTime
  /// Minutes east of UTC: `-420` for `-07:00`, `0` for `Z`.
  public var offsetMinutes: Int

  /// A date-time of these parts.
  public init(date: TOMLLocalDate, time: TOMLLocalTime, offsetMinutes: Int) {
    self.date = date
    self.time = time
    self.offsetMinutes = offsetMinutes
  }

  /// RFC 3339: `YYYY-MM-DDTHH:MM:SS[.fraction]` and `Z` or `±HH:MM`.
  public var description: String {
    guard offsetMinutes != 0 else { return "\(date)T\(time)Z" }
    let sign = offsetMinutes < 0 ? "-" : "+"
    let minutes = abs(offsetMinutes)
    return "\(date)T\(time)\(sign)\(digits(minutes / 60, 2)):\(digits(minutes % 60, 2))"
  }
}
