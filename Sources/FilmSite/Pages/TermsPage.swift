/// The page that lists every genre, director, year, actor or tag with its
/// film count: `genres/`.
struct TermsPage {
  let taxonomy: Taxonomy

  var route: Route { taxonomy.kind.route }

  func render(from inputs: PageInputs) -> [UInt8] {
    let route = self.route
    let terms = taxonomy.terms
    var context = inputs.contexts.common
    context["heading"] = .text(taxonomy.kind.title)
    context["termCount"] = .text(String(terms.count))
    context["terms"] = .list(
      terms.indices.map { index in
        let term = terms[index]
        return [
          "name": .text(term.name), "url": .text(route.url(to: term.route)),
          "filmCount": .text(String(term.films.count)),
          "first": index == terms.startIndex ? .text("yes") : .absent,
          "last": index == terms.index(before: terms.endIndex) ? .text("yes") : .absent,
        ]
      })
    let template = inputs.theme.terms
    var content: [UInt8] = []
    template.render(context, for: HoleFilling(route: route), into: &content)
    // The cast's list of a large catalog is megabytes: an HTML template (the
    // default theme's) skips cmark, as the film lists do.
    guard template.language == .html else {
      return inputs.layout.wrap(
        markdown: content, at: route, kind: "terms", title: taxonomy.kind.title)
    }
    return inputs.layout.wrap(html: content, at: route, kind: "terms", title: taxonomy.kind.title)
  }
}
