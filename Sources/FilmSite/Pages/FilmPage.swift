import FilmCatalog

/// A film's detail page: the film's template rendered as Markdown, inside the layout.
struct FilmPage {
  let film: Film
  let route: Route
  /// The index page that lists the film, for the link back.
  let indexRoute: Route
  let indexPage: Int

  func render(with renderer: PageRenderer) -> String {
    var context = renderer.filmContext(film, at: route, for: renderer.theme.film)
    context["indexURL"] = .text(route.url(to: indexRoute))
    context["indexPage"] = .text(String(indexPage))
    let markdown = renderer.theme.film.render(context)
    return renderer.layout(
      at: route,
      kind: "film",
      title: film.year.map { "\(film.title) (\($0))" } ?? film.title,
      markdown: markdown
    )
  }
}
