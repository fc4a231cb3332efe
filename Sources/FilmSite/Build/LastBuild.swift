import FilmCatalog
import FilmSiteSupport

/// The state the last build left, when its films' hashes and footprints
/// were made as this build's are (the same films key), with its record of
/// each of the build's `count` films (``SiteState/recordOffsets(sources:count:)``).
struct LastBuild {
  let state: SiteState
  /// By the films' offsets in the source; `nil` when they cannot be matched.
  let records: [Int?]?
  /// Whether the records were found by the films' bytes (`sources`), which
  /// alone says that a film is the one recorded.
  let bySources: Bool

  /// The last build of `state` for `count` films whose bytes have the hashes
  /// `sources`; `nil` without a state, or with one of another films key.
  init?(
    _ state: SiteState?, sources: [ContentHash]?, count: Int, theme: Theme,
    configuration: SiteConfiguration
  ) {
    // A base URL the plan would refuse fails there; there is no last build to use.
    guard let state,
      let normalized = try? SitePlan.normalized(configuration),
      let filmsKey = try? BuildFingerprint.filmsKey(theme: theme, configuration: normalized),
      state.filmsKey == filmsKey
    else { return nil }
    self.state = state
    records = state.recordOffsets(sources: sources, count: count)
    bySources = sources != nil
  }

  /// The last order and routes of the films whose bytes did not change (``KeptOrder``).
  var keptOrder: KeptOrder? {
    guard bySources, let records else { return nil }
    return KeptOrder(state: state, records: records)
  }

  /// The last taxonomies, with the terms of the films whose bytes did not change (``KeptTerms``).
  var keptTerms: KeptTerms? {
    guard bySources, let records else { return nil }
    return KeptTerms(state: state, records: records)
  }

  /// By the films' offsets in the source, whether the film is the one the
  /// last build recorded (found by its bytes, checked by the same program)
  /// and nothing was left out of it then: checked again, it would be left
  /// as it is (``ShownFields/checked(_:whole:)``).
  var wholeFilms: [Bool]? {
    guard bySources, let records else { return nil }
    let state = self.state
    return records.map { record in record.map { !state.hasLeftOut(at: $0) } ?? false }
  }

  /// The pages of each film's shown actors as the last build recorded them,
  /// by the film's position in `plan` (``FilmLinks``),
  /// when the plan's taxonomies are the last build's, with or without names
  /// put among them or taken out: a film whose bytes did not change shows the
  /// same actors, who have the same pages among the same terms, at their
  /// places now. An actor who had no page is looked up among the new names
  /// when actors were added: an added or changed film may give them one, and
  /// no kept term can (``SiteState/actorPages(at:cast:moved:)``). `nil` for a
  /// film with no record, or one that shows an actor whose term went.
  func keptActors(for plan: SitePlan) -> (@Sendable (Int) -> [FilmPageLinks.ActorPage]?)? {
    guard bySources, let records, let keptCast = plan.keptCast,
      plan.sourceOffsets.count == records.count
    else { return nil }
    let (state, offsets, terms) = (state, plan.sourceOffsets, plan.browse.cast.terms)
    let moved = Self.castMoves(keptCast, cast: terms)
    return { position in
      records[offsets[position]].flatMap { state.actorPages(at: $0, cast: terms, moved: moved) }
    }
  }

  /// By position in `plan`, the digest of the film's links
  /// (``FilmPageLinks/digest``) when the last build recorded the links the
  /// plan gives it (``SiteState/keptLinksDigest(at:castCount:castPlaces:added:)``):
  /// a film whose bytes did not change, in a plan that kept the last build's
  /// taxonomies, with or without names put among them or taken out, whose
  /// shown actors have the pages they had. Its page's key is had without its
  /// links (``FilmLinks``), and its line of the next state is written from
  /// its last one (``SiteState/appendKeptLinks(fromLineAt:position:route:forEachRank:indexPage:indexPath:castPlaces:to:)``).
  /// `nil` for each film when the plan's taxonomies are not the last build's.
  func keptLinks(for plan: SitePlan) -> [ContentHash?]? {
    guard bySources, let records, let keptCast = plan.keptCast,
      plan.sourceOffsets.count == records.count
    else { return nil }
    let (state, offsets) = (state, plan.sourceOffsets)
    let castCount = plan.browse.cast.terms.count
    let moved = Self.castMoves(keptCast, cast: plan.browse.cast.terms)
    let (places, added) = (moved?.places, moved?.added ?? [:])
    return offsets.parallelMap { offset in
      records[offset].flatMap {
        state.keptLinksDigest(at: $0, castCount: castCount, castPlaces: places, added: added)
      }
    }
  }

  /// Where the recorded cast's terms are among the plan's `cast`, when names
  /// were put among them or taken out: each recorded rank's place now (-1
  /// for a term that went), and the names no recorded rank was moved to, by
  /// their ranks. `nil` when the terms are at their recorded ranks.
  private static func castMoves(_ kept: SitePlan.CastPlaces, cast terms: [Term])
    -> (places: [Int32], added: [String: Int32])?
  {
    guard case .moved(let places) = kept else { return nil }
    var isKept = [Bool](repeating: false, count: terms.count)
    for place in places where place >= 0 && Int(place) < terms.count { isKept[Int(place)] = true }
    var added: [String: Int32] = [:]
    // Of two terms with one name (there are none: terms are grouped by name), the first.
    for rank in terms.indices where !isKept[rank] {
      added[terms[rank].name] = added[terms[rank].name] ?? Int32(rank)
    }
    return (places, added)
  }

  /// By position in `plan`, whether the film is where the last build had it,
  /// with the same inputs: found by its bytes (`sources`) with the hash
  /// `keys` give it, at the same place, route and index page, in a plan that
  /// kept the last build's taxonomies, so that it names the same terms and
  /// its shown actors have the same pages. Such a film's line of the state is
  /// the last one but for its marks, and its page was made from the inputs it
  /// has now. `nil` when the plan's taxonomies are not the last build's.
  func keptFilms(of plan: SitePlan, keys: PageKeys, sources: [ContentHash]?) -> [Bool]? {
    guard bySources, let records, let sources, plan.termsAreKept,
      plan.sourceOffsets.count == records.count, sources.count == records.count
    else { return nil }
    let state = self.state
    // Each index page's path once, not once for each of its films.
    let indexPaths = plan.pagination.pagePaths
    return Array(plan.films.indices).parallelMap { position in
      let offset = plan.sourceOffsets[position]
      guard let record = records[offset], state.sourceHash(at: record) == sources[offset],
        state.filmHash(at: record) == keys.films[position]
      else { return false }
      let indexPage = plan.pagination.page(forItem: position)
      return state.hasPlace(
        at: record, position: position, route: plan.films[position].route, indexPage: indexPage,
        indexPath: indexPaths[indexPage - 1])
    }
  }

  /// The last search index (``KeptSearch``) for `plan`, when its chunks
  /// keys start from `site` as this build's do: a film whose bytes did
  /// not change is at its last position in the state, and at its
  /// position in the plan now.
  func keptSearch(for plan: SitePlan, site: ContentHash) -> KeptSearch? {
    guard bySources, let records, state.searchSite == site,
      plan.sourceOffsets.count == records.count, let chunks = state.searchChunks()
    else { return nil }
    let lastPositions = plan.sourceOffsets.parallelMap { offset in
      records[offset].flatMap { state.position(at: $0) }
    }
    var newPositions = [Int32?](repeating: nil, count: state.count)
    for (position, last) in lastPositions.enumerated() {
      guard let last else { continue }
      guard last < state.count, newPositions[last] == nil else { return nil }
      newPositions[last] = Int32(position)
    }
    return KeptSearch(chunks: chunks, newPositions: newPositions, count: plan.films.count)
  }
}
