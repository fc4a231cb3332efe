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
    let start = ContinuousClock.now
    let theme = try Theme.load(from: templatesDirectory)
    let content = try contentDirectory.map(SiteContent.load(from:)) ?? .empty
    let writer = SiteWriter(directory: outputDirectory, force: force)
    // Checked before pulling, so a refused folder fails fast.
    try writer.checkOwnership()

    let catalog: CatalogRead?
    switch try readCatalog(theme: theme, content: content, writer: writer) {
    case .upToDate(let files, let pages, let films):
      return upToDateSummary(films: films, pages: pages, files: files, since: start)
    case .decoded(let read): catalog = read
    case nil: catalog = nil
    }

    let pulled = try await pull.films(from: catalog?.opened ?? input.opened())
    var configuration = self.configuration
    if configuration.attribution == nil { configuration.attribution = pulled.attribution }

    let fingerprint: ContentHash
    if let catalog {
      fingerprint = catalog.fingerprint
    } else {
      // Only the films themselves tell whether a pulled site is up to date.
      fingerprint = try BuildFingerprint.make(
        films: pulled.films, content: content, theme: theme, configuration: configuration)
      if let site = try writer.upToDateSite(builtFrom: fingerprint),
        let pages = site.pageCounts
      {
        return upToDateSummary(
          films: pulled.counts, failure: pulled.failure, skipped: pulled.skipped,
          windows: pulled.windows, pages: pages, files: site.files, since: start)
      }
    }

    let plan = try SitePlan(films: pulled.films, configuration: configuration, content: content)
    let pages = plan.pageCounts
    // Pages go to the writer a batch at a time as they are rendered, so a
    // large site is never held in memory whole.
    let renderer = SiteRenderer(theme: theme, configuration: configuration)
    var publication = try writer.begin()
    let files: SiteWriter.Summary
    do {
      let reuse = writer.reuse(for: publication)
      try renderer.render(plan, reusing: reuse) { batch in
        try writer.add(batch, to: &publication)
      }
      files = try writer.publish(
        publication, fingerprint: fingerprint, pageCounts: pages, filmCounts: pulled.counts)
    } catch {
      writer.abandon(publication)
      throw error
    }
    let summary = BuildSummary(
      films: pulled.counts, failure: pulled.failure, skipped: pulled.skipped,
      fieldWarnings: plan.warnings, contentWarnings: plan.content.warnings,
      notes: plan.content.notes.count { $0 != nil }, overrides: plan.content.overrideCount,
      contentPages: plan.content.pages.count, windows: pulled.windows, pages: pages, files: files,
      upToDate: false,
      outputDirectory: outputDirectory,
      duration: ContinuousClock.now - start)
    // The site is published: the films, the plan and the manifests' tables are freed
    // beside whatever comes next (a second at 100,000 films), not before it.
    releaseInBackground((consume catalog, consume pulled, consume plan, consume publication))
    return summary
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

  /// A catalog file read for a build: its films' source, and the fingerprint
  /// its bytes give.
  struct CatalogRead: Sendable {
    let opened: FilmInput.Opened
    let fingerprint: ContentHash
  }

  /// What the read stage learns from a catalog file's bytes.
  enum CatalogReadResult {
    /// The output folder holds the site these bytes build, and the manifest
    /// says its counts: nothing to decode or render.
    case upToDate(files: Int, pages: SitePageCounts, films: FilmCounts)
    case decoded(CatalogRead)
  }

  /// The read stage for a catalog file: its fingerprint is known from its
  /// bytes before they are decoded, so a rebuild from the same file decodes
  /// nothing. `nil` for an input that is not a catalog file, or when an
  /// enrichment step changes the films after the pull (then only the films
  /// themselves tell whether the site is up to date).
  private func readCatalog(theme: Theme, content: SiteContent, writer: SiteWriter) throws
    -> CatalogReadResult?
  {
    guard case .catalog(let path, let maxPages) = input, pull.enrich == nil else { return nil }
    // The bytes are freed once decoded: they are not held while the site renders.
    let catalog = try CatalogFile.read(path: path)
    let fingerprint = try BuildFingerprint.make(
      catalog: catalog, query: pull.query, maxPages: maxPages, content: content, theme: theme,
      configuration: configuration)
    if let site = try writer.upToDateSite(builtFrom: fingerprint),
      let pages = site.pageCounts, let films = site.filmCounts
    {
      return .upToDate(files: site.files, pages: pages, films: films)
    }
    return .decoded(
      CatalogRead(
        opened: try FilmInput.opened(catalog, maxPages: maxPages), fingerprint: fingerprint))
  }
}
