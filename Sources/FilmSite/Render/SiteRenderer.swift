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
    try render(SitePlan(films: films, configuration: configuration)) { batch in
      for file in batch {
        if case .rendered(let file) = file { files.append(file) }
      }
    }
    return files
  }

  /// Renders the pages of `plan` in batches, handing each batch to `sink` as
  /// soon as it is ready. A page that `reuse` finds in the current site, made
  /// from the same inputs (``PageKeys``), is handed over as reused, not rendered.
  /// - Parameters:
  ///   - links: Each film's links, in site order, when the caller has them
  ///     (``FilmLinks``); made here otherwise.
  ///   - keptFilmPages: By position, whether the current site's page of the
  ///     film was made from the inputs it has now, as the caller knows without
  ///     its links or key (the last build's state): that page is reused when
  ///     it is as written, and made as any other when it is not.
  ///   - keys: The pages' keys, when the caller has them (``keys(for:)``).
  ///   - keptSearch: The last build's search index, kept where no changed
  ///     film had or has a word (``KeptSearch``), when the caller has it.
  ///   - rowStore: Where the films' rows are kept from one render of many
  ///     lists to the next (``RowCache``).
  /// - Returns: The search index's chunks, for the state the next build
  ///   starts from; `nil` when the whole index was reused without them.
  /// - Throws: What `sink` throws; ``BuildFingerprint`` errors encoding the settings.
  @discardableResult
  func render(
    _ plan: SitePlan, links: FilmLinks? = nil, keptFilmPages: [Bool]? = nil,
    keys: PageKeys? = nil,
    keptSearch: KeptSearch? = nil, reusing reuse: PageReuse = .none,
    rowStore: RowCache.Store = .none,
    batchSize: Int = defaultBatchSize, into sink: ([SiteFile]) throws -> Void
  ) throws -> [SearchChunk]? {
    let films = plan.films
    let filmLinks = links ?? FilmLinks(of: plan)
    let keys = try keys ?? self.keys(for: plan)
    let site = keys.sites.search
    let inputs = PageInputs(
      theme: theme, configuration: plan.configuration, navigation: plan.content.navigation,
      markdown: MarkdownRenderer())

    // The name lists are few, and one (the cast's) can be a page of
    // megabytes (and go through cmark, in a theme's `terms.md`): one core
    // starts on them now, while the others go on to the search index, the
    // lists and the film pages. Much of a kept search index's work is on
    // one core, and this takes up the other.
    let stop = StopSignal()
    let termsFiles = Self.renderInBackground(plan.termsPages, reuse: reuse, unless: stop) { page in
      (page.route.filePath, keys.terms(page), { page.render(from: inputs) })
    }
    let searchChunks: [SearchChunk]?
    do {
      // The search index before the pages, while their values are not yet
      // in memory: its words and lines are freed before the pages need their space.
      let castPagesPerFilm = plan.configuration.castPagesPerFilm
      let searchKey = SearchIndex.key(
        rows: keys.rows, site: site, castPagesPerFilm: castPagesPerFilm)
      if let keptSearch {
        searchChunks = try keptSearch.files(
          for: films, key: searchKey, site: site, castPagesPerFilm: castPagesPerFilm,
          reusing: reuse, into: sink)
      } else if let index = reuse.group(
        SearchIndex.manifestPath, searchKey, SearchIndex.isIndexFile)
      {
        try sink(index.map { SiteFile.reused(path: $0.path, entry: $0.entry) })
        searchChunks = nil
      } else {
        searchChunks = try SearchIndex.files(
          for: films, key: searchKey, site: site, castPagesPerFilm: castPagesPerFilm,
          reusing: reuse, into: sink)
      }
      try sink(
        theme.assets.keys.sorted().compactMap { path in
          theme.assets[path].map { .rendered(OutputFile(path: "assets/" + path, contents: $0)) }
        })
      try renderLists(
        plan, keys: keys, reuse: reuse, rowStore: rowStore, inputs: inputs, batchSize: batchSize,
        into: sink)
      try renderFilmPages(
        plan, links: filmLinks, keptFilmPages: keptFilmPages, keys: keys, reuse: reuse,
        inputs: inputs, batchSize: batchSize, into: sink)
    } catch {
      // Nothing of this render runs on after it: the name lists not begun
      // are left, and one being rendered is waited for.
      stop.raise()
      _ = termsFiles.wait()
      throw error
    }
    try sink(termsFiles.wait())
    let content = plan.content
    try Self.renderInBatches(content.pages, batchSize: batchSize, reuse: reuse, into: sink) {
      page, html in
      (page.route.filePath, keys.page(page, html: html), { page.render(html: html, from: inputs) })
    }
    var files = [
      OutputFile(path: SearchFormPage.route.filePath, bytes: SearchFormPage().render(from: inputs)),
      OutputFile(path: NotFoundPage.filePath, bytes: NotFoundPage().render(from: inputs)),
    ]
    if let baseURL = plan.configuration.baseURL {
      files += Sitemap.files(
        routes: plan.sitemapRoutes, baseURL: baseURL, limit: plan.configuration.sitemapLimit)
      files.append(Sitemap.robots(baseURL: baseURL))
      files.append(
        AtomFeed.file(
          title: plan.configuration.title, baseURL: baseURL, entries: Self.feedEntries(of: plan)))
    }
    try sink(files.map(SiteFile.rendered))
    return searchChunks
  }

  /// The key of every page of `plan` (``PageKeys``), for this theme.
  /// - Parameter knownFilms: The films' hashes already known, as ``PageKeys`` takes them.
  /// - Throws: ``BuildFingerprint`` errors encoding the settings.
  func keys(for plan: SitePlan, knownFilms: (@Sendable (Int) -> ContentHash?)? = nil) throws
    -> PageKeys
  {
    PageKeys(
      sites: try BuildFingerprint.siteKeys(theme: theme, configuration: plan.configuration),
      plan: plan, knownFilms: knownFilms)
  }

  /// The most films the feed lists: the newest by release date.
  static let feedFilmLimit = 50

  /// The feed's entries: the newest films by release date, and every page of
  /// the owner's own that has a `date`, newest first.
  static func feedEntries(of plan: SitePlan) -> [FeedEntry] {
    let pages = plan.content.pages.compactMap { page, _ -> FeedEntry? in
      page.date.map {
        FeedEntry(title: page.title, route: page.route, updated: $0, summary: page.description)
      }
    }
    return (AtomFeed.newestFilms(plan.films, limit: feedFilmLimit) + pages)
      .sorted(by: FeedEntry.newestFirst)
  }

  /// The film pages of `plan`, a batch at a time on every core: a kept page
  /// (``render(_:links:keptFilmPages:keys:keptSearch:reusing:rowStore:batchSize:into:)``)
  /// or one made from the same inputs is reused, one whose only change is its
  /// index page is patched (``PageReuse/patchedFilmPage(path:route:base:indexPage:key:)``),
  /// and the others are rendered.
  private func renderFilmPages(
    _ plan: SitePlan, links filmLinks: FilmLinks, keptFilmPages: [Bool]?, keys: PageKeys,
    reuse: PageReuse, inputs: PageInputs, batchSize: Int, into sink: ([SiteFile]) throws -> Void
  ) throws {
    let (films, content, pagination) = (plan.films, plan.content, plan.pagination)
    let indexPaths = pagination.pagePaths
    try Self.makeInBatches(Array(films.indices), batchSize: batchSize, into: sink) { offset in
      // The film itself only for a page that is rendered: a copy of it
      // retains each of its texts and lists, for every kept page.
      let route = films[offset].route
      let path = route.filePath
      // A page made from the same inputs as the current site's: its file, if it is as written.
      if let keptFilmPages, keptFilmPages[offset], let key = reuse.current(path)?.key,
        let entry = reuse.entry(path, key)
      {
        return .reused(path: path, entry: entry)
      }
      // The key from the links' digest: a film whose links the last build
      // recorded as they are has it without them (``FilmLinks``).
      let base = keys.filmBase(at: offset, route: route, links: filmLinks.digest(at: offset))
      let indexPage = pagination.page(forItem: offset)
      let indexPath = indexPaths[indexPage - 1]
      let key = PageKeys.film(
        base: base, indexPage: indexPage, indexPath: indexPath,
        showsIndexPage: keys.sites.filmShowsIndexPage)
      if let entry = reuse.entry(path, key) { return .reused(path: path, entry: entry) }
      // Films added or removed before this one move it to another index
      // page: then only that page's number and link change in its file.
      // (A page that does not show them keeps its key, and has no patch.)
      if let patched = reuse.patchedFilmPage(
        path: path, route: route, base: base, indexPage: indexPage, key: key)
      {
        return .rendered(patched)
      }
      let links = filmLinks[offset]
      // The page is rendered from the links its key was made with.
      assert(links.digest == filmLinks.digest(at: offset))
      let page = FilmPage(
        film: films[offset].film, route: route, note: content.notes[offset],
        noteHTML: content.noteHTML[offset])
      let (bytes, patch) = page.render(from: inputs, links: links)
      return .rendered(OutputFile(path: path, bytes: bytes, key: key, patch: patch))
    }
  }

  /// Whether a render that needs the rows of `needed` of `films` films reads
  /// the last rows (``RowCache``) and leaves its own: when at least one film
  /// in ``rowCacheShare`` needs its row. Fewer are rendered sooner than the
  /// cache is read (a film's title changed moves a few lists).
  static func usesRowCache(needed: Int, films: Int) -> Bool {
    needed > 0 && needed * rowCacheShare >= films
  }

  /// See ``usesRowCache(needed:films:)``.
  static let rowCacheShare = 8

  /// The pages of every list of films. Each film's row is rendered once,
  /// for the lists that are rendered, and only for the films they list; or
  /// taken from the last render of many lists (``RowCache``).
  private func renderLists(
    _ plan: SitePlan, keys: PageKeys, reuse: PageReuse, rowStore: RowCache.Store,
    inputs: PageInputs, batchSize: Int, into sink: ([SiteFile]) throws -> Void
  ) throws {
    let lists = plan.lists
    // Each page is looked at by its place, not copied: a list page holds its
    // term and pagination, and 200,000 of them copied cost more than their keys.
    let decided = Array(lists.indices).parallelMap { index in
      let list = lists[index]
      let (path, key) = (list.route.filePath, keys.list(list))
      return (path: path, key: key, entry: reuse.entry(path, key))
    }
    var needed = [Bool](repeating: false, count: plan.films.count)
    for (index, decision) in decided.enumerated() where decision.entry == nil {
      for position in lists[index].positions { needed[position] = true }
    }
    let theme = self.theme
    let films = plan.films
    let notes = plan.content.notes
    let wanted = needed
    let rowKeys = keys.rows
    let usesRowCache = Self.usesRowCache(needed: needed.count { $0 }, films: films.count)
    let cache = usesRowCache ? rowStore.read(keys.sites.list) : nil
    let rows = Array(needed.indices).parallelMap { position -> PrerenderedTemplate? in
      guard wanted[position] else { return nil }
      if let row = cache?.row(rowKeys[position]) { return row }
      let (film, route) = films[position]
      return inputs.contexts.row(for: film, note: notes[position], at: route, in: theme.row)
    }
    // The rows there are now, for the next render of many lists, while the
    // pages are rendered: this render's, and the last ones of the other films.
    let site = keys.sites.list
    let saved =
      usesRowCache
      ? BackgroundResult {
        rowStore.write(
          RowCache.bytes(
            site: site,
            rows: rowKeys.indices.compactMap { position in
              let key = rowKeys[position]
              guard let encoded = rows[position].map({ $0.encoded[...] }) ?? cache?.encodedRow(key)
              else { return nil }
              return (key: key, encoded: encoded)
            }))
      } : nil
    // Nothing of this render writes on after it.
    defer { _ = saved?.wait() }
    let routes = films.map(\.route)
    for start in stride(from: 0, to: lists.count, by: max(1, batchSize)) {
      let batch = Array(start..<min(start + max(1, batchSize), lists.count))
      try sink(
        batch.parallelMap { index -> SiteFile in
          let (path, key, entry) = decided[index]
          if let entry { return .reused(path: path, entry: entry) }
          let list = lists[index]
          let page = IndexPage(
            number: list.page, pagination: list.pagination, routes: routes, rows: rows,
            positions: list.positions, listing: list.listing)
          return .rendered(OutputFile(path: path, bytes: page.render(from: inputs), key: key))
        })
    }
  }

  /// Renders `pages` a batch at a time on every core, handing each batch to
  /// `sink`. `page` gives a page's path, its key and how to render it; a
  /// page that `reuse` finds is handed over as reused instead.
  private static func renderInBatches<Page: Sendable>(
    _ pages: [Page], batchSize: Int, reuse: PageReuse, into sink: ([SiteFile]) throws -> Void,
    _ page: @Sendable (Page) -> (path: String, key: ContentHash, render: () -> [UInt8])
  ) throws {
    try makeInBatches(pages, batchSize: batchSize, into: sink) { file(page($0), reuse: reuse) }
  }

  /// The file of a page at `path` made from the inputs of `key`: the current
  /// site's when `reuse` finds it, else rendered.
  private static func file(
    _ page: (path: String, key: ContentHash, render: () -> [UInt8]), reuse: PageReuse
  ) -> SiteFile {
    if let entry = reuse.entry(page.path, page.key) {
      return .reused(path: page.path, entry: entry)
    }
    return .rendered(OutputFile(path: page.path, bytes: page.render(), key: page.key))
  }

  /// Starts rendering `pages` in the background, on every core, as
  /// ``renderInBatches(_:batchSize:reuse:into:_:)`` does but in one batch:
  /// for a few pages, whose files are waited for later. Once `stop` is
  /// raised, the pages not begun are left out.
  private static func renderInBackground<Page: Sendable>(
    _ pages: [Page], reuse: PageReuse, unless stop: StopSignal,
    _ page: @escaping @Sendable (Page) -> (path: String, key: ContentHash, render: () -> [UInt8])
  ) -> BackgroundResult<[SiteFile]> {
    BackgroundResult {
      pages.parallelMap(chunkSize: 1) { stop.isRaised ? nil : file(page($0), reuse: reuse) }
        .compactMap { $0 }
    }
  }

  /// Makes the file of each of `pages` with `file`, a batch at a time on
  /// every core, handing each batch to `sink`.
  private static func makeInBatches<Page: Sendable>(
    _ pages: [Page], batchSize: Int, into sink: ([SiteFile]) throws -> Void,
    _ file: @Sendable (Page) -> SiteFile
  ) throws {
    for start in stride(from: 0, to: pages.count, by: max(1, batchSize)) {
      let batch = Array(pages[start..<min(start + max(1, batchSize), pages.count)])
      try sink(batch.parallelMap(file))
    }
  }
}
