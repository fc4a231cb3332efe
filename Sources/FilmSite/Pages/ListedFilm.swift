import FilmCatalog

/// A film as pages list it: its page's route, and its row, made once
/// although the film appears on the index and on its genre, director and
/// year pages.
struct ListedFilm: Sendable {
  let film: Film
  let route: Route
  let row: Row

  /// A film's row in a list.
  enum Row: Sendable {
    /// The row's Markdown (UTF-8) for every page below the root, with
    /// ``RowPrefix``'s tokens where the links from the page to the site's root begin.
    case rendered([UInt8])
    /// The row's values (``PageRenderer/filmValues(_:for:)``), to render on
    /// each page: for a film whose text holds the token's character.
    case values(TemplateContext)
  }
}
