import Synchronization
import Testing

@testable import FilmCatalog

/// `loadAll()` with several pages in flight.
@Suite struct PaginatorWindowTests {
  /// Serves `pageCount` pages of 5 films, each after a delay that makes later pages arrive
  /// first, and records what was asked and how many requests overlapped.
  private actor SlowSource: FilmSource {
    let pageCount: Int
    let totalPages: Int?
    let failingPage: Int?
    private(set) var requests: [Int] = []
    private(set) var inFlight = 0
    private(set) var maxInFlight = 0

    init(pageCount: Int, totalPages: Int? = nil, failingPage: Int? = nil) {
      self.pageCount = pageCount
      self.totalPages = totalPages
      self.failingPage = failingPage
    }

    func search(_ query: String, page: Int) async throws -> [Film] {
      try await searchPage(query, page: page).films
    }

    func searchPage(_ query: String, page: Int) async throws -> SourcePage {
      requests.append(page)
      inFlight += 1
      maxInFlight = max(maxInFlight, inFlight)
      defer { inFlight -= 1 }
      try await Task.sleep(for: .milliseconds(5 * (8 - page % 8)))
      if page == failingPage { throw Failure() }
      guard page <= pageCount else { return SourcePage(films: [], totalPages: totalPages) }
      let films = (1...5).map { Film(id: "\(page)-\($0)", title: "Film \(page)-\($0)") }
      return SourcePage(films: films, totalPages: totalPages)
    }
  }

  private struct Failure: Error {}

  private func expectedIDs(pages: Int) -> [String] {
    (1...pages).flatMap { page in (1...5).map { "\(page)-\($0)" } }
  }

  @Test func keepsPageOrderWithAtMostKInFlight() async throws {
    let source = SlowSource(pageCount: 12)
    let films = try await Paginator(source: source, concurrency: 4).loadAll()
    #expect(films.map(\.id) == expectedIDs(pages: 12))
    let requests = await source.requests
    #expect(Set(requests).count == requests.count, "a page was requested twice: \(requests)")
    #expect(await source.maxInFlight <= 4)
    #expect(await source.maxInFlight >= 2)
    // Without total_pages, at most K - 1 pages past the empty page 13.
    #expect(requests.max() ?? 0 <= 13 + 3)
  }

  @Test func firstPageGoesAloneAndTotalPagesBoundsTheRest() async throws {
    let source = SlowSource(pageCount: 50, totalPages: 3)
    let films = try await Paginator(source: source, concurrency: 8).loadAll()
    #expect(films.map(\.id) == expectedIDs(pages: 3))
    let requests = await source.requests
    #expect(requests.first == 1)
    #expect(requests.sorted() == [1, 2, 3])
  }

  @Test func aFailedPageInTheWindowFailsTheLoad() async throws {
    let source = SlowSource(pageCount: 20, failingPage: 6)
    let paginator = Paginator(source: source, concurrency: 4)
    await #expect(throws: PaginationError.self) { try await paginator.loadAll() }
    let pull = try? await paginator.pull()
    #expect(pull == nil, "a later call must fail too")
  }

  @Test func allowPartialKeepsThePagesBeforeTheFailure() async throws {
    let source = SlowSource(pageCount: 20, failingPage: 6)
    let pull = try await Paginator(source: source, concurrency: 4).pull(allowPartial: true)
    #expect(pull.films.map(\.id) == expectedIDs(pages: 5))
    #expect(pull.failure?.page == 6)
  }

  @Test func pageCapStopsTheWindow() async throws {
    let source = SlowSource(pageCount: 50)
    let paginator = Paginator(source: source, maxPages: 7, concurrency: 4)
    let films = try await paginator.loadAll()
    #expect(films.map(\.id) == expectedIDs(pages: 7))
    #expect(await source.requests.allSatisfy { $0 <= 7 })
    #expect(await paginator.stoppedAtPageCap)
  }
}
