/// The page that lists every genre, director or year with its film count: `genres/`.
struct TermsPage {
  let taxonomy: Taxonomy

  var route: Route { taxonomy.kind.route }

  func render(with renderer: PageRenderer) -> [UInt8] {
    let route = self.route
    var context = renderer.commonContext(at: route)
    context["heading"] = .text(taxonomy.kind.title)
    context["termCount"] = .text(String(taxonomy.terms.count))
    context["terms"] = .list(
      taxonomy.terms.map { term in
        [
          "name": .text(term.name), "url": .text(route.url(to: term.route)),
          "filmCount": .text(String(term.films.count)),
        ]
      })
    var markdown: [UInt8] = []
    renderer.theme.terms.render(context, into: &markdown)
    return renderer.layout(
      at: route, kind: "terms", title: taxonomy.kind.title,
      markdown: markdown)
  }
}
