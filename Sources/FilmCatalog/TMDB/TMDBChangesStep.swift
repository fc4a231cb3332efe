import Foundation

/// One query of `GET /movie/changes`: the calendar days from `start` through
/// `end` (UTC, both included), at most ``maximumDays`` of them.
///
/// TMDB answers a changes query for at most 14 days. Whether its count
/// includes both ends is not said, so a step spans at most 14 calendar days
/// counting both: `end` is at most 13 days after `start`, which TMDB takes
/// either way.
struct TMDBChangesStep: Hashable, Sendable, CustomStringConvertible {
  /// `YYYY-MM-DD`, as TMDB's `start_date` takes it.
  let start: String
  /// `YYYY-MM-DD`, as TMDB's `end_date` takes it.
  let end: String

  /// The most calendar days one query asks for.
  static let maximumDays = 14

  var description: String { "\(start) to \(end)" }

  /// The steps that ask for every day from the UTC day of `since` through the
  /// UTC day of `today`, oldest first, each ``maximumDays`` long but the last.
  /// A `since` later than `today` asks for `today` alone.
  static func steps(since: Date, through today: Date) -> [TMDBChangesStep] {
    let first = TMDBCalendarDay(since)
    let last = TMDBCalendarDay(today)
    var steps: [TMDBChangesStep] = []
    var start = min(first.dayNumber, last.dayNumber)
    while start <= last.dayNumber {
      let end = min(start + maximumDays - 1, last.dayNumber)
      steps.append(
        TMDBChangesStep(
          start: TMDBCalendarDay(dayNumber: start).text, end: TMDBCalendarDay(dayNumber: end).text))
      start = end + 1
    }
    return steps
  }

  /// Whole days from the UTC day of `since` to the UTC day of `today`; 0 when
  /// they are the same day or `since` is later.
  static func days(since: Date, through today: Date) -> Int {
    max(0, TMDBCalendarDay(today).dayNumber - TMDBCalendarDay(since).dayNumber)
  }
}

/// A UTC calendar day, counted in days since 1970-01-01, so that steps are
/// plain integer arithmetic and never meet a time zone or a leap second.
struct TMDBCalendarDay: Sendable {
  let dayNumber: Int

  init(_ date: Date) {
    dayNumber = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
  }

  init(dayNumber: Int) {
    self.dayNumber = dayNumber
  }

  /// `YYYY-MM-DD`.
  var text: String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let date = Date(timeIntervalSince1970: Double(dayNumber) * 86_400)
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(
      format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
  }
}
