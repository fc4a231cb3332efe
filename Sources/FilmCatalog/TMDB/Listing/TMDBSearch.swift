import Foundation

/// What one TMDB listing asks for: `GET /search/movie` for a title query, or
/// `GET /discover/movie` with its filters when the query is empty, and
/// optionally a release window that narrows either.
public struct TMDBSearch: Hashable, Sendable {
  /// The title query, trimmed; empty for discover.
  public let text: String
  /// Discover's filters; a search takes none.
  public let filters: TMDBDiscoverFilters
  /// The part of the listing asked for, when it is split by release date.
  public let window: TMDBReleaseWindow?

  public init(
    _ text: String, filters: TMDBDiscoverFilters = TMDBDiscoverFilters(),
    window: TMDBReleaseWindow? = nil
  ) {
    self.text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    self.filters = filters
    self.window = window
  }

  public var isDiscover: Bool { text.isEmpty }

  /// The same listing narrowed to `window`.
  func narrowed(to window: TMDBReleaseWindow) -> TMDBSearch {
    TMDBSearch(text, filters: filters, window: window)
  }

  /// The whole window a split starts from: the query's own release dates,
  /// or from ``TMDBReleaseWindow/earliestDay`` through
  /// ``TMDBReleaseWindow/latestDay``, for discover; each year from
  /// ``TMDBReleaseWindow/earliestYear`` through `latestYear` for a search.
  func windowsToSplit(latestYear: Int) -> [TMDBReleaseWindow] {
    guard isDiscover else {
      return (TMDBReleaseWindow.earliestYear...max(TMDBReleaseWindow.earliestYear, latestYear))
        .map { .year($0) }
    }
    return [
      .days(
        filters.earliest ?? TMDBReleaseWindow.earliestDay,
        filters.latest ?? TMDBReleaseWindow.latestDay)
    ]
  }

  /// The endpoint and its query items, without the page: for discover the
  /// order, the adult flag, then the release dates (the window's, which lie
  /// inside the filters' own) and the other filters; for a search the query,
  /// the adult flag and the window's year.
  func request(includeAdult: Bool) -> (path: String, items: [URLQueryItem]) {
    let adult = URLQueryItem(name: "include_adult", value: includeAdult ? "true" : "false")
    let windowItems = (window?.queryItems ?? []).map {
      URLQueryItem(name: $0.name, value: $0.value)
    }
    guard isDiscover else {
      return ("search/movie", [URLQueryItem(name: "query", value: text), adult] + windowItems)
    }
    var items = [URLQueryItem(name: "sort_by", value: filters.sort), adult]
    if window != nil {
      items += windowItems
    } else {
      for name in ["primary_release_date.gte", "primary_release_date.lte"] {
        if let value = filters.values[name] { items.append(URLQueryItem(name: name, value: value)) }
      }
    }
    items += filters.others.map { URLQueryItem(name: $0.name, value: $0.value) }
    return ("discover/movie", items)
  }
}
