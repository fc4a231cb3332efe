import FilmCatalog

/// A film as pages list it: its page's route, and the values of its row that
/// do not depend on the page showing it, computed once although the film
/// appears on the index, genre, director and year pages.
struct ListedFilm: Sendable {
  let film: Film
  let route: Route
  /// ``PageRenderer/preparedFilmValues(_:for:)`` for the row template.
  let values: TemplateContext
}
