import FilmCatalog
import FilmSiteSupport

/// The last build's taxonomies (``SiteState``), for a planned rebuild whose
/// changes bring no new name and take none away: the terms, their slugs and
/// their order are kept, and the films are grouped under them by number, not
/// by their names.
///
/// A term's slug and its place among the others depend only on the set of
/// names and how each is spelt, and a term is spelt as its first film in site
/// order spells it (``NameGroups``). A film whose bytes did not change names
/// the terms it named. Each other film's names are looked up among the kept
/// terms; a name that none is, or a term left with no film, makes the
/// taxonomies again. So does a term that a changed, added or removed film
/// named, when its first film now spells it otherwise. `BrowseIndex` made from
/// the names is the reference, which `KeptTermsTests` holds this to.
struct KeptTerms: Sendable {
  /// For each of ``SiteState/keptKinds``, its terms in the taxonomy's order.
  private let terms: [[SiteState.TermName]]
  /// For each film of the source, by its offset there, its ranks
  /// (``SiteState/ranks(at:)``), or `nil` for a film with no record.
  private let ranks: [[[Int32]]?]
  /// For each kind, the ranks named by the records that no film of this
  /// build is: changed or removed films, whose terms may have lost their first film.
  private let lost: [Set<Int32>]

  /// The terms that `state` kept, and the ranks of the films that `records`
  /// finds in it (``SiteState/recordOffsets(sources:count:)``, by the films'
  /// bytes); `nil` when a term's line, or a record no film matched, is damaged.
  init?(state: SiteState, records: [Int?]) {
    // One kind after another: each reads its own terms on every core, which a
    // spread over the kinds would leave to one (the cast is most of them).
    var terms: [[SiteState.TermName]] = []
    for kind in SiteState.keptKinds {
      guard let kindTerms = state.terms(of: kind) else { return nil }
      terms.append(kindTerms)
    }
    var matched = [Bool](repeating: false, count: state.count)
    for record in records {
      if let record { matched[record] = true }
    }
    var lost = [Set<Int32>](repeating: [], count: SiteState.keptKinds.count)
    for offset in matched.indices where !matched[offset] {
      guard let ranks = state.ranks(at: offset) else { return nil }
      for (kind, kindRanks) in ranks.enumerated() { lost[kind].formUnion(kindRanks) }
    }
    // A closure, not `state.ranks(at:)` itself, which would copy the state for every film.
    let ranks = records.parallelMap { record in record.flatMap { state.ranks(at: $0) } }
    self.init(terms: terms, ranks: ranks, lost: lost)
  }

  /// The parts themselves: `terms` and `lost` by kind, `ranks` by source offset.
  init(terms: [[SiteState.TermName]], ranks: [[[Int32]]?], lost: [Set<Int32>]) {
    self.terms = terms
    self.ranks = ranks
    self.lost = lost
  }

  /// The taxonomies of `films` (in site order, with their offsets in the
  /// source), the names' kinds from the kept terms; `nil` when they must be
  /// made from the names (``KeptTerms``).
  func browse(
    films: [(film: Film, route: Route)], sourceOffsets: [Int], castPagesPerFilm: Int
  ) -> BrowseIndex? {
    guard sourceOffsets.count == ranks.count, terms.count == SiteState.keptKinds.count else {
      return nil
    }
    // The kinds side by side: nothing within a kind is spread.
    var taxonomies: [Taxonomy] = []
    for taxonomy in Array(SiteState.keptKinds.enumerated()).parallelMap({ kindIndex, kind in
      self.taxonomy(
        kind, at: kindIndex, films: films, sourceOffsets: sourceOffsets,
        castPagesPerFilm: castPagesPerFilm)
    }) {
      guard let taxonomy else { return nil }
      taxonomies.append(taxonomy)
    }
    // A site with a state has no notes, so no tags.
    let tags = Taxonomy(
      kind: .tags, names: [], slugs: [], places: [:], ranks: films.map { _ in [] })
    return BrowseIndex(
      genres: taxonomies[0], directors: taxonomies[1], years: taxonomies[2], cast: taxonomies[3],
      tags: tags)
  }

  private func taxonomy(
    _ kind: TaxonomyKind, at kindIndex: Int, films: [(film: Film, route: Route)],
    sourceOffsets: [Int], castPagesPerFilm: Int
  ) -> Taxonomy? {
    let kindTerms = terms[kindIndex]
    // Each term by its name, for the films with no record and for the taxonomy's lookups.
    let places = Dictionary(
      kindTerms.indices.map { (kindTerms[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
    guard places.count == kindTerms.count else { return nil }
    var touched = lost[kindIndex]
    var filmRanks: [[Int32]] = []
    filmRanks.reserveCapacity(films.count)
    for (position, offset) in sourceOffsets.enumerated() {
      if let kept = ranks[offset] {
        // A film names a term once, and has at most one director and one year.
        let film = kept[kindIndex]
        guard kind == .genres || kind == .cast ? Self.hasNoRepeats(film) : film.count <= 1
        else { return nil }
        filmRanks.append(film)
        continue
      }
      // A film with no record: each of its names must be a kept term.
      var found: [Int32] = []
      for name in Taxonomy.names(
        of: films[position].film, kind: kind, castPagesPerFilm: castPagesPerFilm)
      {
        guard let rank = places[name] else { return nil }
        found.append(Int32(rank))
      }
      touched.formUnion(found)
      filmRanks.append(found)
    }
    guard filmRanks.allSatisfy({ $0.allSatisfy { $0 >= 0 && Int($0) < kindTerms.count } }) else {
      return nil
    }
    let taxonomy = Taxonomy(
      kind: kind, names: kindTerms.map(\.name), slugs: kindTerms.map(\.slug), places: places,
      ranks: filmRanks)
    guard taxonomy.terms.allSatisfy({ !$0.films.isEmpty }) else { return nil }
    // A term whose films changed is spelt as its first film spells it now.
    for rank in touched {
      guard rank >= 0, Int(rank) < taxonomy.terms.count else { return nil }
      let term = taxonomy.terms[Int(rank)]
      let first = term.films[0]
      let names = Taxonomy.names(
        of: films[first].film, kind: kind, castPagesPerFilm: castPagesPerFilm)
      guard let place = filmRanks[first].firstIndex(of: rank), place < names.count,
        Array(names[place].utf8) == Array(term.name.utf8)
      else { return nil }
    }
    return taxonomy
  }

  /// Whether no rank comes twice among a film's few.
  private static func hasNoRepeats(_ ranks: [Int32]) -> Bool {
    for (index, rank) in ranks.enumerated() where ranks[(index + 1)...].contains(rank) {
      return false
    }
    return true
  }
}
