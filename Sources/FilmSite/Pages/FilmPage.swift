import FilmCatalog

/// A film's detail page: the film's template rendered as Markdown, inside the layout.
struct FilmPage {
  let listed: ListedFilm
  /// The index page that lists the film, for the link back.
  let indexRoute: Route
  let indexPage: Int

  var film: Film { listed.film }
  var route: Route { listed.route }

  func render(from inputs: PageInputs, browse: BrowseIndex) -> [UInt8] {
    let route = self.route
    var context = inputs.contexts.filmContext(film, for: inputs.theme.film)
    context["indexURL"] = .text(route.url(to: indexRoute))
    context["indexPage"] = .text(String(indexPage))
    let genres = browse.terms(of: film, kind: .genres)
    context["genreLinks"] = .list(
      genres.enumerated().map { offset, term in
        [
          "name": .text(term.name), "url": .text(route.url(to: term.route)),
          "first": offset == 0 ? .text("yes") : .absent,
        ]
      })
    context["directorURL"] = .optional(
      browse.terms(of: film, kind: .directors).first.map { route.url(to: $0.route) })
    context["yearURL"] = .optional(
      browse.terms(of: film, kind: .years).first.map { route.url(to: $0.route) })
    var markdown: [UInt8] = []
    inputs.theme.film.render(context, for: HoleFilling(route: route), into: &markdown)
    return inputs.layout.wrap(
      markdown: markdown,
      at: route,
      kind: "film",
      title: film.year.map { "\(film.title) (\($0))" } ?? film.title,
      structuredData: .film(
        film, at: route, contexts: inputs.contexts,
        people: .init(browse: browse, actor: { browse.cast.term(named: $0)?.route }))
    )
  }
}
