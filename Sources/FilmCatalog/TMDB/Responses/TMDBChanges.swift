/// A page of `GET /movie/changes`: the ids of films edited in the query's
/// days, 100 a page, `{"results": [{"id", "adult"}], "page", "total_pages",
/// "total_results"}`.
struct TMDBChanges: Decodable, Sendable, Equatable {
  let page: Int
  let results: [Change]
  let totalPages: Int
  let totalResults: Int

  /// One changed film. TMDB sends `adult` as `null` for some; FilmSite reads the id alone.
  struct Change: Decodable, Sendable, Equatable {
    let id: Int
  }

  private enum CodingKeys: String, CodingKey {
    case page, results
    case totalPages = "total_pages"
    case totalResults = "total_results"
  }

  init(page: Int, results: [Change], totalPages: Int, totalResults: Int) {
    self.page = page
    self.results = results
    self.totalPages = totalPages
    self.totalResults = totalResults
  }

  /// A page without `total_pages` or `total_results` counts as the last one,
  /// holding every result.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    page = try container.decode(Int.self, forKey: .page)
    results = try container.decode([Change].self, forKey: .results)
    totalPages = try container.decodeIfPresent(Int.self, forKey: .totalPages) ?? page
    totalResults = try container.decodeIfPresent(Int.self, forKey: .totalResults) ?? results.count
  }
}
