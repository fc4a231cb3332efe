import FilmCatalog

/// A film as pages list it: its page's route, and the template values that do
/// not depend on the page showing it, computed once although the film appears
/// on its own page and on the index, genre, director and year pages.
struct ListedFilm: Sendable {
  let film: Film
  let route: Route
  /// ``PageRenderer/filmValues(_:)``.
  let values: TemplateContext
}
