/// One page of a list of films: the main index's page 2, or the first page
/// of a genre's films.
struct ListPage: Sendable {
  /// Which films the list holds: all of them, or one name's.
  let listing: Listing
  /// How the list is cut into pages.
  let pagination: Pagination
  /// The page's number, from 1.
  let page: Int

  /// Where the page is: `index.html`, `page/2/`, `genres/drama/page/2/`.
  var route: Route { pagination.route(forPage: page) }

  /// The positions of the page's films in the site's film list.
  var positions: ArraySlice<Int> {
    let range = pagination.itemRange(forPage: page)
    return listing.term.map { $0.films[range] } ?? ArraySlice(range)
  }
}
