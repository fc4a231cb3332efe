import FilmCatalog

/// A film as pages list it: its page's route, and its row, rendered once
/// (with holes for each page's links) although the film appears on the index
/// and on its genre, director and year pages.
struct ListedFilm: Sendable {
  let film: Film
  let route: Route
  let row: PrerenderedTemplate
}
