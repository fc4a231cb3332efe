/// Wraps a page's content in the theme's `layout.html`: the HTML shell of
/// every page, with its title, navigation and pager.
struct PageLayout: Sendable {
  let template: Template
  let contexts: PageContexts
  /// The owner's pages, the tags and the feed, which every page links.
  var navigation = SiteNavigation()

  var configuration: SiteConfiguration { contexts.configuration }

  /// Renders `markdown` (UTF-8) and wraps it in the layout, giving the page's bytes.
  /// - Parameters:
  ///   - kind: `index`, `film`, `terms`, `search` or `not-found`, for the theme's styles.
  ///   - title: The page's own title; the site title follows it in `<title>`.
  ///   - pager: The page number and pagination of a film list, for its links.
  ///   - linkBase: An absolute URL that links start from instead of the page's
  ///     folder (the 404 page, which is served at any depth).
  ///   - canonical: Whether the page gets a canonical URL (when the site has a base URL).
  ///   - structuredData: The page's JSON-LD and meta tags, for the layout's
  ///     `jsonLD` and `metaTags`.
  func wrap(
    markdown source: [UInt8], at route: Route, kind: String, title: String?,
    pager: (page: Int, pagination: Pagination)? = nil, linkBase: String? = nil,
    canonical: Bool = true, structuredData: StructuredData = .none
  ) -> [UInt8] {
    wrap(
      html: contexts.html(fromMarkdown: source), at: route, kind: kind, title: title,
      pager: pager, linkBase: linkBase, canonical: canonical, structuredData: structuredData)
  }

  /// Wraps `html`, the page's content (UTF-8), in the layout, giving the page's
  /// bytes; the parameters are those of
  /// ``wrap(markdown:at:kind:title:pager:linkBase:canonical:structuredData:)``.
  func wrap(
    html: [UInt8], at route: Route, kind: String, title: String?,
    pager: (page: Int, pagination: Pagination)? = nil, linkBase: String? = nil,
    canonical: Bool = true, structuredData: StructuredData = .none
  ) -> [UInt8] {
    wrapRecordingContent(
      html: html, at: route, kind: kind, title: title, pager: pager, linkBase: linkBase,
      canonical: canonical, structuredData: structuredData, recording: false
    ).bytes
  }

  /// The name of the page's content in the layout: `{{{content}}}`.
  static let contentName = "content"

  /// ``wrap(html:at:kind:title:pager:linkBase:canonical:structuredData:)``,
  /// and, when `recording`, the range of the page's bytes each insertion of
  /// the content fills, in order.
  func wrapRecordingContent(
    html: [UInt8], at route: Route, kind: String, title: String?,
    pager: (page: Int, pagination: Pagination)? = nil, linkBase: String? = nil,
    canonical: Bool = true, structuredData: StructuredData = .none, recording: Bool
  ) -> (bytes: [UInt8], content: [Range<Int>]) {
    var context = contexts.common
    context["title"] = .text(title.map { "\($0) · \(configuration.title)" } ?? configuration.title)
    context["pageKind"] = .text(kind)
    context["attribution"] = .optional(configuration.attribution?.text)
    context["attributionURL"] = .optional(configuration.attribution?.url)
    for kind in TaxonomyKind.allCases where kind != .tags || navigation.hasTags {
      context[kind.folder + "URL"] = .text(
        Self.url(from: route, to: kind.route, linkBase: linkBase))
    }
    context["navLinks"] = .list(
      navigation.links.map { link in
        [
          "title": .text(link.title),
          "url": .text(Self.url(from: route, to: link.route, linkBase: linkBase)),
          "current": link.route == route ? .text("yes") : .absent,
        ]
      })
    if navigation.hasFeed {
      context["feedURL"] = .text(
        linkBase.map { $0 + AtomFeed.filePath } ?? route.url(toFile: AtomFeed.filePath))
    }
    context["searchURL"] = .text(
      Self.url(from: route, to: SearchFormPage.route, linkBase: linkBase))
    if canonical, let base = configuration.baseURL {
      context["canonicalURL"] = .text(base + route.description)
    }
    // Raw: each is whole elements that StructuredData escaped for where they land.
    context["jsonLD"] = .optional(structuredData.scriptElement)
    context["metaTags"] = .optional(structuredData.metaElements)
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
    let inserted = template.render(
      context, for: Self.filling(at: route, linkBase: linkBase), setting: Self.contentName,
      toBytes: html, recording: recording ? [Self.contentName] : [], into: &output)
    return (output, inserted.map(\.range))
  }

  /// What the page at `route` puts in the holes: its way to the root, or `linkBase`.
  static func filling(at route: Route, linkBase: String? = nil) -> HoleFilling {
    linkBase.map(HoleFilling.init(linkBase:)) ?? HoleFilling(route: route)
  }

  /// A link from the page at `route` to `target`: relative, or absolute from `linkBase`.
  static func url(from route: Route, to target: Route, linkBase: String? = nil) -> String {
    linkBase.map { $0 + target.description } ?? route.url(to: target)
  }
}
