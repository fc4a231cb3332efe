/// How a list of items splits into numbered index pages.
///
/// Page 1 lives at the base route and page `k` at `<base>/page/k/`, so there
/// is never a `page/1/` duplicating the first page. An empty list still has
/// one page, which shows that there is nothing to list.
public struct Pagination: Sendable, Equatable {
  public let base: Route
  public let itemCount: Int
  public let pageSize: Int

  public init(base: Route = .root, itemCount: Int, pageSize: Int) {
    precondition(pageSize >= 1, "the page size is validated before pagination")
    self.base = base
    self.itemCount = itemCount
    self.pageSize = pageSize
  }

  /// The number of pages, at least 1.
  public var pageCount: Int { max(1, (itemCount + pageSize - 1) / pageSize) }

  /// The page numbers, from 1.
  public var pages: ClosedRange<Int> { 1...pageCount }

  /// Where page `page` lives.
  public func route(forPage page: Int) -> Route {
    page == 1 ? base : Route(base.components + ["page", String(page)])
  }

  /// The indices of the items shown on page `page`.
  public func itemRange(forPage page: Int) -> Range<Int> {
    let start = min((page - 1) * pageSize, itemCount)
    return start..<min(start + pageSize, itemCount)
  }

  /// The page that shows item `index`.
  public func page(forItem index: Int) -> Int { index / pageSize + 1 }
}
