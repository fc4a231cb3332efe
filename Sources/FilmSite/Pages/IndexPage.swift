import FilmCatalog

/// One numbered page of the film list, with links to its neighbours.
struct IndexPage {
  let number: Int
  let pagination: Pagination
  /// The films on this page, each with its detail route.
  let entries: ArraySlice<(film: Film, route: Route)>

  var route: Route { pagination.route(forPage: number) }

  func render(with renderer: PageRenderer) -> String {
    let route = self.route
    var rows = ""
    for entry in entries {
      var context = renderer.filmContext(entry.film, at: route, for: renderer.theme.row)
      context["url"] = .text(route.url(to: entry.route))
      rows += renderer.theme.row.render(context)
    }
    let range = pagination.itemRange(forPage: number)
    var context = renderer.commonContext(at: route)
    context["rows"] = .text(rows)
    context["page"] = .text(String(number))
    context["pageCount"] = .text(String(pagination.pageCount))
    context["filmCount"] = .text(String(pagination.itemCount))
    context["firstFilm"] = range.isEmpty ? .absent : .text(String(range.lowerBound + 1))
    context["lastFilm"] = range.isEmpty ? .absent : .text(String(range.upperBound))
    let markdown = renderer.theme.index.render(context)
    return renderer.layout(
      at: route,
      kind: "index",
      title: number == 1 ? nil : "Page \(number) of \(pagination.pageCount)",
      markdown: markdown,
      pager: (number, pagination)
    )
  }
}
