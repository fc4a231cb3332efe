/// Each film's links (``FilmPageLinks``) and their ``FilmPageLinks/digest``,
/// by its position in the site's order: made ahead, on every core, for the
/// films whose pages may be made, and on demand for the others. Those are
/// the films whose pages the current site already has from the same inputs
/// (``SiteRenderer``'s kept film pages), and the films whose links the last
/// build recorded as they are now (``LastBuild/keptLinks(for:)``), whose
/// digest is kept: their pages' keys are had without the links, which are
/// made only for a page that must be rendered.
struct FilmLinks: Sendable {
  /// The links made ahead, with their digests; `nil` for a film whose links are made on demand.
  private let made: [(links: FilmPageLinks, digest: ContentHash)?]
  /// The digests of the links the last build recorded, by position, where they are kept.
  private let kept: [ContentHash?]?
  private let make: @Sendable (Int) -> FilmPageLinks

  /// The links of `plan`'s films, made ahead for each film but those `later`
  /// holds true for and those with a kept digest (every film without them).
  /// - Parameters:
  ///   - keptActors: The pages of the shown actors of the film at a
  ///     position, as the last build found them, when it has a record of the
  ///     film and the taxonomies are its own, with or without names put among
  ///     them or taken out (``SitePlan/keptCast``): the same names among the
  ///     same terms. The others' are looked up.
  ///   - keptDigests: By position, the digest of the film's links when the
  ///     last build recorded them as they are now (``LastBuild/keptLinks(for:)``).
  init(
    of plan: SitePlan, keptActors: (@Sendable (Int) -> [FilmPageLinks.ActorPage]?)? = nil,
    keptDigests: [ContentHash?]? = nil, later: [Bool]? = nil
  ) {
    precondition(later.map { $0.count == plan.films.count } ?? true)
    precondition(keptDigests.map { $0.count == plan.films.count } ?? true)
    let make = { @Sendable (position: Int) in
      FilmPageLinks(forFilmAt: position, of: plan, actors: keptActors?(position))
    }
    self.make = make
    kept = keptDigests
    made = Array(plan.films.indices).parallelMap { position in
      guard later?[position] != true, keptDigests?[position] == nil else { return nil }
      let links = make(position)
      return (links, links.digest)
    }
  }

  /// The links of the film at `position`.
  subscript(position: Int) -> FilmPageLinks {
    made[position]?.links ?? make(position)
  }

  /// The digest of the links of the film at `position` (``FilmPageLinks/digest``).
  func digest(at position: Int) -> ContentHash {
    kept?[position] ?? made[position]?.digest ?? make(position).digest
  }

  /// The digest of the links of the film at `position` when the last build
  /// recorded them as they are now; `nil` when they were made.
  func keptDigest(at position: Int) -> ContentHash? {
    kept?[position]
  }
}
