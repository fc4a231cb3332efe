/// A ``FilmSource`` over TMDB's search: `GET /search/movie` for a query, or
/// `GET /discover/movie` (most popular first) for an empty one.
///
/// The genre list is fetched once, before the first page, and names each
/// result's `genre_ids`. Results carry no runtime or director; a
/// ``TMDBDetailsEnricher`` adds them after the pull.
public struct TMDBSource: FilmSource {
  let client: TMDBClient
  private let genres = GenreListOnce()

  public init(client: TMDBClient) {
    self.client = client
  }

  public func search(_ query: String, page: Int) async throws -> [Film] {
    try await searchPage(query, page: page).films
  }

  /// - Throws: ``TMDBError`` for the genre list or the page, or `CancellationError`.
  public func searchPage(_ query: String, page: Int) async throws -> SourcePage {
    let client = self.client
    let genres = try await self.genres.value { try await client.genreList() }
    let results = try await client.searchPage(query, page: page)
    return SourcePage(
      films: results.results.map { $0.film(genres: genres) }, totalPages: results.totalPages)
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
