import FilmCatalog
import FilmSiteSupport

/// The state a planned build leaves beside the output folder for the next one.
extension SiteBuilder {
  /// The state a planned build leaves (``SiteState``), for a site that a
  /// ``FilmPageRebuild`` can rebuild; `nil` for one it cannot (with notes,
  /// pages of the owner's or a `nav`). A film the `last` state (with this
  /// build's films key) has a record of, found by `records`
  /// (``SiteState/recordOffsets(sources:count:)``), keeps its footprint when
  /// it has the same hash and feed mark, wherever films were added or removed
  /// before it; the others' rows are rendered to make theirs. A film that is
  /// `kept` (``LastBuild/keptFilms(of:keys:sources:)``, by position) and has
  /// the same marks keeps its whole line, copied; one whose links the last
  /// build recorded as they are (``LastBuild/keptLinks(for:)``) has its
  /// links' part of the line written from its last one.
  /// The search index's chunks are kept with it when the render made them (`searchChunks`).
  func nextState(
    of plan: SitePlan, links: FilmLinks, keys: PageKeys, theme: Theme, settings: ContentHash,
    filmTemplate: KeptFilmTemplate?, filmsKey: ContentHash,
    last: (state: SiteState, records: [Int?]?)?, kept: [Bool]?,
    sources: [ContentHash]?, searchChunks: [SearchChunk]?, fingerprint: ContentHash, files: Int
  ) -> [UInt8]? {
    guard plan.content.notes.allSatisfy({ $0 == nil }), plan.content.pages.isEmpty,
      plan.configuration.navigation.isEmpty
    else { return nil }
    let contexts = PageContexts(configuration: plan.configuration, markdown: MarkdownRenderer())
    let films = plan.films
    let sourceOffsets = plan.sourceOffsets
    let inFeed =
      plan.configuration.baseURL == nil
      ? []
      : Set(AtomFeed.newestFilms(films, limit: SiteRenderer.feedFilmLimit).map(\.route))
    // The plan's warnings name their films by id, which the pull keeps unique.
    let warned = Set(plan.warnings.map(\.filmID))
    // The records are made in the source's order, each from its film's place in the site's.
    var positions = [Int](repeating: 0, count: films.count)
    for (position, offset) in sourceOffsets.enumerated() { positions[offset] = position }
    let positionsByOffset = positions
    let terms = SiteState.keptKinds.map { kind in
      plan.browse[kind].terms.map { SiteState.TermName(name: $0.name, slug: $0.slug) }
    }
    let cast = terms[SiteState.castKind]
    // Where the recorded cast's terms are now, for the lines written from the last ones.
    let castPlaces: [Int32]? =
      if case .moved(let places) = plan.keptCast { places } else { nil }
    let indexPaths = plan.pagination.pagePaths
    // Each film's line is written where its record is made: the film and its
    // record are read where they are, not copied.
    return SiteState.bytes(
      fingerprint: fingerprint, settings: settings, filmsKey: filmsKey, pageSite: keys.sites.film,
      filmTemplate: filmTemplate, files: files, filmCount: films.count, terms: terms,
      search: searchChunks.map { (keys.sites.search, $0) }
    ) { offset, bytes in
      let position = positionsByOffset[offset]
      let hash = keys.films[position]
      let route = films[position].route
      // Both sets are empty for most sites: no film is hashed to look it up then.
      let listed = !inFeed.isEmpty && inFeed.contains(route)
      let isWarned = !warned.isEmpty && warned.contains(films[position].film.id)
      let isLeftOut = plan.leftOut[offset]
      // A kept film (``LastBuild/keptFilms(of:keys:sources:)``) with the same marks has the same line.
      if let kept, kept[position], let (last, records) = last, let record = records?[offset],
        last.isInFeed(at: record) == listed, last.hasWarned(at: record) == isWarned,
        last.hasLeftOut(at: record) == isLeftOut
      {
        last.appendFilmLine(at: record, to: &bytes)
        return
      }
      let keptFootprint = last.flatMap { last, records in
        records?[offset].flatMap { record in
          last.filmHash(at: record) == hash && last.isInFeed(at: record) == listed
            ? last.footprint(at: record) : nil
        }
      }
      let footprint =
        keptFootprint
        ?? FilmFootprint.of(
          films[position].film, at: route, inFeed: listed, row: theme.row, contexts: contexts)
      // A film whose links the last build recorded as they are: its line's
      // links are written from its last line, without making them.
      let keptDigest = links.keptDigest(at: position)
      if keptDigest != nil, let (last, records) = last,
        let record = records?[offset]
      {
        let start = bytes.count
        SiteState.appendStart(
          film: hash, footprint: footprint, source: sources?[offset],
          mark: SiteState.mark(inFeed: listed, warned: isWarned, leftOut: isLeftOut), to: &bytes)
        let indexPage = plan.pagination.page(forItem: position)
        if last.appendKeptLinks(
          fromLineAt: record, position: position, route: route,
          forEachRank: { kind, body in
            plan.browse.withTaxonomy(SiteState.keptKinds[kind]) {
              $0.forEachRank(ofFilmAt: position, body)
            }
          },
          indexPage: indexPage, indexPath: indexPaths[indexPage - 1], castPlaces: castPlaces,
          to: &bytes)
        {
          return
        }
        bytes.removeSubrange(start...)
      }
      SiteState.appendLine(
        of: SiteState.Record(
          film: hash, footprint: footprint, source: sources?[offset], inFeed: listed,
          warned: isWarned, leftOut: isLeftOut, links: links[position], position: position,
          route: route,
          ranks: SiteState.keptKinds.map { kind in
            plan.browse.withTaxonomy(kind) { Array($0.ranks(ofFilmAt: position)) }
          }),
        // The digest of the links made: a kept one is for a line written from the last.
        cast: cast,
        linksDigest: keptDigest == nil ? links.digest(at: position) : nil,
        to: &bytes)
    }
  }
}
