import FilmCatalog

/// Where a build's films come from.
public enum FilmInput: Sendable {
  /// Every page of `source` matching the query, up to `maxPages` pages.
  case source(any FilmSource, maxPages: Int)
  /// The catalog file at `path`. A build names it by its bytes and decodes
  /// it only when the site must be rendered. `maxPages` caps its pages as for
  /// a source; `nil` reads it whole.
  case catalog(path: String, maxPages: Int?)

  /// The most pages pulled, as given; `nil` for a whole catalog file.
  var maxPages: Int? {
    switch self {
    case .source(_, let maxPages): return maxPages
    case .catalog(_, let maxPages): return maxPages
    }
  }

  /// The source to pull, its page cap, and the credit a catalog's snapshot
  /// header asks for.
  /// - Throws: ``CatalogError`` for a catalog that cannot be read or decoded.
  func opened() throws -> Opened {
    switch self {
    case .source(let source, let maxPages):
      return Opened(source: source, maxPages: maxPages, attribution: nil)
    case .catalog(let path, let maxPages):
      return try Self.opened(CatalogFile.read(path: path), maxPages: maxPages)
    }
  }

  /// ``opened()`` for a catalog file already read.
  static func opened(_ catalog: CatalogFile, maxPages: Int?) throws -> Opened {
    let contents = try catalog.decode()
    let source = CatalogSource(films: contents.films)
    return Opened(
      source: source, maxPages: maxPages ?? source.pagesToReadAll,
      attribution: contents.attribution)
  }

  /// A source ready to pull.
  struct Opened: Sendable {
    /// Where the pages come from.
    let source: any FilmSource
    /// The most pages to pull.
    let maxPages: Int
    /// The credit a catalog's snapshot header asks for.
    let attribution: Attribution?
  }
}
