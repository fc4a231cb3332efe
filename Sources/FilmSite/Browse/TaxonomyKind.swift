/// A way of browsing films besides the main index: by genre, by director,
/// by year, by actor, or by the tags of the owner's notes.
enum TaxonomyKind: String, Sendable, CaseIterable {
  case genres
  case directors
  case years
  /// The first billed performers of each film (``SiteConfiguration/castPagesPerFilm``).
  case cast
  /// The names the owner's notes give (``FilmNote/tags``).
  case tags

  /// The site folder that holds the kind's pages: `genres`, `directors`, `years` or `cast`.
  var folder: String { rawValue }

  /// The list page of every name of the kind: `genres/`.
  var route: Route { Route([folder]) }

  /// `Genres`, for headings and navigation.
  var title: String {
    switch self {
    case .genres: return "Genres"
    case .directors: return "Directors"
    case .years: return "Years"
    case .cast: return "Cast"
    case .tags: return "Tags"
    }
  }

  /// `Genre`, for a page about one name.
  var singular: String {
    switch self {
    case .genres: return "Genre"
    case .directors: return "Director"
    case .years: return "Year"
    case .cast: return "Actor"
    case .tags: return "Tag"
    }
  }
}
