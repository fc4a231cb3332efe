/// How a list of items splits into numbered index pages.
///
/// Page 1 lives at the base route and page `k` at `<base>/page/k/`, so there
/// is never a `page/1/` duplicating the first page. An empty list still has
/// one page, which shows that there is nothing to list.
struct Pagination: Sendable, Equatable {
  let base: Route
  let itemCount: Int
  let pageSize: Int

  /// The folder of a list's pages after the first: `page/2/`.
  static let pageFolder = "page"

  init(base: Route = .root, itemCount: Int, pageSize: Int) {
    precondition(pageSize >= 1, "the page size is validated before pagination")
    self.base = base
    self.itemCount = itemCount
    self.pageSize = pageSize
  }

  /// The number of pages, at least 1.
  var pageCount: Int { max(1, (itemCount + pageSize - 1) / pageSize) }

  /// The page numbers, from 1.
  var pages: ClosedRange<Int> { 1...pageCount }

  /// Where page `page` lives.
  func route(forPage page: Int) -> Route {
    Self.route(forPage: page, base: base)
  }

  /// Where page `page` of a list whose first page is at `base` lives.
  static func route(forPage page: Int, base: Route = .root) -> Route {
    page == 1 ? base : Route(base.components + [pageFolder, String(page)])
  }

  /// Each page's route as its path from the site root, by page number from 1:
  /// made once for the films of a list, each of which names its page.
  var pagePaths: [String] { pages.map { route(forPage: $0).description } }

  /// The indices of the items shown on page `page`.
  func itemRange(forPage page: Int) -> Range<Int> {
    let start = min((page - 1) * pageSize, itemCount)
    return start..<min(start + pageSize, itemCount)
  }

  /// The page that shows item `index`.
  func page(forItem index: Int) -> Int { index / pageSize + 1 }
}
