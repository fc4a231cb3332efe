import FilmCatalog

/// The values the theme's templates get: those of every page, and a film's.
///
/// None depends on the page a template is rendered for: the links from the
/// page to the site root are ``TemplateHole``s, which the page fills. So the
/// values are made once for the site, and a film's row is rendered once
/// (``row(for:at:in:)``) for every list it is on.
struct PageContexts: Sendable {
  static let placeholderPath = "assets/poster-placeholder.svg"

  let configuration: SiteConfiguration
  let markdown: MarkdownRenderer

  /// Values every template receives: the site's title, and the root's path and URL.
  let common: TemplateContext
  /// The values a film's template (its page, or its row in a list) gets
  /// besides the film's own: the common ones and the poster placeholder's URL.
  let filmPage: TemplateContext

  init(configuration: SiteConfiguration, markdown: MarkdownRenderer) {
    self.configuration = configuration
    self.markdown = markdown
    common = [
      "siteTitle": .text(configuration.title), "root": .hole(.rootPath, then: ""),
      "homeURL": .hole(.rootURL, then: ""),
    ]
    var filmPage = common
    filmPage["posterPlaceholder"] = .hole(.rootPath, then: Self.placeholderPath)
    self.filmPage = filmPage
  }

  /// A film's values for `template`, a film page's among them.
  /// - Parameter overviewHTML: The film's overview as ``overviewHTML(_:)``
  ///   makes it, when the caller has it already.
  func filmContext(_ film: Film, for template: Template, overviewHTML: [UInt8]? = nil)
    -> TemplateContext
  {
    var context = filmValues(film, for: template, overviewHTML: overviewHTML)
    context.merge(filmPage)
    return context
  }

  /// A film's row in a list, for the film's page at `route`, rendered once
  /// with `template` for every list page that shows it.
  func row(for film: Film, note: FilmNote? = nil, at route: Route, in template: Template)
    -> PrerenderedTemplate
  {
    var values = filmValues(film, for: template)
    // Most films have no note: their rows get nothing to merge.
    if let note { values.merge(Self.noteValues(note)) }
    // Lists are never inside the films' folder, so the link from a list to a
    // film is the way to the root, then the film's route.
    values["url"] = .hole(.rootPath, then: route.description)
    return template.prerender(values, within: filmPage)
  }

  /// The values of a film that are the same on every page that shows it,
  /// those `template` uses: an index row shows no overview, so none is
  /// prepared (or kept in memory for every list the film is on).
  func filmValues(_ film: Film, for template: Template, overviewHTML: [UInt8]? = nil)
    -> TemplateContext
  {
    FilmTemplateFields.values(
      of: film, for: template, contexts: self, overviewHTML: overviewHTML)
  }

  /// A film's `overview` as an HTML template shows it: cmark's safe HTML of
  /// ``overviewMarkdown(_:)``.
  func overviewHTML(_ overview: String) -> [UInt8] {
    html(fromMarkdown: Array(Self.overviewMarkdown(overview).utf8))
  }

  /// Overviews longer than this are shown as plain text: real ones are a few
  /// hundred characters, and cmark 0.30 takes quadratic time on some long inputs.
  static let maximumMarkdownOverview = 64 * 1024

  /// The overview as one Markdown paragraph, or as literal text when it is very long.
  static func overviewMarkdown(_ overview: String) -> String {
    overview.utf8.count > maximumMarkdownOverview
      ? Escaping.markdown(overview) : Escaping.markdownParagraph(overview)
  }

  /// What a film's note gives its page and its row: the owner's rating,
  /// with one decimal, and whether the film is featured.
  static func noteValues(_ note: FilmNote) -> TemplateContext {
    [
      "yourRating": .optional(note.rating?.oneDecimalText),
      "featured": note.featured ? .text("yes") : .absent,
    ]
  }

  /// `1999 · 139 min`, or whichever half is known.
  static func facts(_ film: Film) -> String {
    [film.year.map(String.init), film.runtime.map { "\($0) min" }]
      .compactMap { $0 }
      .joined(separator: " · ")
  }

  /// The HTML (UTF-8) a page shows for the Markdown (UTF-8) `source`.
  func html(fromMarkdown source: [UInt8]) -> [UInt8] {
    markdown.pageHTML(from: source)
  }
}
