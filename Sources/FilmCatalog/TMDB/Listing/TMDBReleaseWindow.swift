/// A part of a TMDB listing cut out by release date, so that each part fits
/// in the 500 pages TMDB serves of one query.
///
/// Discover takes a range of days (`primary_release_date.gte` and `.lte`),
/// which can be halved down to a single day. Search takes only a year
/// (`primary_release_year`), which cannot be split further.
public enum TMDBReleaseWindow: Hashable, Sendable, CustomStringConvertible {
  /// From the first day through the last, both included.
  case days(CalendarDay, CalendarDay)
  case year(Int)

  /// The days discover windows are cut from when the query gives no dates
  /// of its own: wide enough for every film TMDB lists with a date.
  public static let earliestDay = CalendarDay(known: 1800, 1, 1)
  public static let latestDay = CalendarDay(known: 2199, 12, 31)

  /// The first year a search is split into: the first films TMDB lists
  /// are from the 1870s.
  public static let earliestYear = 1870

  /// The two halves, earlier first; `nil` for a single day or a year.
  var halves: (TMDBReleaseWindow, TMDBReleaseWindow)? {
    guard case .days(let first, let last) = self, first < last else { return nil }
    let middle = first.adding(days: first.days(to: last) / 2)
    return (.days(first, middle), .days(middle.adding(days: 1), last))
  }

  /// The query items that restrict a listing to the window.
  var queryItems: [(name: String, value: String)] {
    switch self {
    case .days(let first, let last):
      return [
        ("primary_release_date.gte", first.description),
        ("primary_release_date.lte", last.description),
      ]
    case .year(let year):
      return [("primary_release_year", String(year))]
    }
  }

  /// `1990-06-01`, `1990-01-01 to 1999-12-31`, or `1990`.
  public var description: String {
    switch self {
    case .days(let first, let last) where first == last: return first.description
    case .days(let first, let last): return "\(first) to \(last)"
    case .year(let year): return String(year)
    }
  }
}
