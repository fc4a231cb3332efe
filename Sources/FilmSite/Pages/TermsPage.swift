/// The page that lists every genre, director or year with its film count: `genres/`.
struct TermsPage {
  let taxonomy: Taxonomy

  var route: Route { taxonomy.kind.route }

  func render(from inputs: PageInputs) -> [UInt8] {
    let route = self.route
    var context = inputs.contexts.common
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
    inputs.theme.terms.render(context, for: HoleFilling(route: route), into: &markdown)
    return inputs.layout.wrap(
      markdown: markdown, at: route, kind: "terms", title: taxonomy.kind.title)
  }
}
