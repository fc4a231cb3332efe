/// Something that answers a film search one page at a time, like a paged web API.
///
/// Pages are numbered from 1. An empty page means there are no more results.
public protocol FilmSource: Sendable {
  /// Returns page `page` of the films matching `query`.
  func search(_ query: String, page: Int) async throws -> [Film]

  /// Returns page `page` with the number of pages, when the source knows it.
  /// The default calls ``search(_:page:)`` and knows no page count.
  func searchPage(_ query: String, page: Int) async throws -> SourcePage
}

extension FilmSource {
  public func searchPage(_ query: String, page: Int) async throws -> SourcePage {
    SourcePage(films: try await search(query, page: page))
  }
}
