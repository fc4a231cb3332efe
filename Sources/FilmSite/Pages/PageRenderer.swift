import FilmCatalog
import FilmSiteSupport

/// What every page needs to render: the theme, the site's settings and Markdown.
struct PageRenderer: Sendable {
  static let placeholderPath = "assets/poster-placeholder.svg"

  let theme: Theme
  let configuration: SiteConfiguration
  let markdown: MarkdownRenderer

  /// Values every template receives.
  /// - Parameter linkBase: An absolute URL to use as the root instead of a relative path.
  func commonContext(at route: Route, linkBase: String? = nil) -> TemplateContext {
    if let linkBase {
      return [
        "siteTitle": .text(configuration.title), "root": .text(linkBase),
        "homeURL": .text(linkBase),
      ]
    }
    return [
      "siteTitle": .text(configuration.title),
      "root": .text(route.depth == 0 ? "" : route.url(to: .root)),
      "homeURL": .text(route.url(to: .root)),
    ]
  }

  /// A film's values for `template`, with URLs relative to the page at `route`.
  func filmContext(_ film: Film, at route: Route, for template: Template) -> TemplateContext {
    var context = filmValues(film, for: template)
    context.merge(pageContext(at: route))
    return context
  }

  /// The values a film's template gets that depend only on the page at
  /// `route`: the common ones and the poster placeholder's URL. An index page
  /// makes them once and renders each row within them.
  func pageContext(at route: Route) -> TemplateContext {
    var context = commonContext(at: route)
    context["posterPlaceholder"] = .text(route.url(toFile: Self.placeholderPath))
    return context
  }

  /// The values of a film that are the same on every page that shows it,
  /// those `template` uses: an index row shows no overview, so none is
  /// prepared (or kept in memory for every list the film is on).
  func filmValues(_ film: Film, for template: Template) -> TemplateContext {
    FilmTemplateFields.values(of: film, for: template, renderer: self)
  }

  /// A film's index row: rendered once with ``RowPrefix`` tokens where the
  /// links from the page begin (see ``RowPrefix``), or its values when its
  /// text holds the token's character.
  func row(for film: Film, at route: Route) -> ListedFilm.Row {
    let template = theme.row
    let values = filmValues(film, for: template)
    let holdsToken = values.contains { value in
      if case .text(let text) = value { return RowPrefix.mayHoldToken(text) }
      return false
    }
    guard !holdsToken, !RowPrefix.mayHoldToken(configuration.title) else {
      return .values(values)
    }
    // pageContext(at:) for a page below the root, with the token for its `../`s.
    let token = RowPrefix.token
    let page: TemplateContext = [
      "siteTitle": .text(configuration.title), "root": .text(token), "homeURL": .text(token),
      "posterPlaceholder": .text(token + Self.placeholderPath),
    ]
    var row: [UInt8] = []
    template.render(
      values, within: page, setting: "url", to: .text(token + route.description), into: &row)
    return .rendered(row)
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

  /// Renders `markdown` (UTF-8) and wraps it in the layout, giving the page's bytes.
  /// - Parameters:
  ///   - kind: `index`, `film`, `terms`, `search` or `not-found`, for the theme's styles.
  ///   - title: The page's own title; the site title follows it in `<title>`.
  ///   - pager: The page number and pagination of a film list, for its links.
  func layout(
    at route: Route, kind: String, title: String?, markdown source: [UInt8],
    pager: (page: Int, pagination: Pagination)? = nil, linkBase: String? = nil,
    canonical: Bool = true
  ) -> [UInt8] {
    layout(
      at: route, kind: kind, title: title, html: html(fromMarkdown: source), pager: pager,
      linkBase: linkBase, canonical: canonical)
  }

  /// The HTML (UTF-8) for `source`, Markdown as UTF-8: cmark's, in safe mode,
  /// with images finished, valid UTF-8, and without the characters HTML forbids.
  func html(fromMarkdown source: [UInt8]) -> [UInt8] {
    // From cmark's buffer to the page's bytes: images finished on the way,
    // and the characters HTML forbids (which numeric references can make) dropped.
    var html = markdown.html(from: source) { cmark in
      var bytes: [UInt8] = []
      ImageAttributes.apply(to: cmark, into: &bytes)
      return bytes
    }
    // cmark writes some invalid numeric references (`&#xD800;`) as bytes that
    // are not UTF-8; they become U+FFFD.
    if !html.withUnsafeBufferPointer(UTF8Validation.isValid) {
      html = Array(String(decoding: html, as: UTF8.self).utf8)
    }
    Escaping.removeForbiddenCharacters(from: &html)
    return html
  }

  /// Wraps `html`, the page's content (UTF-8), in the layout, giving the page's bytes.
  /// - Parameters:
  ///   - linkBase: An absolute URL that links start from instead of the page's
  ///     folder (the 404 page, which is served at any depth).
  ///   - canonical: Whether the page gets a canonical URL (when the site has a base URL).
  func layout(
    at route: Route, kind: String, title: String?, html: [UInt8],
    pager: (page: Int, pagination: Pagination)? = nil, linkBase: String? = nil,
    canonical: Bool = true
  ) -> [UInt8] {
    var context = commonContext(at: route, linkBase: linkBase)
    context["title"] = .text(title.map { "\($0) · \(configuration.title)" } ?? configuration.title)
    context["pageKind"] = .text(kind)
    context["attribution"] = .optional(configuration.attribution?.text)
    context["attributionURL"] = .optional(configuration.attribution?.url)
    for kind in TaxonomyKind.allCases {
      context[kind.folder + "URL"] = .text(url(from: route, to: kind.route, linkBase: linkBase))
    }
    context["searchURL"] = .text(url(from: route, to: SearchPage.route, linkBase: linkBase))
    if canonical, let base = configuration.baseURL {
      context["canonicalURL"] = .text(base + route.description)
    }
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
    var output: [UInt8] = []
    output.reserveCapacity(html.count + 2048)
    theme.layout.render(context, setting: "content", toBytes: html, into: &output)
    return output
  }

  /// A link from the page at `route` to `target`: relative, or absolute from `linkBase`.
  func url(from route: Route, to target: Route, linkBase: String? = nil) -> String {
    linkBase.map { $0 + target.description } ?? route.url(to: target)
  }
}
