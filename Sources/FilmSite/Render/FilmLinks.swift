/// Each film's links (``FilmPageLinks``) by its position in the site's
/// order: made ahead, on every core, for the films whose pages may be made,
/// and on demand for the others, whose pages the current site already has
/// from the same inputs (``SiteRenderer``'s kept film pages) and which need
/// them only if their file was edited by hand.
struct FilmLinks: Sendable {
  /// The links made ahead; `nil` for a film whose links are made on demand.
  private let made: [FilmPageLinks?]
  private let make: @Sendable (Int) -> FilmPageLinks

  /// Links made ahead for every film.
  init(_ links: [FilmPageLinks]) {
    made = links
    make = { links[$0] }
  }

  /// The links of `plan`'s films, as ``SitePlan/filmLinks(keptActors:)``
  /// makes them, made ahead for each film but those `later` holds true for.
  init(
    of plan: SitePlan, keptActors: (@Sendable (Int) -> [FilmPageLinks.ActorPage]?)?,
    later: [Bool]
  ) {
    precondition(later.count == plan.films.count)
    made = Array(plan.films.indices).parallelMap { position in
      later[position]
        ? nil : FilmPageLinks(forFilmAt: position, of: plan, actors: keptActors?(position))
    }
    make = { position in
      FilmPageLinks(forFilmAt: position, of: plan, actors: keptActors?(position))
    }
  }

  /// The links of the film at `position`.
  subscript(position: Int) -> FilmPageLinks {
    made[position] ?? make(position)
  }
}
