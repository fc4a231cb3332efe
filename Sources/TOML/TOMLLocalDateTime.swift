/// A date and a time of day without an offset, as in `1979-05-27T07:32:00`.
public struct TOMLLocalDateTime: Hashable, Sendable, CustomStringConvertible {
  /// The calendar date.
  public var date: TOMLLocalDate
  /// The time of day, with the fractional seconds as written.
  public var time: TOMLLocalTime

  /// A date-time of these parts.
  public init(date: TOMLLocalDate, time: TOMLLocalTime) {
    self.date = date
    self.time = time
  }

  /// RFC 3339 without an offset: `YYYY-MM-DDTHH:MM:SS[.fraction]`.
  public var description: String { "\(date)T\(time)" }
}
