import FilmCatalog

/// One numbered page of a film list (the main index, or a genre's, director's
/// or year's films), with links to its neighbours.
struct IndexPage {
  let number: Int
  let pagination: Pagination
  /// Every film of the site, in site order, shared by all pages.
  let films: [ListedFilm]
  /// The positions in ``films`` of the films on this page.
  let positions: ArraySlice<Int>
  var listing = Listing.all

  var route: Route { pagination.route(forPage: number) }

  func render(with renderer: PageRenderer) -> [UInt8] {
    let route = self.route
    var rows: [UInt8] = []
    let row = renderer.theme.row
    let page = renderer.pageContext(at: route)
    // A row rendered once takes this page's prefix when the links from the
    // page to a film really are the prefix and the film's route: when the
    // page is below the root and outside the films' folder (lists always
    // are). Other rows render here.
    let prefix =
      route.depth > 0 && route.components.first != Film.routeFolder
      ? RowPrefix(depth: route.depth, language: row.language) : nil
    for position in positions {
      if let prefix, case .rendered(let text) = films[position].row {
        prefix.fill(text, into: &rows)
        continue
      }
      let values: TemplateContext
      if case .values(let kept) = films[position].row {
        values = kept
      } else {
        values = renderer.filmValues(films[position].film, for: row)
      }
      row.render(
        values, within: page, setting: "url", to: .text(route.url(to: films[position].route)),
        into: &rows)
    }
    let range = pagination.itemRange(forPage: number)
    var context = renderer.commonContext(at: route)
    context["page"] = .text(String(number))
    context["pageCount"] = .text(String(pagination.pageCount))
    context["filmCount"] = .text(String(pagination.itemCount))
    context["firstFilm"] = range.isEmpty ? .absent : .text(String(range.lowerBound + 1))
    context["lastFilm"] = range.isEmpty ? .absent : .text(String(range.upperBound))
    context["heading"] = .text(listing.heading(siteTitle: renderer.configuration.title))
    if let term = listing.term {
      context["sectionTitle"] = .text(term.kind.title)
      context["sectionURL"] = .text(route.url(to: term.kind.route))
    }
    let index = renderer.theme.index
    var content: [UInt8] = []
    index.render(context, setting: "rows", toBytes: rows, into: &content)
    // An HTML list (the default theme's) skips cmark: a site has about one
    // list page for every five films, each with a few dozen rows.
    return renderer.layout(
      at: route,
      kind: "index",
      title: listing.title(page: number, pageCount: pagination.pageCount),
      html: index.language == .html ? content : renderer.html(fromMarkdown: content),
      pager: (number, pagination)
    )
  }
}
