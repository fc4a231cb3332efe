import FilmCatalog
import Foundation

/// The whole pipeline: pull every page from a source, render the site, write it.
///
/// Everything that can fail on bad input (the theme, the source, a film's
/// route) fails before the first file is written, so a failed build leaves
/// the output folder as it was.
public struct SiteBuilder: Sendable {
  public var input: FilmInput
  public var query: String
  /// The theme folder, whose files replace the built-in theme's; `nil` for
  /// the built-in theme alone.
  public var templatesDirectory: String?
  public var outputDirectory: String
  public var configuration: SiteConfiguration
  /// Adopt an output folder that FilmSite did not create.
  public var force: Bool
  /// Page requests kept in flight.
  public var concurrency = 1
  /// Build from the pages before a failed one instead of failing.
  public var allowPartial = false
  /// Called as pages arrive.
  public var progress: (@Sendable (Paginator.Progress) -> Void)?
  /// A step between the pull and the render, for sources whose search results
  /// lack fields that another request gives (TMDB's details). It gets the
  /// pulled films and returns the films to build.
  public var enrich: (@Sendable ([Film]) async throws -> [Film])?

  /// A build of the films from `input`.
  /// - Parameter configuration: The site's settings; a catalog's snapshot
  ///   header gives the credit when `configuration` has none.
  public init(
    input: FilmInput,
    query: String = "",
    templatesDirectory: String? = nil,
    outputDirectory: String = "Output",
    configuration: SiteConfiguration = SiteConfiguration(),
    force: Bool = false
  ) {
    self.input = input
    self.query = query
    self.templatesDirectory = templatesDirectory
    self.outputDirectory = outputDirectory
    self.configuration = configuration
    self.force = force
  }

  /// A build that pulls every page of `source`, up to `maxPages`.
  public init(
    source: any FilmSource,
    query: String = "",
    maxPages: Int = Paginator.defaultMaxPages,
    templatesDirectory: String? = nil,
    outputDirectory: String = "Output",
    configuration: SiteConfiguration = SiteConfiguration(),
    force: Bool = false
  ) {
    self.init(
      input: .source(source, maxPages: maxPages), query: query,
      templatesDirectory: templatesDirectory, outputDirectory: outputDirectory,
      configuration: configuration, force: force)
  }

  /// Builds the site and says what it did.
  /// - Throws: ``TemplateError``, ``CatalogError``, ``PaginationError``, ``SiteError`` or
  ///   ``WriterError``.
  public func build() async throws -> BuildSummary {
    let start = ContinuousClock.now
    let theme = try Theme.load(from: templatesDirectory)
    let writer = SiteWriter(directory: outputDirectory, force: force)
    // Check the folder before pulling, so a refused folder fails fast.
    try writer.checkOwnership()

    // A catalog file is known by its bytes before it is decoded: a rebuild
    // from the same file stops here, having decoded nothing.
    var catalogFingerprint: ContentHash?
    var opened: FilmInput.Opened?
    // (Not when a step changes the films after the pull: then only the films
    // themselves tell whether the site is up to date.)
    if case .catalog(let path, let maxPages) = input, enrich == nil {
      // The bytes are freed once decoded: they are not held while the site renders.
      let catalog = try CatalogFile.read(path: path)
      let fingerprint = try BuildFingerprint.make(
        catalog: catalog, query: query, maxPages: maxPages, theme: theme,
        configuration: configuration)
      if let upToDate = try writer.upToDateSite(builtFrom: fingerprint),
        let pageCounts = upToDate.pageCounts, let filmCounts = upToDate.filmCounts
      {
        return BuildSummary(
          films: filmCounts, failure: nil, pages: pageCounts,
          files: SiteWriter.Summary(written: 0, unchanged: upToDate.files, removed: 0),
          upToDate: true, outputDirectory: outputDirectory, duration: ContinuousClock.now - start)
      }
      catalogFingerprint = fingerprint
      opened = try FilmInput.opened(catalog, maxPages: maxPages)
    }

    let pulled = try opened ?? input.opened()
    var configuration = self.configuration
    if configuration.attribution == nil { configuration.attribution = pulled.attribution }
    let paginator = Paginator(
      source: pulled.source, query: query, maxPages: pulled.maxPages, concurrency: concurrency,
      progress: progress)
    let pull = try await paginator.pull(allowPartial: allowPartial)
    let films = try await enrich?(pull.films) ?? pull.films
    let filmCounts = FilmCounts(
      films: films.count, duplicatesDropped: pull.duplicatesDropped, pageCap: pull.pageCap)
    let fingerprint: ContentHash
    var upToDate: (files: Int, pageCounts: SitePageCounts?, filmCounts: FilmCounts?)?
    if let catalogFingerprint {
      fingerprint = catalogFingerprint
    } else {
      fingerprint = try BuildFingerprint.make(
        films: films, theme: theme, configuration: configuration)
      upToDate = try writer.upToDateSite(builtFrom: fingerprint)
    }
    let written: SiteWriter.Summary
    let counts: SitePageCounts
    if let upToDate, let pageCounts = upToDate.pageCounts {
      written = SiteWriter.Summary(written: 0, unchanged: upToDate.files, removed: 0)
      counts = pageCounts
    } else {
      // Pages go to the writer a batch at a time as they are rendered, so a
      // large site is never held in memory whole.
      let renderer = SiteRenderer(theme: theme, configuration: configuration)
      var publication = try writer.begin()
      do {
        counts = try renderer.render(films) { batch in try writer.add(batch, to: &publication) }
        written = try writer.publish(
          publication, fingerprint: fingerprint, pageCounts: counts, filmCounts: filmCounts)
      } catch {
        writer.abandon(publication)
        throw error
      }
    }
    return BuildSummary(
      films: filmCounts, failure: pull.failure, pages: counts, files: written,
      upToDate: written.written == 0 && upToDate?.pageCounts != nil,
      outputDirectory: outputDirectory, duration: ContinuousClock.now - start)
  }
}

/// What a build did, printed as one line at its end.
public struct BuildSummary: Sendable, CustomStringConvertible {
  public let films: Int
  public let duplicatesDropped: Int
  /// The page cap, when loading stopped at it and more films may exist.
  public let pageCap: Int?
  /// The page that failed, when the build went on with `allowPartial`.
  public let failure: PaginationError?
  public let indexPages: Int
  /// Genre, director and year pages, and their lists.
  public let browsePages: Int
  /// Whether the sitemap, `robots.txt` and canonical links were written.
  public let hasSiteFiles: Bool
  public let files: SiteWriter.Summary
  /// Whether the output folder was already built from the same films, theme
  /// and settings, so that nothing was rendered.
  public let upToDate: Bool
  public let outputDirectory: String
  public let duration: Duration

  init(
    films: FilmCounts, failure: PaginationError?, pages: SitePageCounts,
    files: SiteWriter.Summary, upToDate: Bool, outputDirectory: String, duration: Duration
  ) {
    self.films = films.films
    duplicatesDropped = films.duplicatesDropped
    pageCap = films.pageCap
    self.failure = failure
    indexPages = pages.indexPages
    browsePages = pages.browsePages
    hasSiteFiles = pages.hasSiteFiles
    self.files = files
    self.upToDate = upToDate
    self.outputDirectory = outputDirectory
    self.duration = duration
  }

  public var description: String {
    let seconds =
      Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    let duplicates = duplicatesDropped > 0 ? " (\(duplicatesDropped) duplicates dropped)" : ""
    let time = String(format: "%.2f", seconds)
    let cap =
      pageCap.map {
        "; stopped at the page cap of \($0) source pages, so more films may exist (raise --max-pages)"
      } ?? ""
    let partial =
      failure.map { "; INCOMPLETE: built from the pages before page \($0.page), which failed" }
      ?? ""
    let state = upToDate ? " (already up to date: same films, theme and settings)" : ""
    let siteFiles =
      hasSiteFiles ? "" : "; no sitemap.xml, robots.txt or canonical links (they need --base-url)"
    return
      "Built \(films) \(films == 1 ? "film" : "films")\(duplicates), \(indexPages) index \(indexPages == 1 ? "page" : "pages") and \(browsePages) browse \(browsePages == 1 ? "page" : "pages") into \(outputDirectory): \(files.written) \(files.written == 1 ? "file" : "files") written, \(files.unchanged) unchanged, \(files.removed) removed in \(time) s\(state)\(siteFiles)\(cap)\(partial)"
  }
}
