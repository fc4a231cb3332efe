import FilmCatalog
import TOML

/// A date from front matter: a day (`2026-11-30`), or a day and time at an
/// offset from UTC (`2026-11-30T20:00:00+01:00`). A time without an offset
/// is refused, since the feed must say when, in UTC, it was.
struct ContentDate: Hashable, Sendable, Comparable {
  let day: CalendarDay
  /// The time of day and its offset, or `nil` for a day alone.
  let time: Time?

  struct Time: Hashable, Sendable {
    let hour: Int
    let minute: Int
    let second: Int
    let offsetMinutes: Int
  }

  /// The date a front-matter value is, if it is a date of a year from 1 to 9999.
  init?(_ value: TOMLValue) {
    switch value {
    case .localDate(let date):
      guard let day = CalendarDay(year: date.year, month: date.month, day: date.day) else {
        return nil
      }
      self.day = day
      time = nil
    case .offsetDateTime(let moment):
      guard
        let day = CalendarDay(
          year: moment.date.year, month: moment.date.month, day: moment.date.day)
      else { return nil }
      self.day = day
      time = Time(
        hour: moment.time.hour, minute: moment.time.minute, second: moment.time.second,
        offsetMinutes: moment.offsetMinutes)
    default:
      return nil
    }
  }

  /// What a date in front matter may be written as, for errors.
  static let expectation =
    "a date like 2026-11-30, or a date and time with an offset like 2026-11-30T20:00:00Z"

  /// `2026-11-30`, or `2026-11-30T20:00:00+01:00`: the `datetime` attribute's form.
  var iso: String {
    guard let time else { return day.description }
    let clock = [time.hour, time.minute, time.second].map { Self.twoDigits($0) }
      .joined(separator: ":")
    guard time.offsetMinutes != 0 else { return day.description + "T" + clock + "Z" }
    let offset = abs(time.offsetMinutes)
    return day.description + "T" + clock + (time.offsetMinutes < 0 ? "-" : "+")
      + Self.twoDigits(offset / 60) + ":" + Self.twoDigits(offset % 60)
  }

  /// `30 November 2026`, as a page shows it.
  var text: String {
    let (year, month, dayOfMonth) = day.components
    return "\(dayOfMonth) \(Self.months[month - 1]) \(year)"
  }

  /// Seconds from 1970-01-01T00:00:00Z; a day alone counts as its midnight UTC.
  var secondsSinceEpoch: Int {
    let midnight = day.daysSinceEpoch * 86_400
    guard let time else { return midnight }
    return midnight + time.hour * 3600 + time.minute * 60 + time.second - time.offsetMinutes * 60
  }

  static func < (lhs: ContentDate, rhs: ContentDate) -> Bool {
    (lhs.secondsSinceEpoch, lhs.iso) < (rhs.secondsSinceEpoch, rhs.iso)
  }

  private static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  private static func twoDigits(_ number: Int) -> String {
    number < 10 ? "0\(number)" : String(number)
  }
}
