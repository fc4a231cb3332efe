import FilmCatalog
import FilmSiteSupport

/// The last build's taxonomies (``SiteState``), for a planned rebuild: the
/// terms, their slugs and their order are kept, new names are put among
/// them, terms left with no film are taken out, and the films are grouped
/// under them by number, not by their names.
///
/// A term's slug and its place among the others depend only on the set of
/// names and how each is spelt, and a term is spelt as its first film in site
/// order spells it (``NameGroups``). A film whose bytes did not change names
/// the terms it named. Each other film's names are looked up among the kept
/// terms; a name that none is goes in its place in the order, with the slug
/// a taxonomy made from every name gives it, unless it could change a kept
/// term's slug (``merging(_:into:kind:)``). A term that no film names any
/// more goes, unless another term's slug could change with it
/// (``removing(unnamed:from:)``). Such a name, such a term, and a term that
/// a changed, added or removed film named whose first film now spells it
/// otherwise make the taxonomies again. `BrowseIndex` made
/// from the names is the reference, which `KeptTermsTests` holds this to.
struct KeptTerms: Sendable {
  /// For each of ``SiteState/keptKinds``, its terms in the taxonomy's order.
  private let terms: [[SiteState.TermName]]
  /// For each kind, the ranks (``SiteState/ranks(at:)``) of every film of
  /// the source, by its offset there; none for a film with no record.
  private let ranks: [KindRanks]
  /// By the film's offset in the source, whether it has a record.
  private let recorded: [Bool]
  /// For each kind, the ranks named by the records that no film of this
  /// build is: changed or removed films, whose terms may have lost their first film.
  private let lost: [Set<Int32>]

  /// How many films each core takes at once, where the films are read in runs.
  private static let runLength = 4096

  /// The ranks of one kind of every film, in one list rather than a list
  /// for each film (there are 100,000 films of four kinds, at 100,000 films).
  struct KindRanks: Sendable {
    /// Where each film's ranks start in ``values``, and where the last one's end.
    var starts: [Int] = [0]
    var values: [Int32] = []

    /// The ranks of the film at `offset`.
    subscript(offset: Int) -> ArraySlice<Int32> { values[starts[offset]..<starts[offset + 1]] }

    /// Ends the film whose ranks were appended last.
    mutating func endFilm() { starts.append(values.count) }

    /// `other`'s films after these.
    mutating func append(_ other: KindRanks) {
      let base = values.count
      values += other.values
      starts += other.starts.dropFirst().lazy.map { $0 + base }
    }
  }

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
      guard state.forEachRank(at: offset, { kind, rank in lost[kind].insert(rank) }) else {
        return nil
      }
    }
    // The films' ranks read in runs on every core, then joined.
    let runs = Array(stride(from: 0, to: records.count, by: Self.runLength)).parallelMap { first in
      var kinds = SiteState.keptKinds.map { _ in KindRanks() }
      var recorded: [Bool] = []
      for record in records[first..<min(first + Self.runLength, records.count)] {
        // A damaged line is no record: what it gave before the damage is never read.
        let isWhole =
          record.map { state.forEachRank(at: $0) { kinds[$0].values.append($1) } } ?? false
        for kind in kinds.indices { kinds[kind].endFilm() }
        recorded.append(isWhole)
      }
      return (kinds: kinds, recorded: recorded)
    }
    var ranks = SiteState.keptKinds.map { _ in KindRanks() }
    var recorded: [Bool] = []
    recorded.reserveCapacity(records.count)
    for run in runs {
      for kind in ranks.indices { ranks[kind].append(run.kinds[kind]) }
      recorded += run.recorded
    }
    self.init(terms: terms, ranks: ranks, recorded: recorded, lost: lost)
  }

  /// The parts themselves: `terms` and `lost` by kind, `ranks` by source
  /// offset (each film's by kind, or `nil` for a film with no record).
  init(terms: [[SiteState.TermName]], ranks: [[[Int32]]?], lost: [Set<Int32>]) {
    var kinds = terms.map { _ in KindRanks() }
    for film in ranks {
      for kind in kinds.indices {
        if let film, kind < film.count { kinds[kind].values += film[kind] }
        kinds[kind].endFilm()
      }
    }
    self.init(terms: terms, ranks: kinds, recorded: ranks.map { $0 != nil }, lost: lost)
  }

  private init(
    terms: [[SiteState.TermName]], ranks: [KindRanks], recorded: [Bool], lost: [Set<Int32>]
  ) {
    self.terms = terms
    self.ranks = ranks
    self.recorded = recorded
    self.lost = lost
  }

  /// The taxonomies of `films` (in site order, with their offsets in the
  /// source), the names' kinds from the kept terms, and whether a term came
  /// or went (then the terms' places are not the ones the state recorded);
  /// `nil` when they must be made from the names (``KeptTerms``).
  /// `castPlaces` is the place now of each actor's term that the state
  /// recorded, by its recorded rank (-1 for one that went), when actors came
  /// or went; `nil` when the cast kept its places.
  func browse(
    films: [(film: Film, route: Route)], sourceOffsets: [Int], castPagesPerFilm: Int
  ) -> (index: BrowseIndex, placesMoved: Bool, castPlaces: [Int32]?)? {
    guard sourceOffsets.count == recorded.count, terms.count == SiteState.keptKinds.count,
      ranks.count == terms.count
    else { return nil }
    // The cast, most of the terms, on this thread, where its own work is
    // spread over every core; the other kinds beside it in the background.
    // (Inside another `concurrentPerform`, as a `parallelMap` of the kinds
    // would run it, a `concurrentPerform` runs on one core.)
    let kinds = Array(SiteState.keptKinds.enumerated())
    let make = { @Sendable (kindIndex: Int, kind: TaxonomyKind) in
      (
        kindIndex,
        self.taxonomy(
          kind, at: kindIndex, films: films, sourceOffsets: sourceOffsets,
          castPagesPerFilm: castPagesPerFilm)
      )
    }
    let others = BackgroundResult { kinds.filter { $0.element != .cast }.map(make) }
    let cast = kinds.filter { $0.element == .cast }.map(make)
    var taxonomies: [Taxonomy] = []
    var placesMoved = false
    var castPlaces: [Int32]?
    for (_, made) in (others.wait() + cast).sorted(by: { $0.0 < $1.0 }) {
      guard let made else { return nil }
      if made.taxonomy.kind == .cast { castPlaces = made.places }
      taxonomies.append(made.taxonomy)
      placesMoved = placesMoved || made.places != nil
    }
    // A site with a state has no notes, so no tags.
    let tags = Taxonomy(
      kind: .tags, names: [], slugs: [], filmTerms: [],
      filmTermStarts: Array(repeating: 0, count: films.count + 1))
    let index = BrowseIndex(
      genres: taxonomies[0], directors: taxonomies[1], years: taxonomies[2], cast: taxonomies[3],
      tags: tags)
    return (index, placesMoved, castPlaces)
  }

  /// The taxonomy of `kind`, and when new names were put among its kept
  /// terms or terms went, the place now of each recorded term by its
  /// recorded rank (-1 for one that went).
  private func taxonomy(
    _ kind: TaxonomyKind, at kindIndex: Int, films: [(film: Film, route: Route)],
    sourceOffsets: [Int], castPagesPerFilm: Int
  ) -> (taxonomy: Taxonomy, places: [Int32]?)? {
    var kindTerms = terms[kindIndex]
    let kindRanks = ranks[kindIndex]
    // Each term by its name, for the films with no record.
    let keptNames = CanonicalTextTable(kindTerms.map(\.name))
    guard !keptNames.hasRepeats else { return nil }
    var touched = lost[kindIndex]
    let termCount = Int32(kindTerms.count)
    // The films with no record first, in site order (as `NameGroups` meets
    // their names): each of their names is a kept term or a new one. New
    // names are spelt as first met, and ranked after the kept terms until
    // they are put in their places below.
    var added: [String] = []
    var addedRanks: [String: Int32] = [:]
    var unrecorded: [Int: [Int32]] = [:]
    for (position, offset) in sourceOffsets.enumerated() where !recorded[offset] {
      var filmRanks: [Int32] = []
      for name in Taxonomy.names(
        of: films[position].film, kind: kind, castPagesPerFilm: castPagesPerFilm)
      {
        if let rank = keptNames.place(of: name) {
          touched.insert(Int32(rank))
          filmRanks.append(Int32(rank))
        } else if let rank = addedRanks[name] {
          filmRanks.append(rank)
        } else {
          let rank = termCount + Int32(added.count)
          addedRanks[name] = rank
          added.append(name)
          filmRanks.append(rank)
        }
      }
      unrecorded[position] = filmRanks
    }
    // Each film's ranks in site order, one list after another: in runs on
    // every core, then joined.
    let named = unrecorded
    let runs = Array(stride(from: 0, to: sourceOffsets.count, by: Self.runLength)).parallelMap {
      first -> (ranks: [Int32], ends: [Int])? in
      var ranks: [Int32] = []
      var ends: [Int] = []
      for position in first..<min(first + Self.runLength, sourceOffsets.count) {
        let offset = sourceOffsets[position]
        if recorded[offset] {
          // A film names a term once, and has at most one director and one year.
          let film = kindRanks[offset]
          guard kind == .genres || kind == .cast ? Self.hasNoRepeats(film) : film.count <= 1,
            film.allSatisfy({ $0 >= 0 && $0 < termCount })
          else { return nil }
          ranks += film
        } else {
          ranks += named[position] ?? []
        }
        ends.append(ranks.count)
      }
      return (ranks, ends)
    }
    var filmTerms: [Int32] = []
    filmTerms.reserveCapacity(kindRanks.values.count)
    var filmTermStarts: [Int32] = [0]
    filmTermStarts.reserveCapacity(films.count + 1)
    for run in runs {
      guard let run, filmTerms.count + run.ranks.count < Int32.max else { return nil }
      let base = filmTerms.count
      filmTerms += run.ranks
      filmTermStarts += run.ends.lazy.map { Int32(base + $0) }
    }
    var keptPlaces: [Int32]?
    if !added.isEmpty {
      guard touched.allSatisfy({ $0 >= 0 && $0 < termCount }),
        let merged = Self.merging(added, into: kindTerms, kind: kind)
      else { return nil }
      for index in filmTerms.indices { filmTerms[index] = merged.ranks[Int(filmTerms[index])] }
      keptPlaces = Array(merged.ranks[..<kindTerms.count])
      touched = Set(touched.map { merged.ranks[Int($0)] })
      kindTerms = merged.terms
    }
    // A term that a changed or removed film was the last to name goes, and
    // the terms after it move up a place.
    var isNamed = [Bool](repeating: false, count: kindTerms.count)
    for rank in filmTerms {
      guard rank >= 0, Int(rank) < isNamed.count else { return nil }
      isNamed[Int(rank)] = true
    }
    let namesWent = isNamed.contains(false)
    if namesWent {
      // A lost rank out of range is a damaged state's.
      guard touched.allSatisfy({ $0 >= 0 && Int($0) < kindTerms.count }),
        let kept = Self.removing(unnamed: isNamed, from: kindTerms)
      else { return nil }
      for index in filmTerms.indices { filmTerms[index] = kept.ranks[Int(filmTerms[index])] }
      let recordedPlaces = keptPlaces ?? Array(0..<termCount)
      keptPlaces = recordedPlaces.map { $0 >= 0 ? kept.ranks[Int($0)] : -1 }
      touched = Set(touched.lazy.map { kept.ranks[Int($0)] }.filter { $0 >= 0 })
      kindTerms = kept.terms
    }
    // With no name put in or taken out, the names are the kept ones, and so is their table.
    let taxonomy = Taxonomy(
      kind: kind, names: kindTerms.map(\.name), slugs: kindTerms.map(\.slug), filmTerms: filmTerms,
      filmTermStarts: filmTermStarts, table: added.isEmpty && !namesWent ? keptNames : nil)
    // A term whose films changed is spelt as its first film spells it now.
    for rank in touched {
      guard rank >= 0, Int(rank) < taxonomy.terms.count else { return nil }
      let term = taxonomy.terms[Int(rank)]
      let first = term.films[0]
      let names = Taxonomy.names(
        of: films[first].film, kind: kind, castPagesPerFilm: castPagesPerFilm)
      let firstRanks = taxonomy.ranks(ofFilmAt: first)
      guard let found = firstRanks.firstIndex(of: rank) else { return nil }
      let place = found - firstRanks.startIndex
      guard place < names.count, Array(names[place].utf8) == Array(term.name.utf8) else {
        return nil
      }
    }
    return (taxonomy, keptPlaces)
  }

  /// The kept `terms` with the `added` names put among them in the
  /// taxonomy's order, each with the slug that terms made from every name
  /// give it, and the merged place of every rank: the kept terms' (below
  /// their count), then the added names', in the order of `added`.
  ///
  /// `nil` when an added name could change a kept term's slug or take the
  /// slug it would have (its slug equals a kept slug's start, the whole slug
  /// or its part before a `_`, or another added name's slug, or it has none:
  /// ``TermSlugs``), and for years, which sort by value and have no slugs of
  /// their own.
  static func merging(_ added: [String], into terms: [SiteState.TermName], kind: TaxonomyKind)
    -> (terms: [SiteState.TermName], ranks: [Int32])?
  {
    guard kind != .years else { return nil }
    let folded = added.map(Slug.fold)
    let slugs = folded.map(Slug.truncated)
    guard slugs.allSatisfy({ !$0.isEmpty }), Set(slugs).count == slugs.count else { return nil }
    // A kept slug starts with the slug of its name, up to a `_` when other
    // names share it. Each kept start is looked for among the few added
    // slugs, rather than every one put in a table for them.
    let addedSlugs = Set(slugs.map { Substring($0) })
    guard !terms.contains(where: { addedSlugs.contains(slugBase($0.slug)) }) else { return nil }
    // The added names in order, each before the first kept term it precedes.
    let order = added.indices.sorted {
      FilmOrder.precedes(name: added[$0], folded: folded[$0], name: added[$1], folded: folded[$1])
    }
    var ranks = [Int32](repeating: 0, count: terms.count + added.count)
    var merged: [SiteState.TermName] = []
    merged.reserveCapacity(ranks.count)
    var next = 0
    for index in order {
      let place = terms.partitioningIndex(from: next) { term in
        FilmOrder.precedes(
          name: added[index], folded: folded[index], name: term.name,
          folded: Slug.fold(term.name))
      }
      for kept in next..<place {
        ranks[kept] = Int32(merged.count)
        merged.append(terms[kept])
      }
      next = place
      ranks[terms.count + index] = Int32(merged.count)
      merged.append(SiteState.TermName(name: added[index], slug: slugs[index]))
    }
    for kept in next..<terms.count {
      ranks[kept] = Int32(merged.count)
      merged.append(terms[kept])
    }
    return (merged, ranks)
  }

  /// The `terms` that films name (`isNamed`, by rank), and the place of
  /// each rank among them (-1 for a term that goes), when no other term's
  /// slug depends on one that goes: its slug is plain (a year's is the
  /// year) and no other term's starts as it does (``TermSlugs``). `nil`
  /// otherwise: the plain slug could pass to another name.
  static func removing(unnamed isNamed: [Bool], from terms: [SiteState.TermName])
    -> (terms: [SiteState.TermName], ranks: [Int32])?
  {
    var gone: Set<Substring> = []
    for rank in terms.indices where !isNamed[rank] {
      let slug = terms[rank].slug
      guard !slug.isEmpty, !slug.contains("_") else { return nil }
      gone.insert(Substring(slug))
    }
    // Each slug that goes is the base of its own term's alone.
    guard terms.count(where: { gone.contains(slugBase($0.slug)) }) == gone.count else { return nil }
    var kept: [SiteState.TermName] = []
    kept.reserveCapacity(terms.count)
    var ranks = [Int32](repeating: -1, count: terms.count)
    for rank in terms.indices where isNamed[rank] {
      ranks[rank] = Int32(kept.count)
      kept.append(terms[rank])
    }
    return (kept, ranks)
  }

  /// The part of `slug` before its `_`: the slug of the name alone, which
  /// names that share it share (``TermSlugs``).
  private static func slugBase(_ slug: String) -> Substring {
    slug[..<(slug.utf8.firstIndex(of: UInt8(ascii: "_")) ?? slug.endIndex)]
  }

  /// Whether no rank comes twice among a film's few.
  private static func hasNoRepeats(_ ranks: ArraySlice<Int32>) -> Bool {
    for index in ranks.indices where ranks[(index + 1)...].contains(ranks[index]) {
      return false
    }
    return true
  }
}
