/// One page of search results, with the number of pages when the source says it.
public struct SourcePage: Sendable, Equatable {
  let films: [Film]
  /// The source's `total_pages`, if it gives one.
  let totalPages: Int?

  public init(films: [Film], totalPages: Int? = nil) {
    self.films = films
    self.totalPages = totalPages
  }
}
