import FilmCatalog
import FilmSiteSupport

/// The genres, directors, years or actors of a site's films, each with its films in site order.
///
/// Names are trimmed; empty ones are ignored, and a film that lists a genre twice
/// is listed under it once. Films without a director, genres or year are simply
/// not listed under that kind. Grouping is a pass over the films (one on each
/// core for a long list, ``NameGroups``) plus a sort of the names, so it stays
/// fast for large catalogs.
struct Taxonomy: Sendable {
  /// What the names are: genres, directors or years.
  let kind: TaxonomyKind
  /// Every name, in reading order: names by title order (case and accents
  /// ignored, numbers by value), years from the earliest.
  let terms: [Term]
  /// The places by each term's name or its other spelling, for a name
  /// that ``exactPositions`` does not find.
  private let otherSpellings: OtherSpellings
  /// The same places, by each term's name exactly as it is spelled: a film
  /// names its terms in the spelling they were made from, and bytes compare
  /// faster than text (``ExactTextTable``).
  private let exactPositions: ExactTextTable
  /// Where a name spelt otherwise than its term is found.
  private enum OtherSpellings: Sendable {
    /// As the films' names were grouped (``NameGroups``).
    case grouped(NameGroups.ShardedPlaces)
    /// Among the names of terms a last build made (``KeptTerms``).
    case kept(CanonicalTextTable)

    /// The place of `name`'s term; `nil` if no film has it.
    subscript(name: String) -> Int? {
      switch self {
      case .grouped(let places): places[name]
      case .kept(let table): table.place(of: name)
      }
    }
  }

  /// The place in `terms` of each film's names, in the film's order: the
  /// names of the film at position `p` are at `filmTermStarts[p]` up to
  /// `filmTermStarts[p + 1]`. A film's terms are then read without trimming
  /// or hashing its names again.
  private let filmTerms: [Int32]
  private let filmTermStarts: [Int32]

  /// Groups `films`, which are in site order, by `kind`.
  /// - Parameter castPagesPerFilm: For ``TaxonomyKind/cast``, how many of
  ///   each film's first billed performers it is listed under.
  init(kind: TaxonomyKind, films: [Film], castPagesPerFilm: Int) {
    // By index: each film is read in place, not copied (and retained) per kind.
    self.init(kind: kind, count: films.count) { position in
      Self.names(of: films[position], kind: kind, castPagesPerFilm: castPagesPerFilm)
    }
  }

  /// Groups `count` films, which are in site order, under the names
  /// `names` gives for each position: for ``TaxonomyKind/tags``, the names
  /// their notes give.
  init(kind: TaxonomyKind, count: Int, names: @Sendable (Int) -> [String]) {
    self.kind = kind
    // Each film's names are found on every core, and then grouped (on every
    // core too, when there are many: ``NameGroups``).
    let groups = NameGroups(Array(0..<count).parallelMap(names))
    let distinct = groups.names
    let slugs: [String]
    let order: [Int]
    switch kind {
    case .years:
      slugs = distinct
      order = distinct.indices.sorted { (Int(distinct[$0]) ?? 0) < (Int(distinct[$1]) ?? 0) }
    case .genres, .directors, .cast, .tags:
      let names = distinct
      let folded = names.parallelMap(Slug.fold)
      (slugs, order) = inParallel(
        { TermSlugs.assign(names, folded: folded) },
        { FilmOrder.orderOfNames(names, folded: folded) })
    }
    let terms = order.map { index in
      Term(kind: kind, name: distinct[index], slug: slugs[index], films: groups.films[index])
    }
    self.terms = terms
    var rank = [Int](repeating: 0, count: distinct.count)
    for (offset, index) in order.enumerated() { rank[index] = offset }
    let ranks = rank
    otherSpellings = .grouped(groups.mapPlaces { ranks[$0] })
    filmTerms = groups.filmNames.map { Int32(rank[Int($0)]) }
    filmTermStarts = groups.filmStarts
    exactPositions = ExactTextTable(terms.map(\.name))
  }

  /// A taxonomy whose terms a last build made (``KeptTerms``): `names` and
  /// `slugs` in the taxonomy's order, no two names equal under `==`, and
  /// for each film in site order the places of its names, in the film's
  /// order: those of the film at position `p` are `filmTerms` from
  /// `filmTermStarts[p]` up to `filmTermStarts[p + 1]`, each less than the
  /// count of names. A term's films are the positions that name it, in order.
  /// - Parameter table: A table of `names`, in their order, when the caller
  ///   has one; made here otherwise.
  init(
    kind: TaxonomyKind, names: [String], slugs: [String], filmTerms: [Int32],
    filmTermStarts: [Int32], table: CanonicalTextTable? = nil
  ) {
    self.kind = kind
    // The terms on one core, the tables of their names on the other.
    let tables: (ExactTextTable, CanonicalTextTable)
    (terms, tables) = inParallel(
      {
        // Each term's films counted first, so that each list is made at its size.
        var counts = [Int](repeating: 0, count: names.count)
        for rank in filmTerms { counts[Int(rank)] += 1 }
        var films = counts.map { count -> [Int] in
          var films: [Int] = []
          films.reserveCapacity(count)
          return films
        }
        for position in 0..<filmTermStarts.count - 1 {
          for rank in filmTerms[Int(filmTermStarts[position])..<Int(filmTermStarts[position + 1])] {
            films[Int(rank)].append(position)
          }
        }
        return names.indices.map { index in
          Term(kind: kind, name: names[index], slug: slugs[index], films: films[index])
        }
      }, { inParallel({ ExactTextTable(names) }, { table ?? CanonicalTextTable(names) }) })
    exactPositions = tables.0
    otherSpellings = .kept(tables.1)
    self.filmTerms = filmTerms
    self.filmTermStarts = filmTermStarts
  }

  /// The places among ``terms`` of the names of the film at `position`, in the film's order.
  func ranks(ofFilmAt position: Int) -> ArraySlice<Int32> {
    filmTerms[Int(filmTermStarts[position])..<Int(filmTermStarts[position + 1])]
  }

  /// Calls `body` with each of ``ranks(ofFilmAt:)`` in turn, read where
  /// they are: a slice of them holds the whole list, which every core's
  /// copy counts, for 100,000 films at once.
  func forEachRank(ofFilmAt position: Int, _ body: (Int32) -> Void) {
    for place in Int(filmTermStarts[position])..<Int(filmTermStarts[position + 1]) {
      body(filmTerms[place])
    }
  }

  /// The terms of the film at `position` in the site order the films were
  /// grouped in, in the order ``names(of:kind:castPagesPerFilm:)`` gives its names.
  func terms(ofFilmAt position: Int) -> [Term] {
    mapTerms(ofFilmAt: position) { $0 }
  }

  /// `transform` applied to each of ``terms(ofFilmAt:)``, which are lent to
  /// it rather than copied.
  func mapTerms<T>(ofFilmAt position: Int, _ transform: (Term) -> T) -> [T] {
    let range = Int(filmTermStarts[position])..<Int(filmTermStarts[position + 1])
    var mapped: [T] = []
    mapped.reserveCapacity(range.count)
    for place in filmTerms[range] { mapped.append(transform(terms[Int(place)])) }
    return mapped
  }

  /// The term of `name` as ``names(of:kind:castPagesPerFilm:)`` gives it, if any film has it.
  func term(named name: String) -> Term? {
    rank(named: name).map { terms[$0] }
  }

  /// The place among ``terms`` of the term of `name`, if any film has it.
  func rank(named name: String) -> Int? {
    exactPositions.place(of: name) ?? otherSpellings[name]
  }

  /// The names a film is listed under for `kind`: trimmed, without empty
  /// ones or repeats; for the cast, those of its first `castPagesPerFilm`
  /// billed performers. None for ``TaxonomyKind/tags``: a film's tags are
  /// in its note, not its fields.
  static func names(of film: Film, kind: TaxonomyKind, castPagesPerFilm: Int) -> [String] {
    switch kind {
    case .tags:
      return []
    case .years:
      return film.year.map { [String($0)] } ?? []
    case .directors:
      guard let director = film.director?.trimmingSpaces(), !director.isEmpty else { return [] }
      return [director]
    case .genres:
      var names: [String] = []
      for genre in film.genres {
        let name = genre.trimmingSpaces()
        if !name.isEmpty, !names.contains(name) { names.append(name) }
      }
      return names
    case .cast:
      var names: [String] = []
      for member in film.cast where names.count < castPagesPerFilm {
        let name = member.name.trimmingSpaces()
        if !name.isEmpty, !names.contains(name) { names.append(name) }
      }
      return names
    }
  }
}
