import FilmCatalog

/// The pull and enrich stages of a build: every page of the input through the
/// bounded ``Paginator`` (a ``SplittingSource`` splits a listing longer than it
/// serves into windows, each through its own paginator), then, for sources whose search results lack fields
/// that another request gives (TMDB's details), the enrichment.
///
/// `filmsite build` runs them inside ``SiteBuilder``; `filmsite pull` and
/// `filmsite serve` run them alone, so all three pull the same way.
public struct FilmPull: Sendable {
  /// What to search for; empty for everything the source lists.
  var query: String
  /// Page requests kept in flight.
  var concurrency: Int
  /// Keep the films of the pages before a failed one instead of failing.
  var allowPartial: Bool
  /// Called as pages arrive.
  var progress: (@Sendable (Paginator.Progress) -> Void)?
  /// The step after the pages: it gets the pulled films, in order, and
  /// returns the films to build and any it left out.
  var enrich: (@Sendable ([Film]) async throws -> Enrichment)?
  /// The credit the source asks for (TMDB's); a catalog's snapshot header
  /// gives it when this is `nil`.
  var attribution: Attribution?

  public init(
    query: String = "", concurrency: Int = 1, allowPartial: Bool = false,
    progress: (@Sendable (Paginator.Progress) -> Void)? = nil,
    enrich: (@Sendable ([Film]) async throws -> Enrichment)? = nil,
    attribution: Attribution? = nil
  ) {
    self.query = query
    self.concurrency = concurrency
    self.allowPartial = allowPartial
    self.progress = progress
    self.enrich = enrich
    self.attribution = attribution
  }

  /// Opens `input` and pulls its films.
  /// - Throws: ``CatalogError`` for a catalog that cannot be read,
  ///   ``PaginationError`` for a page that failed, or what `enrich` throws.
  public func films(from input: FilmInput) async throws -> PulledFilms {
    try await films(from: input.opened())
  }

  /// Pulls the films of a source that is already open.
  func films(from opened: FilmInput.Opened) async throws -> PulledFilms {
    let pull: PullResult
    if let splitting = opened.source as? any SplittingSource {
      pull = try await splitting.pullAll(
        query, maxPages: opened.maxPages, concurrency: concurrency, allowPartial: allowPartial,
        progress: progress)
    } else {
      let paginator = Paginator(
        source: opened.source, query: query, maxPages: opened.maxPages,
        concurrency: concurrency, progress: progress)
      pull = try await paginator.pull(allowPartial: allowPartial)
    }
    let enrichment = try await enrich?(pull.films) ?? Enrichment(films: pull.films)
    return PulledFilms(
      films: enrichment.films,
      counts: FilmCounts(
        films: enrichment.films.count, duplicatesDropped: pull.duplicatesDropped,
        pageCap: pull.pageCap),
      failure: pull.failure, skipped: enrichment.skipped,
      attribution: attribution ?? opened.attribution, windows: pull.windows)
  }
}
