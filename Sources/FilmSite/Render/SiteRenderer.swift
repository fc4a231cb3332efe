import FilmCatalog
import FilmSiteSupport
import Foundation

/// Turns films into the files of a site: index, browse and detail pages, the
/// search index, the site files and the theme's assets.
struct SiteRenderer: Sendable {
  let theme: Theme
  let configuration: SiteConfiguration

  /// Pages rendered at once by ``render(_:batchSize:into:)``: enough to keep
  /// every core busy, few enough that a large site is never held in memory whole.
  static let defaultBatchSize = 2048

  /// Plans and renders every page for `films`, listed in ``FilmOrder``, on every core.
  /// - Throws: ``SiteError`` for a film that cannot have a page, or an invalid setting;
  ///   ``BaseURLError`` for a base URL that is not an absolute `http(s)` URL.
  func render(_ films: [Film]) throws -> [OutputFile] {
    var files: [OutputFile] = []
    try render(SitePlan(films: films, configuration: configuration)) { files += $0 }
    return files
  }

  /// Renders every page of `plan` in batches, handing each batch to `sink` as
  /// soon as it is ready.
  /// - Throws: What `sink` throws.
  func render(
    _ plan: SitePlan, batchSize: Int = defaultBatchSize,
    into sink: ([OutputFile]) throws -> Void
  ) throws {
    let films = plan.films
    // The search index first, while the pages' values are not yet in memory:
    // its words and lines are freed before the pages need their space.
    try SearchIndex.files(
      for: films, castPagesPerFilm: plan.configuration.castPagesPerFilm, into: sink)
    let inputs = PageInputs(
      theme: theme, configuration: plan.configuration, markdown: MarkdownRenderer())
    let entries = films.parallelMap { entry in
      ListedFilm(
        film: entry.film, route: entry.route,
        row: inputs.contexts.row(for: entry.film, at: entry.route, in: theme.row))
    }
    // A film's page is made when its batch renders, not held for the whole build.
    let pagination = plan.pagination
    let filmPage: @Sendable (Int) -> FilmPage = { offset in
      let page = pagination.page(forItem: offset)
      return FilmPage(
        listed: entries[offset], indexRoute: pagination.route(forPage: page), indexPage: page)
    }

    try sink(
      theme.assets.keys.sorted().compactMap { path in
        theme.assets[path].map { OutputFile(path: "assets/" + path, contents: $0) }
      })
    try Self.renderInBatches(plan.lists, batchSize: batchSize, into: sink) { list in
      let page = IndexPage(
        number: list.page, pagination: list.pagination, films: entries,
        positions: list.positions, listing: list.listing)
      return OutputFile(path: page.route.filePath, bytes: page.render(from: inputs))
    }
    let browse = plan.browse
    try Self.renderInBatches(Array(entries.indices), batchSize: batchSize, into: sink) { offset in
      let page = filmPage(offset)
      return OutputFile(
        path: page.route.filePath, bytes: page.render(from: inputs, browse: browse))
    }
    var files = plan.termsPages.map { page in
      OutputFile(path: page.route.filePath, bytes: page.render(from: inputs))
    }
    files.append(
      OutputFile(
        path: SearchFormPage.route.filePath, bytes: SearchFormPage().render(from: inputs)))
    files.append(
      OutputFile(path: NotFoundPage.filePath, bytes: NotFoundPage().render(from: inputs)))

    if let baseURL = plan.configuration.baseURL {
      files += Sitemap.files(
        routes: plan.sitemapRoutes, baseURL: baseURL, limit: plan.configuration.sitemapLimit)
      files.append(Sitemap.robots(baseURL: baseURL))
    }
    try sink(files)
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
}
