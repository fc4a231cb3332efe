import FilmCatalog

/// What every page needs to render: the theme, the site's settings and Markdown.
struct PageRenderer: Sendable {
  static let placeholderPath = "assets/poster-placeholder.svg"

  let theme: Theme
  let configuration: SiteConfiguration
  let markdown: MarkdownRenderer

  /// Values every template receives.
  func commonContext(at route: Route) -> TemplateContext {
    [
      "siteTitle": .text(configuration.title),
      "root": .text(route.depth == 0 ? "" : route.url(to: .root)),
      "homeURL": .text(route.url(to: .root)),
    ]
  }

  /// A film's values, with URLs relative to the page at `route`: those
  /// `template` uses (an index row shows no overview, so none is prepared).
  func filmContext(_ film: Film, at route: Route, for template: Template) -> TemplateContext {
    var context = commonContext(at: route)
    context.values.reserveCapacity(16)
    let names = template.names
    func set(_ name: String, _ value: @autoclosure () -> TemplateValue) {
      if names.contains(name) { context[name] = value() }
    }
    set("id", .text(film.id))
    set("title", .text(film.title))
    set("year", .optional(film.year.map(String.init)))
    set("runtime", .optional(film.runtime.map(String.init)))
    set("facts", .text(Self.facts(film)))
    set("director", .optional(film.director))
    set("genres", .text(film.genres.joined(separator: " · ")))
    set("overview", .optional(film.overview.map(Self.overviewMarkdown)))
    set("poster", .optional(film.posterURL(base: configuration.posterBaseURL)))
    set("posterPlaceholder", .text(route.url(toFile: Self.placeholderPath)))
    return context
  }

  /// Overviews longer than this are shown as plain text: real ones are a few
  /// hundred characters, and cmark 0.30 takes quadratic time on some long inputs.
  static let maximumMarkdownOverview = 64 * 1024

  /// The overview as one Markdown paragraph, or as literal text when it is very long.
  static func overviewMarkdown(_ overview: String) -> String {
    overview.utf8.count > maximumMarkdownOverview
      ? Escaping.markdown(overview) : Escaping.markdownParagraph(overview)
  }

  /// `1999 · 139 min`, or whichever half is known.
  static func facts(_ film: Film) -> String {
    [film.year.map(String.init), film.runtime.map { "\($0) min" }]
      .compactMap { $0 }
      .joined(separator: " · ")
  }

  /// Renders `markdown` and wraps it in the layout.
  /// - Parameters:
  ///   - kind: `index` or `film`, for the theme's styles.
  ///   - title: The page's own title; the site title follows it in `<title>`.
  ///   - pager: The page number and pagination of an index page, for its links.
  func layout(
    at route: Route, kind: String, title: String?, markdown source: String,
    pager: (page: Int, pagination: Pagination)? = nil
  ) -> String {
    let html = Escaping.removingForbiddenCharacters(
      ImageAttributes.apply(to: markdown.html(from: source)))
    var context = commonContext(at: route)
    context["title"] = .text(title.map { "\($0) · \(configuration.title)" } ?? configuration.title)
    context["content"] = .text(html)
    context["pageKind"] = .text(kind)
    context["attribution"] = .optional(configuration.attribution?.text)
    context["attributionURL"] = .optional(configuration.attribution?.url)
    if let (page, pagination) = pager {
      context["page"] = .text(String(page))
      context["pageCount"] = .text(String(pagination.pageCount))
      if page > 1 {
        context["prevURL"] = .text(route.url(to: pagination.route(forPage: page - 1)))
      }
      if page < pagination.pageCount {
        context["nextURL"] = .text(route.url(to: pagination.route(forPage: page + 1)))
      }
    }
    return theme.layout.render(context)
  }
}
