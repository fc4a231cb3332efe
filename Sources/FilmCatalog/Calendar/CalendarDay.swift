import Foundation

/// A day of the proleptic Gregorian calendar, as TMDB's date parameters
/// spell it: `YYYY-MM-DD`.
///
/// It is a count of days from 1970-01-01, so that windows of days can be
/// halved and stepped through with integer arithmetic, with no time zone
/// involved.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Days since 1970-01-01 (negative before it).
  public let daysSinceEpoch: Int

  public init(daysSinceEpoch: Int) {
    self.daysSinceEpoch = daysSinceEpoch
  }

  /// The day of `year`-`month`-`day`, or `nil` when there is no such day
  /// (a 30th of February, a month 13) or the year is not 1 to 9999.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Self.days(inMonth: month, of: year)).contains(day)
    else { return nil }
    daysSinceEpoch = Self.daysSinceEpoch(year: year, month: month, day: day)
  }

  /// The day of a date the code itself spells, such as a constant bound;
  /// a month or day out of range counts on into the next.
  init(known year: Int, _ month: Int, _ day: Int) {
    daysSinceEpoch = Self.daysSinceEpoch(year: year, month: month, day: day)
  }

  /// The day a `YYYY-MM-DD` text names, or `nil` when it is not exactly
  /// that shape or names no day.
  public init?(_ text: some StringProtocol) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
      return nil
    }
    self.init(year: year, month: month, day: day)
  }

  /// The day `date` falls on in UTC.
  public init(_ date: Date) {
    daysSinceEpoch = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
  }

  /// The year, month and day.
  public var components: (year: Int, month: Int, day: Int) {
    // Days to a civil date, counting in 400-year eras that start on 1 March.
    let shifted = daysSinceEpoch + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  public var year: Int { components.year }

  /// `YYYY-MM-DD`.
  public var description: String {
    let (year, month, day) = components
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
  }

  /// The day `count` days later (earlier when negative).
  public func adding(days count: Int) -> CalendarDay {
    CalendarDay(daysSinceEpoch: daysSinceEpoch + count)
  }

  /// The days from this day to `other`: 0 for the same day.
  public func days(to other: CalendarDay) -> Int {
    other.daysSinceEpoch - daysSinceEpoch
  }

  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    lhs.daysSinceEpoch < rhs.daysSinceEpoch
  }

  static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  static func days(inMonth month: Int, of year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let year = month <= 2 ? year - 1 : year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let monthIndex = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
