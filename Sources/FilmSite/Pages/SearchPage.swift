/// The search page, `search/`: a form, and a script that reads the search index.
struct SearchPage {
  static let route = Route(["search"])

  func render(with renderer: PageRenderer) -> [UInt8] {
    let route = Self.route
    var context = renderer.commonContext(at: route)
    context["indexURL"] = .text(route.url(toFile: SearchIndex.manifestPath))
    context["scriptURL"] = .text(route.url(toFile: SearchIndex.scriptPath))
    for kind in TaxonomyKind.allCases {
      context[kind.folder + "URL"] = .text(route.url(to: kind.route))
    }
    var html: [UInt8] = []
    renderer.theme.search.render(context, into: &html)
    return renderer.layout(at: route, kind: "search", title: "Search", html: html)
  }
}
