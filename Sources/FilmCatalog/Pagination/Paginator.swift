/// Pulls every page of a search from a ``FilmSource``.
///
/// With a concurrency of 1 this is the load-more guard of a list app
/// (`guard canLoadMore, !isLoadingPage`) turned into a loop: a call to
/// ``loadNextPage()`` while a page is in flight does nothing, so however many
/// callers race, each page is requested once. With a concurrency of K,
/// ``loadAll()`` keeps up to K pages in flight and still assembles films in
/// page order, whatever order the responses arrive in.
///
/// Loading stops at the first empty page, at the source's `total_pages` and at
/// the page cap. The first page is requested alone, so that a `total_pages`
/// in it bounds every later request. Without `total_pages`, K > 1 may request
/// up to K - 1 pages past the end (they were in flight when the empty page
/// arrived) and their results are not used. Films whose id was already seen are dropped (the
/// first occurrence wins). A failed page is remembered and rethrown, so a
/// caller can never mistake a failure for the end of the results.
public actor Paginator {
  /// TMDB's cap on search pages, used as the default page cap.
  public static let defaultMaxPages = 500
  public static let maximumConcurrency = 16

  let source: any FilmSource
  let query: String
  let maxPages: Int
  /// How many page requests ``loadAll()`` keeps in flight.
  let concurrency: Int

  /// The films loaded so far, deduplicated, in page order.
  private(set) var films: [Film] = []
  /// The number of films dropped because their id was already loaded.
  private(set) var duplicatesDropped = 0
  /// The next page to add to ``films``.
  private(set) var page = 1
  /// Whether a page request is in flight.
  private(set) var isLoadingPage = false
  /// Whether another page may exist.
  private(set) var canLoadMore = true
  /// Whether loading stopped at ``maxPages`` with the last page still full of
  /// results, so the source may hold more films than were loaded.
  private(set) var stoppedAtPageCap = false
  /// The source's page count, once a page has told it.
  private(set) var totalPages: Int?
  private var failure: PaginationError?
  private var seenIDs: Set<String> = []
  /// Callers of ``loadAll()`` waiting for another caller's page to arrive.
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private let progress: (@Sendable (Progress) -> Void)?

  /// Where a pull stands, reported after each page is added.
  public struct Progress: Sendable, Equatable {
    public let pagesLoaded: Int
    public let totalPages: Int?
    public let films: Int
  }

  /// - Parameter progress: Called after each page is added to ``films``.
  public init(
    source: any FilmSource, query: String = "", maxPages: Int = defaultMaxPages,
    concurrency: Int = 1, progress: (@Sendable (Progress) -> Void)? = nil
  ) {
    self.source = source
    self.query = query
    self.maxPages = maxPages
    self.concurrency = min(max(1, concurrency), Self.maximumConcurrency)
    self.progress = progress
    canLoadMore = maxPages >= 1
  }

  /// Requests the next page, unless one is already in flight or loading has ended.
  /// - Returns: Whether this call loaded a page with films.
  /// - Throws: ``PaginationError`` for the page that failed, now and on every later call.
  @discardableResult
  func loadNextPage() async throws -> Bool {
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
    let result: SourcePage
    do {
      result = try await source.searchPage(query, page: requested)
    } catch {
      throw fail(page: requested, error)
    }
    return accept(result, page: requested)
  }

  /// Loads every remaining page and returns all films.
  /// - Throws: ``PaginationError`` if any page failed.
  func loadAll() async throws -> [Film] {
    if concurrency > 1 { return try await loadWindow() }
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

  /// Adds a page's films and decides whether another page may exist.
  /// - Returns: Whether the page had films.
  private func accept(_ result: SourcePage, page number: Int) -> Bool {
    if let total = result.totalPages { totalPages = total }
    guard !result.films.isEmpty else {
      canLoadMore = false
      return false
    }
    append(result.films)
    page = number + 1
    progress?(Progress(pagesLoaded: number, totalPages: totalPages, films: films.count))
    if let totalPages, page > totalPages {
      canLoadMore = false
    } else if page > maxPages {
      canLoadMore = false
      stoppedAtPageCap = true
    }
    return true
  }

  private func fail(page: Int, _ error: any Error) -> PaginationError {
    let failure = PaginationError(page: page, underlying: error)
    self.failure = failure
    canLoadMore = false
    return failure
  }

  /// Keeps up to ``concurrency`` pages in flight, each requested once, and adds
  /// their films in page order as the pages before them arrive.
  private func loadWindow() async throws -> [Film] {
    if let failure { throw failure }
    guard canLoadMore, !isLoadingPage else { return films }
    isLoadingPage = true
    defer { isLoadingPage = false }

    let source = self.source
    let query = self.query
    let concurrency = self.concurrency
    var window = Window(first: page, end: maxPages + 1)

    // The task group runs children off the actor; its body only keeps local
    // state and hands each page in order to `add`, which runs on the actor.
    try await withThrowingTaskGroup(of: (Int, Result<SourcePage, any Error>).self) { group in
      var inFlight = 0
      while !window.finished {
        // The first page goes alone: its total_pages, if any, bounds the window.
        let limit = window.nextToAdd == 1 && !window.sawFirstPage ? 1 : concurrency
        while inFlight < limit, let number = window.nextRequest() {
          group.addTask { await Self.request(number, of: query, from: source) }
          inFlight += 1
        }
        guard inFlight > 0, let response = try await group.next() else { break }
        inFlight -= 1
        window.arrived(response.0, response.1)
        do {
          while let (number, page) = try window.takeNextInOrder() {
            _ = accept(page, page: number)
            if !canLoadMore { window.finished = true }
          }
        } catch let error as PaginationError {
          group.cancelAll()
          throw fail(page: error.page, error.underlying)
        }
        try Task.checkCancellation()
      }
      // Requests past the end that are still in flight are not needed.
      group.cancelAll()
    }
    canLoadMore = false
    return films
  }

  /// One page request of a window, with its page number beside the outcome.
  ///
  /// A static function, so the page number reaches the task as an argument: with
  /// Swift 6.3 in release builds, a page number captured by a closure passed to
  /// `group.addTask` inside this actor arrives as a pointer-like value, and no
  /// page is ever added.
  private static func request(_ number: Int, of query: String, from source: any FilmSource) async
    -> (Int, Result<SourcePage, any Error>)
  {
    do {
      return (number, .success(try await source.searchPage(query, page: number)))
    } catch {
      return (number, .failure(error))
    }
  }

  /// The bookkeeping of a concurrency window: what to request next, what has
  /// arrived out of order, and where the results end.
  private struct Window {
    /// The next page to add to the films.
    var nextToAdd: Int
    /// The next page to request.
    var next: Int
    /// The first page that cannot hold results: after an empty page, past
    /// `total_pages`, or past the cap.
    var end: Int
    var sawFirstPage = false
    var finished = false
    var pages: [Int: Result<SourcePage, any Error>] = [:]

    init(first: Int, end: Int) {
      nextToAdd = first
      next = first
      self.end = end
    }

    mutating func nextRequest() -> Int? {
      // After a failure, ask for nothing more: the pull fails when it reaches it.
      let failed = pages.values.contains { if case .failure = $0 { true } else { false } }
      guard !finished, next < end, !failed else { return nil }
      defer { next += 1 }
      return next
    }

    mutating func arrived(_ number: Int, _ result: Result<SourcePage, any Error>) {
      if number == nextToAdd { sawFirstPage = true }
      if case .success(let page) = result {
        if page.films.isEmpty { end = min(end, number) }
        if let total = page.totalPages { end = min(end, total + 1) }
      }
      pages[number] = result
    }

    /// The next page in order, if it has arrived.
    /// - Throws: ``PaginationError`` when that page failed.
    mutating func takeNextInOrder() throws -> (Int, SourcePage)? {
      guard !finished, let result = pages.removeValue(forKey: nextToAdd) else { return nil }
      let number = nextToAdd
      switch result {
      case .failure(let error): throw PaginationError(page: number, underlying: error)
      case .success(let page):
        nextToAdd += 1
        if nextToAdd >= end { finished = true }
        return (number, page)
      }
    }
  }

  private func append(_ results: [Film]) {
    // No reserveCapacity here: reserving exactly count + results.count on every page
    // reallocates the whole list each time (Array grows geometrically only on its own).
    for film in results {
      if seenIDs.insert(film.id).inserted {
        films.append(film)
      } else {
        duplicatesDropped += 1
      }
    }
  }
}
