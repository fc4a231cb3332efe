import FilmCatalog
import FilmSiteSupport

/// The genres, directors, years and actors of a site's films, and the tags of their notes.
struct BrowseIndex: Sendable {
  /// Every genre of the films.
  let genres: Taxonomy
  /// Every director of the films (the `director` field, as one name).
  let directors: Taxonomy
  /// Every year of the films.
  let years: Taxonomy
  /// Every actor among the films' first billed (``SiteConfiguration/castPagesPerFilm``).
  let cast: Taxonomy
  /// Every tag of the films' notes.
  let tags: Taxonomy

  /// Groups `films`, which are in site order; `tags` are the tags of
  /// each film's note, in the same order (empty for a site without notes).
  init(films: [Film], tags noteTags: [[String]] = [], castPagesPerFilm: Int) {
    // One kind after another, each spreading its own work on every core: the
    // cast is most of the work, and a spread nested in a spread over the kinds
    // runs on fewer threads (on one, on a machine with two cores).
    let taxonomies = TaxonomyKind.allCases.map { kind in
      guard kind == .tags else {
        return Taxonomy(kind: kind, films: films, castPagesPerFilm: castPagesPerFilm)
      }
      return Taxonomy(kind: kind, count: noteTags.count) { noteTags[$0] }
    }
    genres = taxonomies[0]
    directors = taxonomies[1]
    years = taxonomies[2]
    cast = taxonomies[3]
    self.tags = taxonomies[4]
  }

  /// The taxonomies, made already (``KeptTerms``).
  init(genres: Taxonomy, directors: Taxonomy, years: Taxonomy, cast: Taxonomy, tags: Taxonomy) {
    self.genres = genres
    self.directors = directors
    self.years = years
    self.cast = cast
    self.tags = tags
  }

  /// The taxonomies, in the order of ``TaxonomyKind/allCases``; the tags
  /// only when some note has one, so a site without notes has no `tags/`.
  var all: [Taxonomy] { [genres, directors, years, cast] + (tags.terms.isEmpty ? [] : [tags]) }

  /// The taxonomy of `kind`.
  subscript(kind: TaxonomyKind) -> Taxonomy {
    withTaxonomy(kind) { $0 }
  }

  /// `body` applied to the taxonomy of `kind`, which is lent to it in place, not copied.
  func withTaxonomy<Result>(_ kind: TaxonomyKind, _ body: (Taxonomy) -> Result) -> Result {
    switch kind {
    case .genres: body(genres)
    case .directors: body(directors)
    case .years: body(years)
    case .cast: body(cast)
    case .tags: body(tags)
    }
  }

  /// The terms the film at `position` is listed under for `kind`, in the
  /// film's order: for ``TaxonomyKind/tags``, its note's.
  func terms(ofFilmAt position: Int, kind: TaxonomyKind) -> [Term] {
    mapTerms(ofFilmAt: position, kind: kind) { $0 }
  }

  /// `transform` applied to each of ``terms(ofFilmAt:kind:)``
  /// (``Taxonomy/mapTerms(ofFilmAt:_:)``), read from the taxonomy in place.
  func mapTerms<T>(ofFilmAt position: Int, kind: TaxonomyKind, _ transform: (Term) -> T) -> [T] {
    withTaxonomy(kind) { $0.mapTerms(ofFilmAt: position, transform) }
  }
}
