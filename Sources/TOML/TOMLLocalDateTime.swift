/// A date and a time of day without an offset, as in `1979-05-27T07:32:00`.
public struct TOMLLocalDateTime: Hashable, Sendable, CustomStringConvertible {
  public var date: TOMLLocalDate
  public var time: TOMLLocalTime

  public init(date: TOMLLocalDate, time: TOMLLocalTime) {
    self.date = date
    self.time = time
  }

  /// RFC 3339 without an offset: `YYYY-MM-DDTHH:MM:SS[.fraction]`.
  public var description: String { "\(date)T\(time)" }
}
