import TOML

extension ContentDate {
  /// The date a front-matter value is: a local date (`2026-11-30`) or an
  /// offset date-time (`2026-11-30T20:00:00+01:00`); `nil` for any other
  /// value, a time without an offset among them, since the feed must say
  /// when, in UTC, it was.
  init?(_ value: TOMLValue) {
    switch value {
    case .localDate(let date):
      self.init(year: date.year, month: date.month, day: date.day)
    case .offsetDateTime(let moment):
      self.init(
        year: moment.date.year, month: moment.date.month, day: moment.date.day,
        hour: moment.time.hour, minute: moment.time.minute, second: moment.time.second,
        offsetMinutes: moment.offsetMinutes)
    default:
      return nil
    }
  }

  /// What a date in front matter may be written as, for errors.
  static let expectation =
    "a date like 2026-11-30, or a date and time with an offset like 2026-11-30T20:00:00Z"

  /// `2026-11-30` for a day alone, else its RFC 3339 form: what a `<time>`
  /// element's `datetime` holds.
  var iso: String { time == nil ? day.description : rfc3339 }

  /// `30 November 2026`, as a page shows it.
  var text: String {
    let (year, month, dayOfMonth) = day.components
    return "\(dayOfMonth) \(Self.months[month - 1]) \(year)"
  }

  private static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
}
