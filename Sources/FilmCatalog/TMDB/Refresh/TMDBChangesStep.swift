import Foundation

/// One query of `GET /movie/changes`: the calendar days from `start` through
/// `end` (UTC, both included), at most ``maximumDays`` of them.
///
/// TMDB answers a changes query for at most 14 days. Whether its count
/// includes both ends is not said, so a step spans at most 14 calendar days
/// counting both: `end` is at most 13 days after `start`, which TMDB takes
/// either way.
struct TMDBChangesStep: Hashable, Sendable, CustomStringConvertible {
  /// The first day, TMDB's `start_date`.
  let start: CalendarDay
  /// The last day, TMDB's `end_date`.
  let end: CalendarDay

  /// The most calendar days one query asks for.
  static let maximumDays = 14

  var description: String { "\(start) to \(end)" }

  /// The steps that ask for every day from the UTC day of `since` through the
  /// UTC day of `today`, oldest first, each ``maximumDays`` long but the last.
  /// A `since` later than `today` asks for `today` alone.
  static func steps(since: Date, through today: Date) -> [TMDBChangesStep] {
    let last = CalendarDay(today)
    var start = min(CalendarDay(since), last)
    var steps: [TMDBChangesStep] = []
    while start <= last {
      let end = min(start.adding(days: maximumDays - 1), last)
      steps.append(TMDBChangesStep(start: start, end: end))
      start = end.adding(days: 1)
    }
    return steps
  }

  /// Whole days from the UTC day of `since` to the UTC day of `today`; 0 when
  /// they are the same day or `since` is later.
  static func days(since: Date, through today: Date) -> Int {
    max(0, CalendarDay(since).days(to: CalendarDay(today)))
  }
}
