/// Pulls every page of a search from a ``FilmSource``, one page at a time.
///
/// This is the load-more guard of a list app (`guard canLoadMore, !isLoadingPage`)
/// turned into a loop: a call to ``loadNextPage()`` while a page is in flight
/// does nothing, so however many callers race, each page is requested once.
/// Loading stops at the first empty page or at the page cap. Films whose id
/// was already seen are dropped (the first occurrence wins), and films keep
/// page order. A failed page is remembered and rethrown, so a caller can never
/// mistake a failure for the end of the results.
public actor Paginator {
  /// TMDB's cap on search pages, used as the default page cap.
  public static let defaultMaxPages = 500

  public let source: any FilmSource
  public let query: String
  public let maxPages: Int

  /// The films loaded so far, deduplicated, in page order.
  public private(set) var films: [Film] = []
  /// The number of films dropped because their id was already loaded.
  public private(set) var duplicatesDropped = 0
  /// The next page to request.
  public private(set) var page = 1
  /// Whether a page request is in flight.
  public private(set) var isLoadingPage = false
  /// Whether another page may exist.
  public private(set) var canLoadMore = true
  /// Whether loading stopped at ``maxPages`` with the last page still full of
  /// results, so the source may hold more films than were loaded.
  public private(set) var stoppedAtPageCap = false
  private var failure: PaginationError?
  private var seenIDs: Set<String> = []
  /// Callers of ``loadAll()`` waiting for another caller's page to arrive.
  private var waiters: [CheckedContinuation<Void, Never>] = []

  public init(source: any FilmSource, query: String = "", maxPages: Int = defaultMaxPages) {
    self.source = source
    self.query = query
    self.maxPages = maxPages
    canLoadMore = maxPages >= 1
  }

  /// Requests the next page, unless one is already in flight or loading has ended.
  /// - Returns: Whether this call loaded a page with films.
  /// - Throws: ``PaginationError`` for the page that failed, now and on every later call.
  @discardableResult
  public func loadNextPage() async throws -> Bool {
    if let failure { throw failure }
    guard canLoadMore, !isLoadingPage else { return false }
    isLoadingPage = true
    defer {
      isLoadingPage = false
      let waiting = waiters
      waiters = []
      for waiter in waiting { waiter.resume() }
    }

    let requested = page
    let results: [Film]
    do {
      results = try await source.search(query, page: requested)
    } catch {
      let failure = PaginationError(page: requested, underlying: error)
      self.failure = failure
      canLoadMore = false
      throw failure
    }
    guard !results.isEmpty else {
      canLoadMore = false
      return false
    }
    append(results)
    page = requested + 1
    if page > maxPages {
      canLoadMore = false
      stoppedAtPageCap = true
    }
    return true
  }

  /// Loads every remaining page and returns all films.
  /// - Throws: ``PaginationError`` if any page failed.
  public func loadAll() async throws -> [Film] {
    while true {
      if let failure { throw failure }
      if isLoadingPage {
        // Another caller's page is in flight: wait for it rather than spin on the guard.
        await withCheckedContinuation { waiters.append($0) }
        continue
      }
      guard canLoadMore else { return films }
      try Task.checkCancellation()
      try await loadNextPage()
    }
  }

  private func append(_ results: [Film]) {
    films.reserveCapacity(films.count + results.count)
    for film in results {
      if seenIDs.insert(film.id).inserted {
        films.append(film)
      } else {
        duplicatesDropped += 1
      }
    }
  }
}
