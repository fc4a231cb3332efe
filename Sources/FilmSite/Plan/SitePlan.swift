import FilmCatalog
import FilmSiteSupport

/// The plan stage of a build: every page the site will have, decided before
/// any is rendered. Each film gets its route and its place in ``FilmOrder``;
/// the films are grouped by genre, director and year; and every list of
/// films (the main index, then each name's films) is cut into pages.
///
/// Everything that can fail on the films or the settings fails here, so a
/// plan that is made can always be rendered. Values that no page can show
/// safely are left out of the films here too, each with a warning
/// (``ShownFields``), so every later stage sees only what it may show.
struct SitePlan: Sendable {
  /// The settings, with the base URL normalized.
  let configuration: SiteConfiguration
  /// Each film with its route, in site order.
  let films: [(film: Film, route: Route)]
  /// For each film in `films`, where it was in the source's order.
  let sourceOffsets: [Int]
  /// The pages of the main index.
  let pagination: Pagination
  /// The genres, directors and years, with their films' positions in `films`.
  let browse: BrowseIndex
  /// Whether ``browse`` is the last build's taxonomies (``KeptTerms``): its
  /// terms, slugs and their order are the ones its state recorded. Not so
  /// when new names were put among the kept terms or terms went: the places moved.
  let termsAreKept: Bool
  /// Where the last build's actors' terms are now, when ``browse`` is the
  /// last build's taxonomies with or without names put among them or taken
  /// out (``KeptTerms``); `nil` when the taxonomies were made from the names.
  let keptCast: CastPlaces?

  /// Where the terms of the cast that the state recorded are among the plan's.
  enum CastPlaces: Sendable, Equatable {
    /// At the ranks the state recorded: no actor came or went.
    case recorded
    /// New actors were put among them, or actors went: each recorded term's
    /// place now, by its recorded rank, and -1 for one that went.
    case moved([Int32])
  }
  /// Every page of a list of films: the main index's pages first, then each
  /// name's, in the order of ``BrowseIndex/all``.
  let lists: [ListPage]
  /// The values left out of the films, in the films' input order.
  let warnings: [FieldWarning]
  /// For each film in the source's order, whether a value was left out of
  /// it (``ShownFields``), with a warning or without.
  let leftOut: [Bool]
  /// The owner's notes and pages, and the navigation to the pages.
  let content: ContentPlan
  /// - Parameters:
  ///   - content: The owner's notes, which correct the films and give them
  ///     tags, and pages.
  ///   - kept: The last build's order and routes for the films whose bytes
  ///     did not change, when the build has them (``KeptOrder``): only the
  ///     others are routed and sorted. Ignored with a content folder, whose
  ///     notes can change a film.
  ///   - keptTerms: The last build's taxonomies, when the build has them
  ///     (``KeptTerms``): the films are grouped under their terms by number.
  ///     Ignored with notes, which give films tags.
  ///   - whole: For each film in the source's order, whether the last build
  ///     checked the same bytes and left nothing out of them
  ///     (``LastBuild/wholeFilms``): its values are not checked again.
  ///     Ignored with a content folder, whose notes can change a film.
  /// - Throws: ``SiteError`` for a film that cannot have a page, an invalid
  ///   page size or a `nav` entry that names no page; ``BaseURLError`` for
  ///   a base URL that is not an absolute `http(s)` URL; ``ContentError``
  ///   for a link in the content to a film or page that does not exist.
  init(
    films unordered: [Film], configuration: SiteConfiguration, content: SiteContent = .empty,
    kept: KeptOrder? = nil, keptTerms: KeptTerms? = nil, whole: [Bool]? = nil
  ) throws {
    guard configuration.pageSize >= 1 else {
      throw SiteError.invalidPageSize(configuration.pageSize)
    }
    guard configuration.castPagesPerFilm >= 0, configuration.castShown >= 0 else {
      throw SiteError.invalidCastCount(
        min(configuration.castPagesPerFilm, configuration.castShown))
    }
    let configuration = try Self.normalized(configuration)
    self.configuration = configuration
    // A note's corrections are checked like the source's values.
    let shown = ShownFields.checked(
      ContentPlan.corrected(unordered, by: content), whole: content.isEmpty ? whole : nil)
    warnings = shown.warnings
    leftOut = shown.leftOut
    if content.isEmpty, let ordered = kept?.ordered(shown.films) {
      (films, sourceOffsets) = ordered
    } else {
      let (routed, folded) = try Self.routes(for: shown.films)
      let sorted = FilmOrder.sorted(
        routed.indices.map { (film: routed[$0].film, route: routed[$0].route, offset: $0) },
        folded: folded
      ) { $0.film }
      films = sorted.map { (film: $0.film, route: $0.route) }
      sourceOffsets = sorted.map(\.offset)
    }
    let pagination = Pagination(itemCount: films.count, pageSize: configuration.pageSize)
    let content =
      content.isEmpty && configuration.navigation.isEmpty
      ? ContentPlan.none(filmCount: films.count, hasFeed: configuration.baseURL != nil)
      : try ContentPlan(
        content: content, films: films, navigation: configuration.navigation,
        hasFeed: configuration.baseURL != nil, markdown: MarkdownRenderer())
    self.content = content
    let kept =
      content.notes.allSatisfy({ $0 == nil })
      ? keptTerms?.browse(
        films: films, sourceOffsets: sourceOffsets,
        castPagesPerFilm: configuration.castPagesPerFilm) : nil
    let browse =
      kept?.index
      ?? BrowseIndex(
        films: films.map(\.film), tags: content.notes.map { $0?.tags ?? [] },
        castPagesPerFilm: configuration.castPagesPerFilm)
    self.pagination = pagination
    self.browse = browse
    termsAreKept = kept?.placesMoved == false
    keptCast = kept.map { kept in kept.castPlaces.map(CastPlaces.moved) ?? .recorded }
    var lists = pagination.pages.map { ListPage(listing: .all, pagination: pagination, page: $0) }
    for taxonomy in browse.all {
      for term in taxonomy.terms {
        let termPagination = Pagination(
          base: term.route, itemCount: term.films.count, pageSize: configuration.pageSize)
        for page in termPagination.pages {
          lists.append(
            ListPage(listing: Listing(term: term), pagination: termPagination, page: page))
        }
      }
    }
    self.lists = lists
  }

  /// `configuration` with its base URL normalized.
  /// - Throws: ``BaseURLError`` for a base URL that is not an absolute `http(s)` URL.
  static func normalized(_ configuration: SiteConfiguration) throws -> SiteConfiguration {
    var configuration = configuration
    if let base = configuration.baseURL { configuration.baseURL = try BaseURL.normalized(base) }
    return configuration
  }

  /// The page that lists each name of a taxonomy: `genres/`, `directors/`, `years/`.
  var termsPages: [TermsPage] { browse.all.map { TermsPage(taxonomy: $0) } }

  /// How many pages of each kind the plan has, for the summary and the manifest.
  var pageCounts: SitePageCounts {
    SitePageCounts(
      indexPages: pagination.pageCount,
      browsePages: lists.count - pagination.pageCount + browse.all.count,
      hasSiteFiles: configuration.baseURL != nil)
  }

  /// The routes a sitemap lists: every list page, the name lists, the search
  /// page, every film's page and the owner's pages.
  var sitemapRoutes: [Route] {
    lists.map(\.route) + termsPages.map(\.route) + [SearchFormPage.route] + films.map(\.route)
      + content.pages.map(\.page.route)
  }

  /// Each film with its route, and its folded title (``Slug/fold(_:)``), which
  /// both the route and the order are made from; fails on the first film
  /// whose id cannot be a path.
  private static func routes(for films: [Film]) throws -> (
    routed: [(film: Film, route: Route)], folded: [String]
  ) {
    // Routes are pure, so they are made on every core; the first failure in
    // catalog order is the one reported.
    let routes = films.parallelMap { film in
      let folded = Slug.fold(film.title)
      return (route: Result { try film.route(foldedTitle: folded) }, folded: folded)
    }
    var seen: Set<Route> = []
    seen.reserveCapacity(films.count)
    let routed = try zip(films, routes).map { film, made in
      let route: Route
      do {
        route = try made.route.get()
      } catch let error as RouteError {
        throw SiteError.unroutableFilm(title: film.title, reason: error)
      }
      guard seen.insert(route).inserted else { throw SiteError.duplicateID(film.id) }
      return (film, route)
    }
    return (routed, routes.map(\.folded))
  }
}
