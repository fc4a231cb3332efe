import Foundation
import Synchronization

/// A ``FilmSource`` over films already in memory, usually read from a catalog file.
///
/// It pages like an API would, so the rest of FilmSite treats a local file and
/// a remote API alike.
public struct CatalogSource: FilmSource {
  public static let defaultPageSize = 20

  let films: [Film]
  let pageSize: Int
  private let lastSearch = LastSearch()

  public init(films: [Film], pageSize: Int = CatalogSource.defaultPageSize) {
    self.films = films
    self.pageSize = max(1, pageSize)
  }

  /// The pages a pull reads to get every film and reach the empty page after
  /// them: a catalog is read whole, and never stopped by the page cap meant for APIs.
  public var pagesToReadAll: Int {
    max(Paginator.defaultMaxPages, (films.count + pageSize - 1) / pageSize + 1)
  }

  /// Returns page `page` of the films whose title or director contains `query`,
  /// ignoring case and diacritics. An empty query matches every film.
  public func search(_ query: String, page: Int) async throws -> [Film] {
    let matches = lastSearch.matches(for: query) { Self.matches(films, query: $0) }
    guard page >= 1 else { return [] }
    let (start, overflow) = (page - 1).multipliedReportingOverflow(by: pageSize)
    guard !overflow, start < matches.count else { return [] }
    return Array(matches[start..<min(start + pageSize, matches.count)])
  }

  static func matches(_ films: [Film], query: String) -> [Film] {
    let needle = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !needle.isEmpty else { return films }
    // No locale: the same catalog and query select the same films everywhere.
    let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
    return films.filter { film in
      film.title.range(of: needle, options: options) != nil
        || film.director?.range(of: needle, options: options) != nil
    }
  }
}

/// Remembers the films matching the last query, so that paging through a
/// large catalog filters it once rather than once per page.
private final class LastSearch: Sendable {
  private let state = Mutex<(query: String, matches: [Film])?>(nil)

  func matches(for query: String, compute: (String) -> [Film]) -> [Film] {
    if let cached = state.withLock({ $0 }), cached.query == query { return cached.matches }
    let matches = compute(query)
    state.withLock { $0 = (query, matches) }
    return matches
  }
}
