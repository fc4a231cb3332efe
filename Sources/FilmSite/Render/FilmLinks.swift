/// Each film's links (``FilmPageLinks``) by its position in the site's
/// order: made ahead, on every core, for the films whose pages may be made,
/// and on demand for the others, whose pages the current site already has
/// from the same inputs (``SiteRenderer``'s kept film pages) and which need
/// them only if their file was edited by hand.
struct FilmLinks: Sendable {
  /// The links made ahead; `nil` for a film whose links are made on demand.
  private let made: [FilmPageLinks?]
  private let make: @Sendable (Int) -> FilmPageLinks

  /// The links of `plan`'s films, made ahead for each film but those `later`
  /// holds true for (every film without it).
  /// - Parameter keptActors: The pages of the shown actors of the film at a
  ///   position, as the last build found them, when it has a record of the
  ///   film and the taxonomies are its own, with or without names put among
  ///   them or taken out (``SitePlan/keptCast``): the same names among the
  ///   same terms. The others' are looked up.
  init(
    of plan: SitePlan, keptActors: (@Sendable (Int) -> [FilmPageLinks.ActorPage]?)? = nil,
    later: [Bool]? = nil
  ) {
    precondition(later.map { $0.count == plan.films.count } ?? true)
    let make = { @Sendable (position: Int) in
      FilmPageLinks(forFilmAt: position, of: plan, actors: keptActors?(position))
    }
    self.make = make
    made = Array(plan.films.indices).parallelMap { position in
      later?[position] == true ? nil : make(position)
    }
  }

  /// The links of the film at `position`.
  subscript(position: Int) -> FilmPageLinks {
    made[position] ?? make(position)
  }
}
