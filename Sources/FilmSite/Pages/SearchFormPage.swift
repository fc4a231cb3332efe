/// The search page, `search/`: a form, and a script that reads the search index.
struct SearchFormPage {
  static let route = Route(["search"])

  func render(from inputs: PageInputs) -> [UInt8] {
    let route = Self.route
    var context = inputs.contexts.common
    context["indexURL"] = .text(route.url(toFile: SearchIndex.manifestPath))
    context["scriptURL"] = .text(route.url(toFile: SearchIndex.scriptPath))
    for kind in TaxonomyKind.allCases {
      context[kind.folder + "URL"] = .text(route.url(to: kind.route))
    }
    var html: [UInt8] = []
    inputs.theme.search.render(context, for: HoleFilling(route: route), into: &html)
    return inputs.layout.wrap(html: html, at: route, kind: "search", title: "Search")
  }
}
