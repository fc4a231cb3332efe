import FilmCatalog

/// One numbered page of a film list (the main index, or a genre's, director's
/// or year's films), with links to its neighbours.
struct IndexPage {
  let number: Int
  let pagination: Pagination
  /// Every film's route, in site order, shared by all pages.
  let routes: [Route]
  /// Each film's row, rendered once (with holes for each page's links)
  /// although a film appears on the index and on its genre, director and
  /// year pages; only the rows of the pages being rendered are there.
  let rows: [PrerenderedTemplate?]
  /// The positions in ``routes`` and ``rows`` of the films on this page.
  let positions: ArraySlice<Int>
  var listing = Listing.all

  var route: Route { pagination.route(forPage: number) }

  func render(from inputs: PageInputs) -> [UInt8] {
    let route = self.route
    let filling = HoleFilling(route: route)
    // Each film's row was rendered once; this page copies it in with its own links.
    let rowFilling = HoleFilling.Prepared(filling)
    var rows: [UInt8] = []
    for position in positions {
      self.rows[position]?.fill(with: rowFilling, into: &rows)
    }
    let range = pagination.itemRange(forPage: number)
    var context = inputs.contexts.common
    context["page"] = .text(String(number))
    context["pageCount"] = .text(String(pagination.pageCount))
    context["filmCount"] = .text(String(pagination.itemCount))
    context["firstFilm"] = range.isEmpty ? .absent : .text(String(range.lowerBound + 1))
    context["lastFilm"] = range.isEmpty ? .absent : .text(String(range.upperBound))
    context["heading"] = .text(listing.heading(siteTitle: inputs.configuration.title))
    if let term = listing.term {
      context["sectionTitle"] = .text(term.kind.title)
      context["sectionURL"] = .text(route.url(to: term.kind.route))
    }
    let index = inputs.theme.index
    var content: [UInt8] = []
    index.render(context, for: filling, setting: "rows", toBytes: rows, into: &content)
    // An HTML list (the default theme's) skips cmark: a site has about one
    // list page for every five films, each with a few dozen rows.
    let title = listing.title(page: number, pageCount: pagination.pageCount)
    let pager = (number, pagination)
    let structuredData = StructuredData.filmList(
      at: route, title: title, filmRoutes: positions.map { routes[$0] },
      firstPosition: range.lowerBound + 1, configuration: inputs.configuration)
    guard index.language == .html else {
      return inputs.layout.wrap(
        markdown: content, at: route, kind: "index", title: title, pager: pager,
        structuredData: structuredData)
    }
    return inputs.layout.wrap(
      html: content, at: route, kind: "index", title: title, pager: pager,
      structuredData: structuredData)
  }
}
