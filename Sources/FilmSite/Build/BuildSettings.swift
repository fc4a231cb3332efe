import FilmSiteSupport

/// Everything a build is made from besides its films
/// (``BuildFingerprint/allButFilms(theme:configuration:content:query:maxPages:leavingOutFilmTemplate:)``),
/// and what its state keeps of the film template (``KeptFilmTemplate``), by
/// which the next build finds an edit of that template's text alone.
struct BuildSettings: Sendable {
  let all: ContentHash
  /// The HTML film template and everything else; `nil` for a Markdown one.
  let filmTemplate: KeptFilmTemplate?

  init(all: ContentHash, filmTemplate: KeptFilmTemplate? = nil) {
    self.all = all
    self.filmTemplate = filmTemplate
  }

  /// The settings of a build of `theme` and `content` with `configuration`,
  /// pulling `query` with at most `maxPages` pages.
  init(
    theme: Theme, configuration: SiteConfiguration, content: SiteContent, query: String,
    maxPages: Int?
  ) throws {
    func allButFilms(leavingOutFilmTemplate: Bool) throws -> ContentHash {
      try BuildFingerprint.allButFilms(
        theme: theme, configuration: configuration, content: content, query: query,
        maxPages: maxPages, leavingOutFilmTemplate: leavingOutFilmTemplate)
    }
    self.init(
      all: try allButFilms(leavingOutFilmTemplate: false),
      filmTemplate: KeptFilmTemplate(
        theme: theme, otherSettings: try allButFilms(leavingOutFilmTemplate: true)))
  }
}
