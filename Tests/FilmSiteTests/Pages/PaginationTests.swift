import Testing

@testable import FilmSite

@Suite struct PaginationTests {
  @Test(arguments: [(0, 1), (1, 1), (24, 1), (25, 2), (48, 2), (49, 3), (60, 3)])
  func pageCount(films: Int, pages: Int) {
    #expect(Pagination(itemCount: films, pageSize: 24).pageCount == pages)
  }

  @Test(arguments: [0, 1, 24, 25, 60])
  func pagesCoverEveryItemOnceInOrder(films: Int) {
    let pagination = Pagination(itemCount: films, pageSize: 24)
    let covered = pagination.pages.flatMap { Array(pagination.itemRange(forPage: $0)) }
    #expect(covered == Array(0..<films))
    for index in 0..<films {
      #expect(pagination.itemRange(forPage: pagination.page(forItem: index)).contains(index))
    }
  }

  @Test func firstPageIsTheBaseAndThereIsNoPageOne() {
    let pagination = Pagination(itemCount: 60, pageSize: 24)
    #expect(pagination.route(forPage: 1) == .root)
    #expect(pagination.route(forPage: 2) == Route(["page", "2"]))
    #expect(pagination.route(forPage: 3).filePath == "page/3/index.html")
    #expect(
      !pagination.pages.map { pagination.route(forPage: $0).filePath }.contains("page/1/index.html")
    )
  }

  @Test func pagesOfAListBelowABaseRoute() {
    let pagination = Pagination(base: Route(["genres", "drama"]), itemCount: 30, pageSize: 24)
    #expect(pagination.route(forPage: 2) == Route(["genres", "drama", "page", "2"]))
  }
}
