import FilmCatalog

/// The genres, directors and years of a site's films.
public struct BrowseIndex: Sendable {
  /// Every genre of the films.
  public let genres: Taxonomy
  /// Every director of the films (the `director` field, as one name).
  public let directors: Taxonomy
  /// Every year of the films.
  public let years: Taxonomy

  /// Groups `films`, which are in site order.
  public init(films: [Film]) {
    genres = Taxonomy(kind: .genres, films: films)
    directors = Taxonomy(kind: .directors, films: films)
    years = Taxonomy(kind: .years, films: films)
  }

  /// The three taxonomies, in navigation order.
  public var all: [Taxonomy] { [genres, directors, years] }
}
