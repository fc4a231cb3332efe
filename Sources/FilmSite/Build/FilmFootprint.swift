import FilmCatalog

/// One hash of what a film gives the site beyond its own page: its place in
/// the order and its route, the names it is listed under, its row in the
/// lists, its entry in the search index and, with a base URL, in the feed.
///
/// When a film changes and its footprint does not, the only page of the
/// site that changes is the film's own: ``FilmPageRebuild`` renders just
/// that one. A value that some other page shows and that the footprint
/// does not cover would leave that page stale, which the randomized
/// `IncrementalBuildEqualityTests` exists to catch.
enum FilmFootprint {
  /// The footprint of `film`, checked (``ShownFields``), at `route`, with its
  /// `note`, in a site whose rows are made with `row`; `inFeed` when the
  /// site's feed lists it.
  static func of(
    _ film: Film, at route: Route, note: FilmNote? = nil, inFeed: Bool, row: Template,
    contexts: PageContexts
  ) -> ContentHash {
    let configuration = contexts.configuration
    var hasher = ContentHasher()
    // The order and the route: the title, year and id.
    hasher.combine(film.id)
    hasher.combine(film.title)
    hasher.combine(film.year)
    hasher.combine(route.description)
    // The names it is listed under; the search index takes the director as it is.
    hasher.combine(film.director)
    for kind in TaxonomyKind.allCases {
      let names = Taxonomy.names(
        of: film, kind: kind, castPagesPerFilm: configuration.castPagesPerFilm)
      hasher.combine(kind.folder)
      hasher.combine(names.count)
      for name in names { hasher.combine(name) }
    }
    hasher.combine(note == nil ? 0 : 1)
    if let note { hasher.combine(note.keyHash) }
    // Its row, as every list shows it.
    hasher.combine(contexts.row(for: film, note: note, at: route, in: row).hash)
    // The feed lists the newest films with their titles and overviews: the
    // date decides whether a film is among them (its route breaks ties), and
    // only for a film that is do the title and overview show there.
    if configuration.baseURL != nil {
      let entry = FeedEntry(film: film, route: route)
      hasher.combine(entry?.updated.secondsSinceEpoch)
      hasher.combine(inFeed ? 1 : 0)
      if inFeed {
        hasher.combine(entry?.title)
        hasher.combine(entry?.summary)
      }
    }
    return hasher.finalize()
  }
}
