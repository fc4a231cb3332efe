import Foundation

/// A ``FilmSource`` over TMDB's listings: `GET /search/movie` for a query, or
/// `GET /discover/movie` with its filters (most popular first unless they
/// say otherwise) for an empty one.
///
/// The genre list is fetched once, before the first page, and names each
/// result's `genre_ids`. Results carry no runtime or director; a
/// ``TMDBDetailsEnricher`` adds them after the pull. A listing longer than
/// the 500 pages TMDB serves is split into release windows by
/// ``TMDBWindowedPull``.
public struct TMDBSource: SplittingSource {
  let client: TMDBClient
  let filters: TMDBDiscoverFilters
  /// The last year a search past the cap is split into.
  let latestYear: Int
  private let genres = GenreListOnce()

  /// - Parameter latestYear: The last year a search longer than TMDB serves
  ///   is split into; by default five years after the current one (TMDB
  ///   lists films announced for later years).
  public init(
    client: TMDBClient, filters: TMDBDiscoverFilters = TMDBDiscoverFilters(),
    latestYear: Int = CalendarDay(Date()).year + 5
  ) {
    self.client = client
    self.filters = filters
    self.latestYear = latestYear
  }

  /// The listing `query` names with this source's filters.
  public func listing(_ query: String) -> TMDBSearch {
    TMDBSearch(query, filters: filters)
  }

  public func search(_ query: String, page: Int) async throws -> [Film] {
    try await searchPage(query, page: page).films
  }

  /// - Throws: ``TMDBError`` for the genre list or the page, or `CancellationError`.
  public func searchPage(_ query: String, page: Int) async throws -> SourcePage {
    try await listingPage(listing(query), page: page).sourcePage
  }

  public func pullAll(
    _ query: String, maxPages: Int, concurrency: Int, allowPartial: Bool,
    progress: (@Sendable (Paginator.Progress) -> Void)?
  ) async throws -> PullResult {
    let source = self
    return try await TMDBWindowedPull(
      search: listing(query), fetch: { try await source.listingPage($0, page: $1) },
      maxPages: maxPages, concurrency: min(max(1, concurrency), Paginator.maximumConcurrency),
      allowPartial: allowPartial, latestYear: latestYear, progress: progress
    ).pull()
  }

  func listingPage(_ search: TMDBSearch, page: Int) async throws -> TMDBListingPage {
    let client = self.client
    let genres = try await self.genres.value { try await client.genreList() }
    let results = try await client.searchPage(search, page: page)
    return TMDBListingPage(
      films: results.results.map { $0.film(genres: genres) }, totalPages: results.totalPages,
      totalResults: results.totalResults)
  }
}

/// The genre list, requested by the first caller only; later callers wait
/// for the same request.
private actor GenreListOnce {
  private var task: Task<TMDBGenreMap, any Error>?

  func value(_ load: @escaping @Sendable () async throws -> TMDBGenreMap) async throws
    -> TMDBGenreMap
  {
    let task = self.task ?? Task { try await load() }
    self.task = task
    return try await withTaskCancellationHandler {
      try await task.value
    } onCancel: {
      task.cancel()
    }
  }
}
