import Dispatch
import FilmCatalog
import FilmSiteSupport
import Foundation
import Synchronization

/// Turns films into the files of a site: index, browse and detail pages, the
/// search index, the site files and the theme's assets.
public struct SiteRenderer: Sendable {
  public let theme: Theme
  public let configuration: SiteConfiguration

  public init(theme: Theme, configuration: SiteConfiguration) {
    self.theme = theme
    self.configuration = configuration
  }

  /// Pages rendered at once by ``render(_:batchSize:into:)``: enough to keep
  /// every core busy, few enough that a large site is never held in memory whole.
  public static let defaultBatchSize = 2048

  /// Renders every page for `films`, listed in ``FilmOrder``, on every core.
  /// - Throws: ``SiteError`` for a film that cannot have a page, or an invalid setting;
  ///   ``BaseURLError`` for a base URL that is not an absolute `http(s)` URL.
  public func render(_ films: [Film]) throws -> [OutputFile] {
    var files: [OutputFile] = []
    try render(films) { files += $0 }
    return files
  }

  /// Renders every page for `films` in batches, handing each batch to `sink`
  /// as soon as it is ready, and counts the pages.
  /// - Throws: ``SiteError`` or ``BaseURLError`` before the first batch, or what `sink` throws.
  @discardableResult
  public func render(
    _ films: [Film], batchSize: Int = defaultBatchSize,
    into sink: ([OutputFile]) throws -> Void
  ) throws -> SitePageCounts {
    guard configuration.pageSize >= 1 else {
      throw SiteError.invalidPageSize(configuration.pageSize)
    }
    var configuration = self.configuration
    if let base = configuration.baseURL { configuration.baseURL = try BaseURL.normalized(base) }
    let (unordered, folded) = try routes(for: films)
    let routed = FilmOrder.sorted(unordered, folded: folded) { $0.film }
    let pagination = Pagination(itemCount: routed.count, pageSize: configuration.pageSize)
    // The search index first, while the pages' values are not yet in memory:
    // its words and lines are freed before the pages need their space.
    try SearchIndex.files(for: routed, into: sink)
    let inputs = PageInputs(
      theme: theme, configuration: configuration, markdown: MarkdownRenderer())
    let entries = routed.parallelMap { entry in
      ListedFilm(
        film: entry.film, route: entry.route,
        row: inputs.contexts.row(for: entry.film, at: entry.route, in: theme.row))
    }
    let browse = BrowseIndex(films: routed.map(\.film))

    // Every list of films is paged the same way: the main index, then each name's films.
    var lists: [(listing: Listing, pagination: Pagination, page: Int)] = pagination.pages.map {
      (Listing.all, pagination, $0)
    }
    for taxonomy in browse.all {
      for term in taxonomy.terms {
        let termPagination = Pagination(
          base: term.route, itemCount: term.films.count, pageSize: configuration.pageSize)
        for page in termPagination.pages {
          lists.append((Listing(term: term), termPagination, page))
        }
      }
    }
    // A film's page is made when its batch renders, not held for the whole build.
    let filmPage: @Sendable (Int) -> FilmPage = { offset in
      let page = pagination.page(forItem: offset)
      return FilmPage(
        listed: entries[offset], indexRoute: pagination.route(forPage: page), indexPage: page)
    }
    let termsPages = browse.all.map { TermsPage(taxonomy: $0) }

    try sink(
      theme.assets.keys.sorted().compactMap { path in
        theme.assets[path].map { OutputFile(path: "assets/" + path, contents: $0) }
      })
    try Self.renderInBatches(lists, batchSize: batchSize, into: sink) { list in
      let range = list.pagination.itemRange(forPage: list.page)
      let page = IndexPage(
        number: list.page, pagination: list.pagination, films: entries,
        positions: list.listing.term.map { $0.films[range] } ?? ArraySlice(range),
        listing: list.listing)
      return OutputFile(path: page.route.filePath, bytes: page.render(from: inputs))
    }
    try Self.renderInBatches(Array(entries.indices), batchSize: batchSize, into: sink) { offset in
      let page = filmPage(offset)
      return OutputFile(
        path: page.route.filePath, bytes: page.render(from: inputs, browse: browse))
    }
    var files = termsPages.map { page in
      OutputFile(path: page.route.filePath, bytes: page.render(from: inputs))
    }
    files.append(
      OutputFile(
        path: SearchFormPage.route.filePath, bytes: SearchFormPage().render(from: inputs)))
    files.append(
      OutputFile(path: NotFoundPage.filePath, bytes: NotFoundPage().render(from: inputs)))

    if let baseURL = configuration.baseURL {
      let routes =
        lists.map { $0.pagination.route(forPage: $0.page) } + termsPages.map(\.route)
        + [SearchFormPage.route] + entries.map(\.route)
      files += Sitemap.files(routes: routes, baseURL: baseURL, limit: configuration.sitemapLimit)
      files.append(Sitemap.robots(baseURL: baseURL))
    }
    try sink(files)
    return SitePageCounts(
      indexPages: pagination.pageCount,
      browsePages: lists.count - pagination.pageCount + termsPages.count,
      hasSiteFiles: configuration.baseURL != nil)
  }

  /// Renders `pages` a batch at a time on every core, handing each batch to `sink`.
  private static func renderInBatches<Page: Sendable>(
    _ pages: [Page], batchSize: Int, into sink: ([OutputFile]) throws -> Void,
    _ render: @Sendable (Page) -> OutputFile
  ) throws {
    for start in stride(from: 0, to: pages.count, by: max(1, batchSize)) {
      let batch = Array(pages[start..<min(start + max(1, batchSize), pages.count)])
      try sink(batch.parallelMap(render))
    }
  }

  /// Each film with its route, and its folded title (``Slug/fold(_:)``), which
  /// both the route and the order are made from; fails on the first film
  /// whose id cannot be a path.
  private func routes(for films: [Film]) throws -> (
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

/// A site that cannot be rendered from its films or settings.
public enum SiteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Films are named by title: their place in a catalog is lost once pages are
  /// merged and duplicates dropped.
  case unroutableFilm(title: String, reason: RouteError)
  case duplicateID(String)
  case invalidPageSize(Int)

  public var description: String {
    switch self {
    case .unroutableFilm(let title, let reason):
      return "film \"\(Escaping.terminal(title))\": \(reason)"
    case .duplicateID(let id):
      return "id \"\(Escaping.terminal(id))\" is used by two films"
    case .invalidPageSize(let size):
      return "the page size must be at least 1 (got \(size))"
    }
  }
}
