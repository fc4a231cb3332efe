import FilmCatalog

/// A date of the site: a calendar day, or a day and a time of day at an
/// offset from UTC, as a film's release date and front matter give it (a
/// page's `date`, a note's `watched`), and as the feed dates its entries.
///
/// Atom dates are RFC 3339 date-times, so a day alone is written as its
/// midnight in UTC. Dates order by the instant they name; two dates that name
/// the same instant differently are ordered by offset, then a day alone first,
/// so that the order is total and agrees with `==`.
struct ContentDate: Hashable, Sendable, Comparable {
  /// A time of day and the offset from UTC it is read at.
  struct Time: Hashable, Sendable {
    let hour: Int
    let minute: Int
    let second: Int
    /// Minutes east of UTC: `120` for `+02:00`, `-330` for `-05:30`.
    let offsetMinutes: Int
  }

  /// The day, at the date's own offset.
  let day: CalendarDay
  /// The time of day, or `nil` for a day alone.
  let time: Time?

  /// A day alone.
  init(_ day: CalendarDay) {
    self.day = day
    time = nil
  }

  /// The day `year`-`month`-`day`, or `nil` when there is no such day or the
  /// year is not 1 to 9999.
  init?(year: Int, month: Int, day: Int) {
    guard let calendarDay = CalendarDay(year: year, month: month, day: day) else { return nil }
    self.init(calendarDay)
  }

  /// A day and a time at an offset from UTC, or `nil` when a part is out of
  /// range: no such day, an hour past 23, a minute or second past 59 (XML
  /// Schema's date-time has no leap second), or an offset of 24 hours or more.
  init?(
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offsetMinutes: Int
  ) {
    guard let calendarDay = CalendarDay(year: year, month: month, day: day),
      (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
      abs(offsetMinutes) < 24 * 60
    else { return nil }
    self.day = calendarDay
    time = Time(hour: hour, minute: minute, second: second, offsetMinutes: offsetMinutes)
  }

  /// Seconds from 1970-01-01T00:00:00Z to the instant this date names.
  var secondsSinceEpoch: Int {
    let midnight = day.daysSinceEpoch * 86_400
    guard let time else { return midnight }
    return midnight + time.hour * 3_600 + time.minute * 60 + time.second
      - time.offsetMinutes * 60
  }

  /// The date as RFC 3339 writes it: `2026-11-30T00:00:00Z` for a day alone,
  /// `2026-11-30T18:05:00+02:00` for a time at an offset.
  var rfc3339: String {
    guard let time else { return "\(day)T00:00:00Z" }
    let clock =
      "\(Self.twoDigits(time.hour)):\(Self.twoDigits(time.minute)):"
      + Self.twoDigits(time.second)
    guard time.offsetMinutes != 0 else { return "\(day)T\(clock)Z" }
    let offset = abs(time.offsetMinutes)
    let sign = time.offsetMinutes < 0 ? "-" : "+"
    return "\(day)T\(clock)\(sign)\(Self.twoDigits(offset / 60)):\(Self.twoDigits(offset % 60))"
  }

  static func < (lhs: ContentDate, rhs: ContentDate) -> Bool {
    let left = (lhs.secondsSinceEpoch, lhs.time?.offsetMinutes ?? 0, lhs.time == nil ? 0 : 1)
    let right = (rhs.secondsSinceEpoch, rhs.time?.offsetMinutes ?? 0, rhs.time == nil ? 0 : 1)
    return left < right
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : String(value)
  }
}
