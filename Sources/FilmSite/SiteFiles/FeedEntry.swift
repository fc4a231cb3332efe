import FilmCatalog
import FilmSiteSupport

/// One entry of the feed: a page of the site, with the date it counts as new from.
struct FeedEntry: Sendable, Equatable {
  /// The page's title, as text; ``AtomFeed`` escapes it.
  var title: String
  /// Where the page is in the site; the entry links to it and is named by its URL.
  var route: Route
  /// When the page was last changed, as far as the feed knows.
  var updated: ContentDate
  /// A short plain-text description (a film's overview, a page's description).
  var summary: String?
}

extension FeedEntry {
  /// The entry of `film`'s page at `route`, dated by its release date, or by
  /// January 1 of its year when it has no release date that names a day;
  /// `nil` when it has neither, since the feed cannot place it.
  init?(film: Film, route: Route) {
    let released = film.releaseDate.flatMap { CalendarDay($0.trimmingSpaces()) }
    guard
      let day = released ?? film.year.flatMap({ CalendarDay(year: $0, month: 1, day: 1) })
    else { return nil }
    self.init(title: film.title, route: route, updated: ContentDate(day), summary: film.overview)
  }

  /// Whether `lhs` comes before `rhs` in a feed: the newer first, then by route,
  /// title and summary, so that no two different entries tie and the feed never
  /// depends on the order it was given its entries in.
  static func newestFirst(_ lhs: FeedEntry, _ rhs: FeedEntry) -> Bool {
    if lhs.updated != rhs.updated { return lhs.updated > rhs.updated }
    if lhs.route != rhs.route { return lhs.route < rhs.route }
    // Compared by scalars: titles that are canonically equal can still be written differently.
    let texts = [(lhs.title, rhs.title), (lhs.summary ?? "", rhs.summary ?? "")]
    for (left, right) in texts where !ScalarOrder.isSame(left, right) {
      return ScalarOrder.precedes(left, right)
    }
    return false
  }
}
