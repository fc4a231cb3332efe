import FilmCatalog

/// The input key of each page: one hash of everything the page is made
/// from, so that a rebuild can tell that a page would come out the same
/// without rendering it. The writer keeps each page's key in the manifest;
/// a page whose key and file are as the last build left them is taken from
/// the current site (``PageReuse``).
///
/// Every key starts from its kind's site key (the program, libcmark, the
/// settings and the templates that kind of page is made with:
/// ``BuildFingerprint/siteKeys(theme:configuration:)``), with the navigation
/// that every page shows, so a new setting renders every page again and a
/// changed template the pages made with it. The rest is the page's
/// own inputs, listed by each key's function below; a value the page shows
/// that is not among them would be a bug that the randomized equality test
/// (`IncrementalBuildEqualityTests`) exists to catch.
struct PageKeys: Sendable {
  /// Each kind's site key, with the navigation.
  let sites: SiteKeys
  /// Each film's hash and route, in site order: what its row in a list is made from.
  let rows: [ContentHash]
  /// Each film's hash (``BuildFingerprint/hash(of:)``), in site order.
  let films: [ContentHash]

  /// - Parameter knownFilms: Each film's hash (``BuildFingerprint/hash(of:)``)
  ///   by its place in `plan`, where it is known already, or `nil`; the
  ///   others are hashed here.
  init(sites: SiteKeys, plan: SitePlan, knownFilms: (@Sendable (Int) -> ContentHash?)? = nil) {
    // Every page shows the navigation: the owner's pages, tags, the feed.
    let navigation = plan.content.navigation.hash
    func withNavigation(_ site: ContentHash) -> ContentHash {
      Self.site(site, navigation: navigation)
    }
    self.sites = SiteKeys(
      film: withNavigation(sites.film), list: withNavigation(sites.list),
      terms: withNavigation(sites.terms), page: withNavigation(sites.page), search: sites.search,
      filmShowsIndexPage: sites.filmShowsIndexPage)
    let notes = plan.content.notes
    let noteHTML = plan.content.noteHTML
    // A film's note is part of what its page and its row are made from.
    let films = Array(plan.films.indices).parallelMap { position in
      guard let note = notes[position] else {
        return knownFilms?(position) ?? BuildFingerprint.hash(of: plan.films[position].film)
      }
      let hash = BuildFingerprint.hash(of: plan.films[position].film)
      var hasher = ContentHasher()
      hasher.combine(hash)
      hasher.combine(note.keyHash)
      hasher.combine(noteHTML[position] ?? "")
      return hasher.finalize()
    }
    self.films = films
    let entries = plan.films
    rows = Array(films.indices).parallelMap { position in
      Self.row(film: films[position], route: entries[position].route)
    }
  }

  /// A film's row key: its hash (``BuildFingerprint/hash(of:)``, with its
  /// note) and its route.
  static func row(film: ContentHash, route: Route) -> ContentHash {
    var hasher = ContentHasher()
    hasher.combine(film)
    route.combine(into: &hasher)
    return hasher.finalize()
  }

  /// A kind's site key (``SiteKeys``) with the `navigation` every page shows
  /// (``SiteNavigation/hash``): what its pages' keys start from (``sites``).
  static func site(_ site: ContentHash, navigation: ContentHash) -> ContentHash {
    var hasher = ContentHasher()
    hasher.combine(site)
    hasher.combine(navigation)
    return hasher.finalize()
  }

  /// A hasher that starts from the kind's site key (``sites``) and the page's kind.
  private func hasher(_ kind: String, site: ContentHash) -> ContentHasher {
    var hasher = ContentHasher()
    hasher.combine(site)
    hasher.combine(kind)
    return hasher
  }

  /// A film's page: the film (``films``), its route and every page it links to.
  func film(at offset: Int, route: Route, links: FilmPageLinks) -> ContentHash {
    Self.film(
      site: sites.film, film: films[offset], route: route, links: links,
      showsIndexPage: sites.filmShowsIndexPage)
  }

  /// The film page's key at `offset` in `plan`, its links looked up.
  func film(at offset: Int, of plan: SitePlan) -> ContentHash {
    film(
      at: offset, route: plan.films[offset].route, links: FilmPageLinks(forFilmAt: offset, of: plan)
    )
  }

  /// A film's page from its parts, for a rebuild that has no plan: `site`
  /// is a film page's site key (``SiteKeys/film`` of ``sites``), `film` the
  /// film's hash (``films``), and `showsIndexPage` whether the film template
  /// shows the index page (``SiteKeys/filmShowsIndexPage``).
  static func film(
    site: ContentHash, film: ContentHash, route: Route, links: FilmPageLinks,
    showsIndexPage: Bool
  ) -> ContentHash {
    Self.film(
      base: filmBase(site: site, film: film, route: route, links: links),
      indexPage: links.indexPage, indexPath: links.indexPath, showsIndexPage: showsIndexPage)
  }

  /// A film page's key but for the index page that lists the film: the
  /// film, its route and every other page it links to. Two pages with the
  /// same base differ at most where they show that index page (``IndexPagePatch``).
  static func filmBase(site: ContentHash, film: ContentHash, route: Route, links: FilmPageLinks)
    -> ContentHash
  {
    filmBase(site: site, film: film, route: route, links: links.digest)
  }

  /// ``filmBase(site:film:route:links:)`` from the links' ``FilmPageLinks/digest``,
  /// which a rebuild has from the state for a film whose links did not change.
  static func filmBase(site: ContentHash, film: ContentHash, route: Route, links: ContentHash)
    -> ContentHash
  {
    var hasher = ContentHasher()
    hasher.combine(site)
    hasher.combine("film")
    hasher.combine(film)
    route.combine(into: &hasher)
    hasher.combine(links)
    return hasher.finalize()
  }

  /// A film page's key from its ``filmBase(site:film:route:links:)`` and the
  /// index page that lists the film: its number and its route, when the
  /// film template shows them (`showsIndexPage`). A page that does not show
  /// them is not made from them, so films added or removed before the film
  /// leave its key as it was. `base` starts from the site key, which holds
  /// the film template, so the two kinds of key never meet.
  static func film(base: ContentHash, indexPage: Int, indexPath: String, showsIndexPage: Bool)
    -> ContentHash
  {
    var hasher = ContentHasher()
    hasher.combine(base)
    if showsIndexPage {
      hasher.combine(indexPage)
      hasher.combine(indexPath)
    }
    return hasher.finalize()
  }

  /// ``filmBase(site:film:route:links:)`` for the film at `offset` in site
  /// order, from its links' ``FilmPageLinks/digest``.
  func filmBase(at offset: Int, route: Route, links: ContentHash) -> ContentHash {
    Self.filmBase(site: sites.film, film: films[offset], route: route, links: links)
  }

  /// A page of a list: where it is, its number among how many, what the
  /// list is of, and each film's row in the order listed.
  func list(_ page: ListPage) -> ContentHash {
    var hasher = hasher("list", site: sites.list)
    page.route.combine(into: &hasher)
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
    var hasher = hasher("page", site: sites.page)
    page.route.combine(into: &hasher)
    hasher.combine(page.title)
    hasher.combine(page.date?.iso ?? "")
    hasher.combine(page.description ?? "")
    hasher.combine(html)
    return hasher.finalize()
  }

  /// The page of a taxonomy's names: each name, its page (its slug) and its film count.
  func terms(_ page: TermsPage) -> ContentHash {
    var hasher = hasher("terms", site: sites.terms)
    hasher.combine(page.taxonomy.kind.folder)
    hasher.combine(page.taxonomy.terms.count)
    // A term's route is the kind's folder, hashed above, and its slug.
    for term in page.taxonomy.terms {
      hasher.combine(term.name)
      hasher.combine(term.slug)
      hasher.combine(term.films.count)
    }
    return hasher.finalize()
  }
}
