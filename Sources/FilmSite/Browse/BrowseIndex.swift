import FilmCatalog
import FilmSiteSupport

/// The genres, directors and years of a site's films.
struct BrowseIndex: Sendable {
  /// Every genre of the films.
  let genres: Taxonomy
  /// Every director of the films (the `director` field, as one name).
  let directors: Taxonomy
  /// Every year of the films.
  let years: Taxonomy

  /// Groups `films`, which are in site order.
  init(films: [Film]) {
    // The three are independent, so they are grouped on every core.
    let taxonomies = [TaxonomyKind.genres, .directors, .years].parallelMap {
      Taxonomy(kind: $0, films: films)
    }
    genres = taxonomies[0]
    directors = taxonomies[1]
    years = taxonomies[2]
  }

  /// The three taxonomies, in navigation order.
  var all: [Taxonomy] { [genres, directors, years] }
}
