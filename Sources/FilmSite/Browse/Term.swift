/// One genre, director or year, with the films listed under it.
struct Term: Sendable, Equatable {
  /// Whether the term is a genre, a director or a year.
  let kind: TaxonomyKind
  /// The name as the catalog gives it, trimmed: `Science Fiction`, `Agnès Varda`, `1999`.
  let name: String
  /// The name's folder under the kind's folder: `science-fiction`.
  let slug: String
  /// Positions of the term's films in the site's film list, in site order.
  let films: [Int]

  /// A term; ``Taxonomy`` makes them, with slugs from ``TermSlugs``.
  init(kind: TaxonomyKind, name: String, slug: String, films: [Int]) {
    self.kind = kind
    self.name = name
    self.slug = slug
    self.films = films
  }

  /// The term's first page: `genres/science-fiction/`.
  var route: Route { Route([kind.folder, slug]) }
}
