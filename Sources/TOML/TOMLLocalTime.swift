/// A time of day without a date or an offset, as in `07:32:00.999`.
///
/// The fractional seconds are kept as the digits written, so `00.5` and `00.500` stay apart
/// and no precision is lost.
public struct TOMLLocalTime: Hashable, Sendable, CustomStringConvertible {
  /// The hour, 0 to 23.
  public var hour: Int
  /// The minute, 0 to 59.
  public var minute: Int
  /// The second, 0 to 60 (60 is a leap second).
  public var second: Int
  /// The digits after the decimal point, exactly as written; empty when there were none.
  public var fraction: String

  /// Makes a time from its fields as given; they are not checked.
  public init(hour: Int, minute: Int, second: Int, fraction: String = "") {
    self.hour = hour
    self.minute = minute
    self.second = second
    self.fraction = fraction
  }

  /// The fractional seconds in nanoseconds; digits past the ninth are dropped.
  public var nanosecond: Int {
    var value = 0
    var scale = 100_000_000
    for digit in fraction.utf8.prefix(9) {
      value += Int(digit &- UInt8(ascii: "0")) * scale
      scale /= 10
    }
    return value
  }

  /// `HH:MM:SS`, followed by `.` and the fraction when there is one.
  public var description: String {
    let whole = "\(digits(hour, 2)):\(digits(minute, 2)):\(digits(second, 2))"
    return fraction.isEmpty ? whole : whole + "." + fraction
  }
}
