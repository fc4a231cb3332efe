import FilmCatalog

/// The input key of each page: one hash of everything the page is made
/// from, so that a rebuild can tell that a page would come out the same
/// without rendering it. The writer keeps each page's key in the manifest;
/// a page whose key and file are as the last build left them is taken from
/// the current site (``PageReuse``).
///
/// Every key starts from the site key (the program, libcmark, the settings
/// and the theme: ``BuildFingerprint/siteKey(theme:configuration:)``), so a
/// new theme or setting renders every page again. The rest is the page's
/// own inputs, listed by each key's function below; a value the page shows
/// that is not among them would be a bug that the randomized equality test
/// (`IncrementalBuildEqualityTests`) exists to catch.
struct PageKeys: Sendable {
  let site: ContentHash
  /// Each film's hash and route, in site order: what its row in a list is made from.
  let rows: [ContentHash]
  /// Each film's hash (``BuildFingerprint/hash(of:)``), in site order.
  let films: [ContentHash]
  /// For each film, in site order, the pages of the names it is listed
  /// under (its genres, director, year and first billed actors): each
  /// name's kind, name and slug. The film's own fields give their order.
  let terms: [ContentHash]
  /// The route of each index page, by its number less one, as a film page's key takes it.
  private let indexRoutes: [String]

  init(site: ContentHash, plan: SitePlan) {
    // Every page shows the navigation: the owner's pages, tags, the feed.
    var siteHasher = ContentHasher()
    siteHasher.combine(site)
    siteHasher.combine(plan.content.navigation.hash)
    self.site = siteHasher.finalize()
    indexRoutes = plan.pagination.pages.map { plan.pagination.route(forPage: $0).description }
    let notes = plan.content.notes
    let noteHTML = plan.content.noteHTML
    // A film's note is part of what its page and its row are made from.
    let films = Array(plan.films.indices).parallelMap { position in
      let hash = BuildFingerprint.hash(of: plan.films[position].film)
      guard let note = notes[position] else { return hash }
      var hasher = ContentHasher()
      hasher.combine(hash)
      hasher.combine(note.keyHash)
      hasher.combine(noteHTML[position] ?? "")
      return hasher.finalize()
    }
    self.films = films
    // Each name's films are known from the browse index; going through
    // them once costs less than looking each film's names up again.
    var terms = [ContentHasher](repeating: ContentHasher(), count: films.count)
    for taxonomy in plan.browse.all {
      for term in taxonomy.terms {
        var hasher = ContentHasher()
        hasher.combine(taxonomy.kind.folder)
        hasher.combine(term.name)
        hasher.combine(term.slug)
        let key = hasher.finalize()
        for position in term.films { terms[position].combine(key) }
      }
    }
    self.terms = terms.map { $0.finalize() }
    let entries = plan.films
    rows = Array(films.indices).parallelMap { position in
      var hasher = ContentHasher()
      hasher.combine(films[position])
      hasher.combine(entries[position].route.description)
      return hasher.finalize()
    }
  }

  /// A hasher that starts from the site key and the page's kind.
  private func hasher(_ kind: String) -> ContentHasher {
    var hasher = ContentHasher()
    hasher.combine(site)
    hasher.combine(kind)
    return hasher
  }

  /// A film's page: the film, its route, the index page it links back to,
  /// and every page of a name it links to (its genres, director, year and
  /// shown actors, each page there or not).
  func film(at offset: Int, of plan: SitePlan) -> ContentHash {
    let (film, route) = plan.films[offset]
    let indexPage = plan.pagination.page(forItem: offset)
    var hasher = hasher("film")
    hasher.combine(films[offset])
    hasher.combine(route.description)
    hasher.combine(indexPage)
    hasher.combine(indexRoutes[indexPage - 1])
    hasher.combine(terms[offset])
    // The page also links each shown actor who has a page (by the trimmed
    // name, as it looks them up): one billed after the first few has one
    // only through other films, which the terms above do not tell.
    var shown = 0
    for member in film.cast where shown < plan.configuration.castShown {
      let name = member.name.trimmingSpaces()
      guard !name.isEmpty else { continue }
      shown += 1
      hasher.combine(plan.browse.cast.term(named: name)?.slug)
    }
    return hasher.finalize()
  }

  /// A page of a list: where it is, its number among how many, what the
  /// list is of, and each film's row in the order listed.
  func list(_ page: ListPage) -> ContentHash {
    var hasher = hasher("list")
    hasher.combine(page.route.description)
    hasher.combine(page.page)
    hasher.combine(page.pagination.pageCount)
    hasher.combine(page.pagination.itemCount)
    hasher.combine(page.pagination.itemRange(forPage: page.page).lowerBound)
    hasher.combine(page.listing.term?.kind.folder)
    hasher.combine(page.listing.term?.name)
    let positions = page.positions
    hasher.combine(positions.count)
    for position in positions { hasher.combine(rows[position]) }
    return hasher.finalize()
  }

  /// A page of the owner's own: where it is, its front matter and its body's HTML.
  func page(_ page: ContentPage, html: String) -> ContentHash {
    var hasher = hasher("page")
    hasher.combine(page.route.description)
    hasher.combine(page.title)
    hasher.combine(page.date?.iso ?? "")
    hasher.combine(page.description ?? "")
    hasher.combine(html)
    return hasher.finalize()
  }

  /// The page of a taxonomy's names: each name, its page and its film count.
  func terms(_ page: TermsPage) -> ContentHash {
    var hasher = hasher("terms")
    hasher.combine(page.taxonomy.kind.folder)
    hasher.combine(page.taxonomy.terms.count)
    for term in page.taxonomy.terms {
      hasher.combine(term.name)
      hasher.combine(term.route.description)
      hasher.combine(term.films.count)
    }
    return hasher.finalize()
  }
}
