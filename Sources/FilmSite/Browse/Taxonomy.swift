import FilmCatalog

/// The genres, directors, years or actors of a site's films, each with its films in site order.
///
/// Names are trimmed; empty ones are ignored, and a film that lists a genre twice
/// is listed under it once. Films without a director, genres or year are simply
/// not listed under that kind. Grouping is one pass over the films plus a sort of
/// the names, so it stays fast for large catalogs.
struct Taxonomy: Sendable {
  /// What the names are: genres, directors or years.
  let kind: TaxonomyKind
  /// Every name, in reading order: names by title order (case and accents
  /// ignored, numbers by value), years from the earliest.
  let terms: [Term]
  private let positions: [String: Int]

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
  init(kind: TaxonomyKind, count: Int, names: (Int) -> [String]) {
    self.kind = kind
    var groups: [String: [Int]] = [:]
    for position in 0..<count {
      for name in names(position) { groups[name, default: []].append(position) }
    }
    let slugs: [String: String]
    let ordered: [String]
    switch kind {
    case .years:
      slugs = Dictionary(uniqueKeysWithValues: groups.keys.map { ($0, $0) })
      ordered = groups.keys.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }
    case .genres, .directors, .cast, .tags:
      slugs = TermSlugs.assign(Array(groups.keys))
      ordered = FilmOrder.sortedNames(Array(groups.keys))
    }
    terms = ordered.map { name in
      Term(kind: kind, name: name, slug: slugs[name] ?? name, films: groups[name] ?? [])
    }
    positions = Dictionary(
      uniqueKeysWithValues: terms.enumerated().map { ($0.element.name, $0.offset) })
  }

  /// The term of `name` as ``names(of:kind:)`` gives it, if any film has it.
  func term(named name: String) -> Term? {
    positions[name].map { terms[$0] }
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
