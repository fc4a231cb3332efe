import FilmCatalog
import FilmSiteSupport

/// The read stage of a build from a catalog file: the file's bytes give the
/// build's fingerprint before they are decoded, so a rebuild from the same
/// file decodes nothing.
extension SiteBuilder {
  /// A catalog file read for a build: its films' source, and the fingerprint
  /// its bytes give.
  struct CatalogRead: Sendable {
    let file: CatalogFile
    let maxPages: Int?
    let fingerprint: ContentHash
    /// Its films' bytes, when the build can leave their hashes to the next
    /// one: the whole file is pulled (no query, no page cap) and its layout is known.
    let filmBytes: CatalogFilmBytes?
    /// The state the last build left beside the output folder: a catalog
    /// that is not up to date is built with it in any case.
    let state: SiteState?
    /// The output folder's manifests, read ahead for the writer.
    let manifests: ManifestsReadAhead?

    /// The file decoded, as a source to pull.
    func opened() throws -> FilmInput.Opened {
      try FilmInput.opened(file, maxPages: maxPages)
    }

    /// The file as a source to pull, for a build whose films key is
    /// `filmsKey`: when the state was made with the same, its films that did
    /// not change are decoded only if a page needs them
    /// (``CatalogFilmBytes/filmsDecodingLater(from:failures:)``); otherwise
    /// the file decoded (``opened()``).
    func opened(filmsKey: ContentHash?, failures: LaterDecodes?) throws -> FilmInput.Opened {
      guard let failures, let filmBytes, let state, let filmsKey, state.filmsKey == filmsKey,
        let films = filmBytes.filmsDecodingLater(from: state, failures: failures)
      else { return try opened() }
      // As ``FilmInput/opened(_:maxPages:)`` makes it from the decoded file:
      // there are films bytes only for the whole file (no page cap).
      let source = CatalogSource(films: films)
      return FilmInput.Opened(
        source: source, maxPages: maxPages ?? source.pagesToReadAll,
        attribution: filmBytes.attribution)
    }

    /// The hashes of the films' bytes, when `pulled` are the file's films one for one.
    func sources(matching pulled: PulledFilms) -> [ContentHash]? {
      guard let filmBytes, pulled.films.count == filmBytes.hashes.count,
        pulled.counts.duplicatesDropped == 0, pulled.counts.pageCap == nil,
        pulled.failure == nil
      else { return nil }
      return filmBytes.hashes
    }
  }

  /// What the read stage learns from a catalog file's bytes.
  enum CatalogReadResult {
    /// The output folder holds the site these bytes build, and the manifest
    /// says its counts: nothing to decode or render.
    case upToDate(files: Int, pages: SitePageCounts, films: FilmCounts)
    case read(CatalogRead)
  }

  /// The read stage for a catalog file: its fingerprint is known from its
  /// bytes before they are decoded, so a rebuild from the same file decodes
  /// nothing. `nil` for an input that is not a catalog file, or when an
  /// enrichment step changes the films after the pull (then only the films
  /// themselves tell whether the site is up to date).
  func readCatalog(theme: Theme, content: SiteContent, writer: SiteWriter) throws
    -> CatalogReadResult?
  {
    guard case .catalog(let path, let maxPages) = input, pull.enrich == nil else { return nil }
    let wholeFile = maxPages == nil && pull.query.isEmpty
    // The writer's two manifests, the longest to read, are read in the
    // background from the start: while the file is read on one core (most of
    // a large file's time goes to the pages its bytes land in), and then
    // while its films are found and hashed (one pass through the file) and
    // the state is read. A site that may be up to date (its manifest names
    // this build's fingerprint) needs neither manifest: their reading is
    // stopped before its files are checked, on every core.
    let stop = StopSignal()
    let manifests = BackgroundResult { writer.readManifestsAhead(unless: stop) }
    do {
      let catalog = try CatalogFile.read(path: path)
      let fingerprint = try BuildFingerprint.make(
        catalog: catalog, query: pull.query, maxPages: maxPages, content: content, theme: theme,
        configuration: configuration)
      if writer.manifestNames(fingerprint) { stop.raise() }
      if let site = try writer.upToDateSite(builtFrom: fingerprint),
        let pages = site.pageCounts, let films = site.filmCounts
      {
        // Raised already, unless the manifest was replaced since it was looked at.
        stop.raise()
        return .upToDate(files: site.files, pages: pages, films: films)
      }
      let filmBytes = wholeFile ? CatalogFilmBytes(catalog) : nil
      return .read(
        CatalogRead(
          file: catalog, maxPages: maxPages, fingerprint: fingerprint, filmBytes: filmBytes,
          state: writer.state(), manifests: manifests.wait()))
    } catch {
      stop.raise()
      throw error
    }
  }
}
