import FilmCatalog
import FilmSiteSupport
import Foundation

/// A whole build, as its stages: read the theme and the input, pull (and
/// enrich) the films, plan and render the site, write it.
///
/// Everything that can fail on bad input (the theme, the source, a film's
/// route) fails before the first file is written, so a failed build leaves
/// the output folder as it was. A build whose fingerprint matches the site in
/// the output folder stops before rendering; for a catalog file, before
/// decoding it.
public struct SiteBuilder: Sendable {
  var input: FilmInput
  /// How the films are pulled from `input`: the query, the requests in
  /// flight, partial pulls, progress, and the enrichment step.
  var pull: FilmPull
  /// The theme folder, whose files replace the built-in theme's; `nil` for
  /// the built-in theme alone.
  var templatesDirectory: String?
  /// The content folder: notes on films and pages of the owner's own; `nil` for none.
  var contentDirectory: String?
  var outputDirectory: String
  var configuration: SiteConfiguration
  /// Adopt an output folder that FilmSite did not create.
  var force: Bool

  /// A build of the films from `input`.
  /// - Parameter configuration: The site's settings; a catalog's snapshot
  ///   header gives the credit when `configuration` has none.
  public init(
    input: FilmInput,
    pull: FilmPull = FilmPull(),
    templatesDirectory: String? = nil,
    contentDirectory: String? = nil,
    outputDirectory: String = "Output",
    configuration: SiteConfiguration = SiteConfiguration(),
    force: Bool = false
  ) {
    self.input = input
    self.pull = pull
    self.templatesDirectory = templatesDirectory
    self.contentDirectory = contentDirectory
    self.outputDirectory = outputDirectory
    self.configuration = configuration
    self.force = force
  }

  /// Builds the site and says what it did.
  /// - Throws: ``TemplateError``, ``ContentError``, ``CatalogError``, ``PaginationError``,
  ///   ``SiteError``, ``WriterError``, or what the enrichment step throws.
  public func build() async throws -> BuildSummary {
    do {
      return try await build(decodingLater: true)
    } catch is LaterDecodes.Failure {
      // A film left to decode later was not the film the state recorded:
      // nothing is published yet, and every film is decoded this time.
      return try await build(decodingLater: false)
    }
  }

  /// ``build()``; with `decodingLater`, a planned rebuild from a catalog
  /// file decodes the films whose bytes did not change only when a page
  /// needs them (``CatalogFilmBytes/filmsDecodingLater(from:failures:)``).
  /// - Throws: ``LaterDecodes/Failure`` when one of those is not the film
  ///   the state recorded, before anything is published.
  private func build(decodingLater: Bool) async throws -> BuildSummary {
    let start = ContinuousClock.now
    let theme = try Theme.load(from: templatesDirectory)
    let content = try contentDirectory.map(SiteContent.load(from:)) ?? .empty
    let writer = SiteWriter(directory: outputDirectory, force: force)
    // Checked before pulling, so a refused folder fails fast.
    try writer.checkOwnership()

    var catalog: CatalogRead?
    switch try readCatalog(theme: theme, content: content, writer: writer) {
    case .upToDate(let files, let pages, let films):
      return upToDateSummary(films: films, pages: pages, files: files, since: start)
    case .read(let read): catalog = read
    case nil: catalog = nil
    }

    let (catalogState, manifestsReadAhead) = (catalog?.state, catalog?.manifests)
    // With a base URL the feed reads every film's date (`AtomFeed.newestFilms`):
    // every film would be decoded, one at a time.
    let laterDecodes = decodingLater && configuration.baseURL == nil ? LaterDecodes() : nil
    let changedBytes = try catalog.flatMap { catalog in
      try catalogState.flatMap {
        try changedBytesRebuild(catalog, state: $0, theme: theme, content: content)
      }
    }
    let quick = changedBytes?.rebuild
    var configuration = self.configuration
    let pulled: PulledFilms?
    let state: SiteState?
    let rebuild: FilmPageRebuild?
    let settings: BuildSettings
    let fingerprint: ContentHash
    var sources: [ContentHash]?
    if let quick, let catalog {
      (pulled, state, rebuild) = (nil, catalogState, quick.rebuild)
      (configuration, settings, fingerprint) = (
        quick.configuration, quick.settings, catalog.fingerprint
      )
    } else {
      let films = try await pull.films(
        from: catalog.map { catalog in
          try catalog.opened(filmsKey: filmsKey(catalog, theme: theme), failures: laterDecodes)
        } ?? input.opened())
      pulled = films
      if configuration.attribution == nil { configuration.attribution = films.attribution }
      if let catalog {
        fingerprint = catalog.fingerprint
        state = catalogState
      } else {
        // Only the films themselves tell whether a pulled site is up to date.
        fingerprint = try BuildFingerprint.make(
          films: films.films, content: content, theme: theme, configuration: configuration)
        if let site = try writer.upToDateSite(builtFrom: fingerprint),
          let pages = site.pageCounts
        {
          return upToDateSummary(
            films: films.counts, failure: films.failure, skipped: films.skipped,
            windows: films.windows, pages: pages, files: site.files, since: start)
        }
        state = writer.state()
      }
      let allButFilms = try self.settings(
        theme: theme, configuration: configuration, content: content)
      settings = allButFilms
      sources = catalog?.sources(matching: films)
      // The file's bytes are not held here while the site renders; films
      // left to decode later hold them until they are freed.
      catalog = nil
      // With a state of the current site, a rebuild whose edits only the
      // edited films' pages show plans nothing. A catalog file's changed
      // films were checked already: when one of them changed what other
      // pages show, checking every film would find it again.
      if let changedBytes, changedBytes.rebuild == nil {
        rebuild = nil
      } else {
        rebuild = state.flatMap {
          FilmPageRebuild(
            films: films.films, state: $0, settings: allButFilms, theme: theme,
            configuration: configuration, content: content, sources: sources)
        }
      }
    }
    // The last build's records of the pulled films, for the plan and the pages' keys.
    var last = pulled.flatMap { pulled in
      rebuild == nil
        ? LastBuild(
          state, sources: sources, count: pulled.films.count, theme: theme,
          configuration: configuration) : nil
    }
    // Without a rebuild, the plan is made before the writer starts, so bad
    // input fails with the output folder and its spare as they were.
    var plan: SitePlan?
    do {
      plan = try pulled.flatMap { pulled in
        rebuild == nil
          ? try SitePlan(
            films: pulled.films, configuration: configuration, content: content,
            kept: last?.keptOrder, keptTerms: last?.keptTerms, whole: last?.wholeFilms) : nil
      }
    } catch {
      try laterDecodes?.check()
      throw error
    }
    // A rebuild of only the changed films' pages reuses every other file in the
    // manifest's order: it looks up few files by path.
    var publication = try writer.begin(
      readAhead: manifestsReadAhead, reusingInOrder: rebuild != nil)
    let files: SiteWriter.Summary
    let summary: BuildSummary
    do {
      let current = publication.current
      if let rebuild, let pages = current.manifest.pageCounts,
        current.manifest.fingerprint == rebuild.state.fingerprint,
        let folders = try rebuild.stage(
          reusingFrom: current, add: { try writer.add($0, to: &publication) })
      {
        // Without a pull, the films are the state's: as many, none dropped.
        let counts =
          pulled?.counts
          ?? FilmCounts(films: rebuild.state.count, duplicatesDropped: 0, pageCap: nil)
        // Its films may be the pull's, some of them decoded later.
        try laterDecodes?.check()
        files = try writer.publish(
          publication, fingerprint: fingerprint, pageCounts: pages, filmCounts: counts,
          folders: folders, state: rebuild.nextState(fingerprint: fingerprint))
        summary = BuildSummary(
          films: counts, failure: pulled?.failure, skipped: pulled?.skipped ?? [],
          fieldWarnings: rebuild.warnings, contentPages: 0, windows: pulled?.windows,
          pages: pages, files: files, upToDate: false, filmPagesOnly: true,
          filmTemplateEdited: rebuild.templateEdit != nil,
          decodedFilms: pulled == nil ? rebuild.checkedCount : nil,
          outputDirectory: outputDirectory, duration: ContinuousClock.now - start)
        releaseInBackground((consume catalog, consume pulled, consume publication))
        return summary
      }
      // The rebuild could not be used (the site in the folder is not the
      // state's, or a file was edited by hand): the whole site is planned.
      let films: PulledFilms
      if let pulled {
        films = pulled
      } else {
        films = try await pull.films(from: catalog?.opened() ?? input.opened())
      }
      if configuration.attribution == nil { configuration.attribution = films.attribution }
      let sources = sources ?? catalog?.sources(matching: films)
      if plan == nil {
        last = LastBuild(
          state, sources: sources, count: films.films.count, theme: theme,
          configuration: configuration)
      }
      let made =
        try plan
        ?? SitePlan(
          films: films.films, configuration: configuration, content: content,
          kept: last?.keptOrder, keptTerms: last?.keptTerms, whole: last?.wholeFilms)
      plan = nil
      files = try render(
        made, theme: theme, writer: writer, settings: settings, last: last, sources: sources,
        fingerprint: fingerprint, filmCounts: films.counts, laterDecodes: laterDecodes,
        into: &publication)
      // Films left to decode later that no page needed are not decoded yet.
      let decoded = films.films.count(where: \.isDecoded)
      summary = BuildSummary(
        films: films.counts, failure: films.failure, skipped: films.skipped,
        fieldWarnings: made.warnings, contentWarnings: made.content.warnings,
        notes: made.content.notes.count { $0 != nil }, overrides: made.content.overrideCount,
        contentPages: made.content.pages.count, windows: films.windows, pages: made.pageCounts,
        files: files, upToDate: false,
        decodedFilms: decoded < films.films.count ? decoded : nil,
        outputDirectory: outputDirectory, duration: ContinuousClock.now - start)
      // The site is published: the films, the plan and the manifests' tables are freed
      // beside whatever comes next (a second at 100,000 films), not before it.
      releaseInBackground((consume catalog, consume films, consume made, consume publication))
    } catch {
      writer.abandon(publication)
      // An error of a film decoded later that was not the one recorded is that film's.
      try laterDecodes?.check()
      throw error
    }
    return summary
  }

  /// The films key of a build from `catalog` (``BuildFingerprint/filmsKey(theme:configuration:)``),
  /// with the credit its pull will give it; `nil` when the plan would refuse the settings.
  private func filmsKey(_ catalog: CatalogRead, theme: Theme) -> ContentHash? {
    var configuration = self.configuration
    if configuration.attribution == nil {
      configuration.attribution = pull.attribution ?? catalog.filmBytes?.attribution
    }
    guard let normalized = try? SitePlan.normalized(configuration) else { return nil }
    return try? BuildFingerprint.filmsKey(theme: theme, configuration: normalized)
  }

  /// What the films whose bytes changed since `state` allow (``changedBytesRebuild(_:state:theme:content:)``).
  private struct ChangedBytes {
    /// The rebuild of the changed films' pages alone, or `nil` when one of them
    /// changed something other pages show (``FilmPageRebuild``): the site is planned.
    let rebuild:
      (rebuild: FilmPageRebuild, configuration: SiteConfiguration, settings: BuildSettings)?
  }

  /// The rebuild of a catalog file whose films' bytes `state` has hashes
  /// of, when only films whose own pages show their changes changed: only
  /// those, and the films that warned, are decoded, and nothing is pulled.
  /// `nil` when the changed films cannot be told without pulling them all
  /// (``CatalogFilmBytes/offsetsToDecode(from:)``, ``CatalogFilmBytes/films(at:)``).
  private func changedBytesRebuild(
    _ catalog: CatalogRead, state: SiteState, theme: Theme, content: SiteContent
  ) throws -> ChangedBytes? {
    guard let filmBytes = catalog.filmBytes, let offsets = filmBytes.offsetsToDecode(from: state),
      let films = filmBytes.films(at: offsets)
    else { return nil }
    var configuration = self.configuration
    // As a pull gives it: the source's credit first, then the snapshot header's.
    if configuration.attribution == nil {
      configuration.attribution = pull.attribution ?? filmBytes.attribution
    }
    let settings = try self.settings(theme: theme, configuration: configuration, content: content)
    let rebuild = FilmPageRebuild(
      checking: films, state: state, settings: settings, theme: theme,
      configuration: configuration, content: content, sources: filmBytes.hashes,
      filmsAt: { offsets in filmBytes.filmsAgain(at: offsets) })
    return ChangedBytes(rebuild: rebuild.map { ($0, configuration, settings) })
  }

  /// Everything the site is built from besides its films, and what the state keeps of the film template.
  private func settings(theme: Theme, configuration: SiteConfiguration, content: SiteContent)
    throws -> BuildSettings
  {
    try BuildSettings(
      theme: theme, configuration: configuration, content: content, query: pull.query,
      maxPages: input.maxPages)
  }

  /// Renders the pages of `plan`, reusing the current site's where their
  /// keys match, and publishes them with the state the next build starts from.
  private func render(
    _ plan: SitePlan, theme: Theme, writer: SiteWriter, settings: BuildSettings,
    last: LastBuild?, sources: [ContentHash]?, fingerprint: ContentHash, filmCounts: FilmCounts,
    laterDecodes: LaterDecodes?, into publication: inout Publication
  ) throws -> SiteWriter.Summary {
    // Pages go to the writer a batch at a time as they are rendered, so a
    // large site is never held in memory whole.
    let renderer = SiteRenderer(theme: theme, configuration: plan.configuration)
    let filmsKey = try BuildFingerprint.filmsKey(theme: theme, configuration: plan.configuration)
    let records = last?.records
    let sites = try BuildFingerprint.siteKeys(theme: theme, configuration: plan.configuration)
    // The last search index is read from the state on one core while the
    // pages' keys and the films' kept links are worked out on the others:
    // much of its reading is on one core.
    let keptSearch = BackgroundResult { last?.keptSearch(for: plan, site: sites.search) }
    let keys = PageKeys(
      sites: sites, plan: plan,
      // Only a record found by the film's bytes has the film's hash.
      knownFilms: sources == nil
        ? nil : last?.state.filmHashes(of: plan.sourceOffsets, records: records))
    let kept = last.flatMap { $0.keptFilms(of: plan, keys: keys, sources: sources) }
    // A kept film's page is the current site's when the current site is the
    // one the state describes, and its pages' keys start as this build's do.
    let keptPages =
      kept.flatMap { kept in
        last.flatMap { last in
          last.state.fingerprint == publication.current.manifest.fingerprint
            && last.state.pageSite == keys.sites.film ? kept : nil
        }
      }
    let links = FilmLinks(
      of: plan, keptActors: last?.keptActors(for: plan), keptDigests: last?.keptLinks(for: plan),
      later: keptPages)
    let reuse = writer.reuse(for: publication)
    let searchChunks = try renderer.render(
      plan, links: links, keptFilmPages: keptPages, keys: keys,
      keptSearch: keptSearch.wait(), reusing: reuse,
      rowStore: writer.rowStore()
    ) { batch in
      try writer.add(batch, to: &publication)
    }
    // Every page is made: one made with a film that was not the one recorded is not published.
    try laterDecodes?.check()
    // The next state is made while the site is published: publishing waits
    // on the file system for much of its time, and the state is needed last.
    let files = publication.staged.count
    let state = BackgroundResult {
      nextState(
        of: plan, links: links, keys: keys, theme: theme, settings: settings.all,
        filmTemplate: settings.filmTemplate, filmsKey: filmsKey,
        last: last.map { ($0.state, records) }, kept: kept, sources: sources,
        searchChunks: searchChunks, fingerprint: fingerprint, files: files)
    }
    let published: SiteWriter.Summary
    do {
      published = try writer.publish(
        publication, fingerprint: fingerprint, pageCounts: plan.pageCounts,
        filmCounts: filmCounts, state: state.wait())
    } catch {
      // Nothing of this build runs on after it.
      _ = state.wait()
      throw error
    }
    // Like the plan, each film's links and the state's work, which holds
    // them, are freed beside the summary rather than before it.
    releaseInBackground((consume links, consume keys, consume state))
    return published
  }

  /// The summary of a build that found the site up to date: nothing written,
  /// every one of its `files` unchanged.
  private func upToDateSummary(
    films: FilmCounts, failure: PaginationError? = nil, skipped: [any Error] = [],
    windows: PullWindows? = nil, pages: SitePageCounts, files: Int,
    since start: ContinuousClock.Instant
  ) -> BuildSummary {
    BuildSummary(
      films: films, failure: failure, skipped: skipped, windows: windows, pages: pages,
      files: SiteWriter.Summary(written: 0, unchanged: files, removed: 0),
      upToDate: true, outputDirectory: outputDirectory, duration: ContinuousClock.now - start)
  }
}
