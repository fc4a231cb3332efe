/// A calendar date without a time or an offset, as in `1979-05-27`.
public struct TOMLLocalDate: Hashable, Sendable, CustomStringConvertible {
  /// The year, 0 to 9999.
  public var year: Int
  /// The month, 1 to 12.
  public var month: Int
  /// The day of the month, from 1.
  public var day: Int

  /// Makes a date from its fields as given; they are not checked.
  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))"
  }

  /// Whether the day exists in that month of that year, in the proleptic Gregorian calendar
  /// that RFC 3339 uses.
  var isValid: Bool {
    (1...12).contains(month) && day >= 1 && day <= Self.days(inMonth: month, year: year)
  }

  static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      return isLeap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
