import FilmCatalog

/// The films of one pull, with what the summary says about them.
public struct PulledFilms: Sendable {
  /// The films to build, deduplicated and in the source's order.
  public let films: [Film]
  public let counts: FilmCounts
  /// The page that failed, when the pull went on with `allowPartial`.
  public let failure: PaginationError?
  /// Films the enrichment left out, with why.
  public let skipped: [any Error]
  /// The credit the source asks for: the pull's, or a catalog's snapshot header's.
  public let attribution: Attribution?
  /// How the pull was split into windows, when the listing was longer than
  /// the source serves of one query.
  public var windows: PullWindows? = nil
}
