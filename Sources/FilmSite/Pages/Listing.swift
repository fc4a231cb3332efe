/// What a paginated list of films is about: the whole catalog, or one genre,
/// director or year. Both are paged by the same ``Pagination`` and rendered
/// by the same ``IndexPage``.
struct Listing: Sendable {
  /// The term the list belongs to; `nil` for the main index.
  let term: Term?

  /// The main index of every film.
  static let all = Listing(term: nil)

  /// The page's heading: the site title on the main index, the name on a browse page.
  func heading(siteTitle: String) -> String { term?.name ?? siteTitle }

  /// The page's own `<title>`, before the site title: none on the home page,
  /// `Page 2 of 5`, `Drama (genre)`, `Drama (genre), page 2 of 3`.
  func title(page: Int, pageCount: Int) -> String? {
    guard let term else { return page == 1 ? nil : "Page \(page) of \(pageCount)" }
    let name = "\(term.name) (\(term.kind.singular.lowercased()))"
    return page == 1 ? name : "\(name), page \(page) of \(pageCount)"
  }
}
