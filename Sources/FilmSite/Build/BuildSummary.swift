import FilmCatalog

/// What a build did, printed as one line at its end.
public struct BuildSummary: Sendable, CustomStringConvertible {
  let films: Int
  let duplicatesDropped: Int
  /// The page cap, when loading stopped at it and more films may exist.
  let pageCap: Int?
  /// The page that failed, when the build went on with `allowPartial`.
  public let failure: PaginationError?
  /// Films the enrichment step left out (with `allowPartial`), with why.
  public let skipped: [any Error]
  /// The films' values the plan left out because no page could show them
  /// safely. Empty when the site was up to date: nothing was planned.
  public let fieldWarnings: [FieldWarning]
  /// Notes named for no film of the catalog, which were left out.
  public let contentWarnings: [ContentWarning]
  /// Films with a note, film fields the notes set, and pages of the owner's own.
  let notes: Int
  let overrides: Int
  let contentPages: Int
  /// How the pull was split into windows, when the listing was longer than
  /// the source serves of one query.
  public let windows: PullWindows?
  let indexPages: Int
  /// Genre, director and year pages, and their lists.
  let browsePages: Int
  /// Whether the sitemap, `robots.txt` and canonical links were written.
  let hasSiteFiles: Bool
  public let files: SiteWriter.Summary
  /// Whether the output folder was already built from the same films, theme
  /// and settings, so that nothing was rendered.
  let upToDate: Bool
  /// Whether only the changed films' pages were rendered, without a plan,
  /// because nothing else they show changed (``FilmPageRebuild``).
  let filmPagesOnly: Bool
  /// Whether the film template's text alone changed besides, and was put
  /// into the current site's film pages (``FilmTemplateEdit``).
  let filmTemplateEdited: Bool
  /// How many films were decoded from a catalog file whose other films'
  /// bytes had not changed (``CatalogFilmBytes``); `nil` when every film was.
  let decodedFilms: Int?
  let outputDirectory: String
  let duration: Duration

  init(
    films: FilmCounts, failure: PaginationError?, skipped: [any Error],
    fieldWarnings: [FieldWarning] = [], contentWarnings: [ContentWarning] = [], notes: Int = 0,
    overrides: Int = 0, contentPages: Int = 0, windows: PullWindows? = nil, pages: SitePageCounts,
    files: SiteWriter.Summary,
    upToDate: Bool, filmPagesOnly: Bool = false, filmTemplateEdited: Bool = false,
    decodedFilms: Int? = nil,
    outputDirectory: String, duration: Duration
  ) {
    self.films = films.films
    duplicatesDropped = films.duplicatesDropped
    pageCap = films.pageCap
    self.failure = failure
    self.skipped = skipped
    self.fieldWarnings = fieldWarnings
    self.contentWarnings = contentWarnings
    self.notes = notes
    self.overrides = overrides
    self.contentPages = contentPages
    self.windows = windows
    indexPages = pages.indexPages
    browsePages = pages.browsePages
    hasSiteFiles = pages.hasSiteFiles
    self.files = files
    self.upToDate = upToDate
    self.filmPagesOnly = filmPagesOnly
    self.filmTemplateEdited = filmTemplateEdited
    self.decodedFilms = decodedFilms
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
    let state =
      upToDate
      ? " (already up to date: same films, theme and settings)"
      : filmPagesOnly
        ? (filmTemplateEdited
          ? " (only the film pages: the film template's text changed, and was put into them"
          : " (only the changed films' own pages: nothing else they show changed")
          + (decodedFilms.map { "; \($0) \($0 == 1 ? "film" : "films") decoded again" } ?? "")
          + ")"
        : ""
    let count = fieldWarnings.count
    let leftOut =
      count == 0
      ? "" : "; \(count) film \(count == 1 ? "value" : "values") left out (see the warnings)"
    let content =
      notes == 0 && contentPages == 0
      ? ""
      : "; \(notes) \(notes == 1 ? "note" : "notes") (\(overrides) \(overrides == 1 ? "field" : "fields") corrected), \(contentPages) \(contentPages == 1 ? "page" : "pages") of your own"
    let orphans =
      contentWarnings.isEmpty
      ? ""
      : "; \(contentWarnings.count) \(contentWarnings.count == 1 ? "note" : "notes") for no film left out (see the warnings)"
    let split =
      windows.map { "; " + $0.summary } ?? ""
    let siteFiles =
      hasSiteFiles
      ? "" : "; no sitemap.xml, robots.txt, feed.xml or canonical links (they need --base-url)"
    return
      "Built \(films) \(films == 1 ? "film" : "films")\(duplicates), \(indexPages) index \(indexPages == 1 ? "page" : "pages") and \(browsePages) browse \(browsePages == 1 ? "page" : "pages") into \(outputDirectory): \(files.written) \(files.written == 1 ? "file" : "files") written, \(files.unchanged) unchanged, \(files.removed) removed in \(time) s\(state)\(content)\(orphans)\(split)\(leftOut)\(siteFiles)\(cap)\(partial)"
  }
}
