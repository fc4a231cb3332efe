import FilmCatalog

/// Where a build's films come from.
public enum FilmInput: Sendable {
  /// Every page of `source` matching the query, up to `maxPages` pages.
  case source(any FilmSource, maxPages: Int)
  /// A catalog file, read but not decoded. The build names it by its bytes
  /// and decodes it only when the site must be rendered. `maxPages` caps its
  /// pages as for a source; `nil` reads it whole.
  case catalog(CatalogData, maxPages: Int?)

  /// The source to pull, its page cap, and the credit a catalog's snapshot
  /// header asks for.
  /// - Throws: ``CatalogError`` for a catalog that cannot be decoded.
  public func opened() throws -> (
    source: any FilmSource, maxPages: Int, attribution: Attribution?
  ) {
    switch self {
    case .source(let source, let maxPages):
      return (source, maxPages, nil)
    case .catalog(let data, let maxPages):
      let contents = try data.decode()
      let source = CatalogSource(films: contents.films)
      return (source, maxPages ?? source.pagesToReadAll, contents.attribution)
    }
  }
}
