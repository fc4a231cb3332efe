/// A page of a TMDB listing as films, with the totals TMDB gives beside it.
struct TMDBListingPage: Sendable {
  /// TMDB's page size for search and discover.
  static let pageSize = 20

  let films: [Film]
  let totalPages: Int?
  let totalResults: Int?

  /// The pages the whole listing takes: `total_pages`, or as many as
  /// `total_results` fill, whichever is more.
  var pagesNeeded: Int {
    let filled = ((totalResults ?? 0) + Self.pageSize - 1) / Self.pageSize
    return max(totalPages ?? 0, filled)
  }

  var sourcePage: SourcePage { SourcePage(films: films, totalPages: totalPages) }
}
