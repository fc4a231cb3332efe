/// Pulls a TMDB listing whole, even when it is longer than the 500 pages
/// TMDB serves of one query.
///
/// The first page of the listing tells how long it is. When it fits, the
/// listing is pulled as it is, through one ``Paginator``, and that first page
/// is its first page. When it does not, the listing is cut into release
/// windows: discover into ranges of days, halved until each range fits or is
/// a single day; a search into years. Each window is then pulled through its
/// own ``Paginator``, in release order, its first page again the one already
/// fetched, and films are kept once by id, the first occurrence winning.
/// Windows are probed level by level, each level with up to ``concurrency``
/// requests in flight, so what is requested depends only on the answers.
struct TMDBWindowedPull: Sendable {
  /// Page `page` of a listing.
  typealias Fetch = @Sendable (TMDBSearch, _ page: Int) async throws -> TMDBListingPage

  let search: TMDBSearch
  let fetch: Fetch
  let maxPages: Int
  let concurrency: Int
  let allowPartial: Bool
  /// The last year a search is split into.
  let latestYear: Int
  let progress: (@Sendable (Paginator.Progress) -> Void)?

  /// A window with its first page once it has been requested.
  private struct Window {
    let window: TMDBReleaseWindow
    var first: TMDBListingPage?
  }

  /// - Throws: ``PaginationError`` for a page that failed (the first page
  ///   of a window is page 1), unless `allowPartial` lets the pull end there.
  func pull() async throws -> PullResult {
    let first: TMDBListingPage
    do {
      first = try await page(1, of: search)
    } catch let error as PaginationError
      where allowPartial && !(error.underlying is CancellationError)
    {
      return PullResult(films: [], duplicatesDropped: 0, pageCap: nil, failure: error)
    }
    // A cap below TMDB's is the user's: the pull stops there, unsplit.
    guard maxPages >= Paginator.defaultMaxPages, first.pagesNeeded > maxPages,
      search.window == nil
    else {
      return try await Self.pullOne(
        search, first: first, fetch: fetch, maxPages: maxPages, concurrency: concurrency,
        allowPartial: allowPartial, progress: progress)
    }
    let (windows, probes) = try await split()
    return try await pull(windows, listed: first.totalResults ?? 0, probes: probes + 1)
  }

  /// The windows of the listing in release order, each with its first page,
  /// and how many requests found them beyond those first pages.
  private func split() async throws -> ([Window], probes: Int) {
    var windows = search.windowsToSplit(latestYear: latestYear).map { Window(window: $0) }
    var probes = 0
    while true {
      let unprobed = windows.indices.filter { windows[$0].first == nil }
      if unprobed.isEmpty { break }
      let pages = try await firstPages(of: unprobed.map { windows[$0].window })
      for (index, page) in zip(unprobed, pages) { windows[index].first = page }
      var next: [Window] = []
      for window in windows {
        if let first = window.first, first.pagesNeeded > maxPages,
          let (earlier, later) = window.window.halves
        {
          probes += 1
          next += [Window(window: earlier), Window(window: later)]
        } else {
          next.append(window)
        }
      }
      windows = next
    }
    return (windows, probes)
  }

  /// Page 1 of each window, in the order given, with up to ``concurrency``
  /// requests in flight.
  private func firstPages(of windows: [TMDBReleaseWindow]) async throws -> [TMDBListingPage] {
    let searches = windows.map { search.narrowed(to: $0) }
    var pages = [TMDBListingPage?](repeating: nil, count: searches.count)
    try await withThrowingTaskGroup(of: (Int, TMDBListingPage).self) { group in
      var next = 0
      var inFlight = 0
      while next < searches.count || inFlight > 0 {
        while inFlight < concurrency, next < searches.count {
          let index = next
          let search = searches[index]
          group.addTask { [self] in (index, try await page(1, of: search)) }
          next += 1
          inFlight += 1
        }
        guard let (index, page) = try await group.next() else { break }
        inFlight -= 1
        pages[index] = page
      }
    }
    return pages.compactMap { $0 }
  }

  private func page(_ number: Int, of search: TMDBSearch) async throws -> TMDBListingPage {
    do {
      return try await fetch(search, number)
    } catch {
      throw PaginationError(page: number, underlying: error)
    }
  }

  /// Pulls each window in order and keeps each film once.
  private func pull(_ windows: [Window], listed: Int, probes: Int) async throws -> PullResult {
    let totalPages = windows.reduce(0) { $0 + min($1.first?.pagesNeeded ?? 0, maxPages) }
    var films: [Film] = []
    var seen: Set<String> = []
    var duplicates = 0
    var crowded: [PullWindows.Crowded] = []
    var pagesBefore = 0
    var failure: PaginationError?
    for window in windows {
      guard let first = window.first else { continue }
      let before = (pages: pagesBefore, films: films.count)
      let progress = self.progress.map { report in
        { @Sendable (window: Paginator.Progress) in
          report(
            Paginator.Progress(
              pagesLoaded: before.pages + window.pagesLoaded, totalPages: totalPages,
              films: before.films + window.films))
        }
      }
      let result = try await Self.pullOne(
        search.narrowed(to: window.window), first: first, fetch: fetch, maxPages: maxPages,
        concurrency: concurrency, allowPartial: allowPartial, progress: progress)
      duplicates += result.duplicatesDropped
      for film in result.films {
        if seen.insert(film.id).inserted { films.append(film) } else { duplicates += 1 }
      }
      if result.pageCap != nil {
        crowded.append(
          PullWindows.Crowded(
            window: window.window.description, listed: first.totalResults ?? 0,
            pulled: result.films.count))
      }
      pagesBefore += min(first.pagesNeeded, maxPages)
      if let error = result.failure {
        failure = error
        break
      }
    }
    let inWindows = windows.reduce(0) { $0 + ($1.first?.totalResults ?? 0) }
    let split = PullWindows(
      kind: search.isDiscover ? .releaseDates : .releaseYears, count: windows.count,
      probes: probes, crowded: crowded, outside: max(0, listed - inWindows))
    var result = PullResult(
      films: films, duplicatesDropped: duplicates, pageCap: nil, failure: failure)
    result.windows = split
    return result
  }

  /// Pulls one listing through a ``Paginator`` whose first page is `first`.
  private static func pullOne(
    _ search: TMDBSearch, first: TMDBListingPage, fetch: @escaping Fetch, maxPages: Int,
    concurrency: Int, allowPartial: Bool, progress: (@Sendable (Paginator.Progress) -> Void)?
  ) async throws -> PullResult {
    let paginator = Paginator(
      source: Listing(search: search, first: first, fetch: fetch), query: search.text,
      maxPages: maxPages, concurrency: concurrency, progress: progress)
    return try await paginator.pull(allowPartial: allowPartial)
  }

  /// One listing as a ``FilmSource``, its first page already fetched.
  private struct Listing: FilmSource {
    let search: TMDBSearch
    let first: TMDBListingPage
    let fetch: Fetch

    func search(_ query: String, page: Int) async throws -> [Film] {
      try await searchPage(query, page: page).films
    }

    func searchPage(_ query: String, page: Int) async throws -> SourcePage {
      if page == 1 { return first.sourcePage }
      return try await fetch(search, page).sourcePage
    }
  }
}
