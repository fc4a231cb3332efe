import Synchronization
import Testing

@testable import FilmCatalog

/// ``TMDBWindowedPull`` against an in-memory listing that behaves as TMDB's
/// does: 20 films a page, the true `total_pages` and `total_results`, no
/// page past 500, release-date and release-year filters.
@Suite struct TMDBWindowedPullTests {
  /// A film of the model: its id and release day (`nil` for none).
  struct Entry: Sendable {
    let id: Int
    let day: CalendarDay?
  }

  /// The model listing, which records every request it answers.
  final class Listing: Sendable {
    let entries: [Entry]
    private let log = Mutex<(requests: [String], inFlight: Int, maxInFlight: Int)>(([], 0, 0))
    /// The films of each window asked for, found once.
    private let matches = Mutex<[TMDBReleaseWindow?: [Entry]]>([:])

    init(_ entries: [Entry]) { self.entries = entries }

    var requests: [String] { log.withLock { $0.requests } }
    var maxInFlight: Int { log.withLock { $0.maxInFlight } }

    func page(_ search: TMDBSearch, _ page: Int) async throws -> TMDBListingPage {
      log.withLock {
        $0.requests.append("\(search.window?.description ?? "all") p\(page)")
        $0.inFlight += 1
        $0.maxInFlight = max($0.maxInFlight, $0.inFlight)
      }
      defer { log.withLock { $0.inFlight -= 1 } }
      await Task.yield()
      guard (1...500).contains(page) else { throw TMDBPageOutOfRange() }
      let matching = matches.withLock { found in
        if let known = found[search.window] { return known }
        let matching = entries.filter { entry in
          switch search.window {
          case nil: return true
          case .days(let first, let last):
            return entry.day.map { first <= $0 && $0 <= last } ?? false
          case .year(let year): return entry.day?.year == year
          }
        }
        found[search.window] = matching
        return matching
      }
      let start = (page - 1) * 20
      let films = matching.dropFirst(start).prefix(20).map {
        Film(id: String($0.id), title: "Film \($0.id)")
      }
      return TMDBListingPage(
        films: Array(films), totalPages: (matching.count + 19) / 20, totalResults: matching.count)
    }
  }

  struct TMDBPageOutOfRange: Error {}

  /// `count` films, most popular first, spread over the days of 1940 to 1999;
  /// every `undatedEvery`th has no date.
  static func entries(_ count: Int, undatedEvery: Int = 0, firstID: Int = 1) -> [Entry] {
    let first = CalendarDay(known: 1940, 1, 1)
    let span = first.days(to: CalendarDay(known: 1999, 12, 31)) + 1
    return (0..<count).map { index in
      let undated = undatedEvery > 0 && index % undatedEvery == undatedEvery - 1
      return Entry(
        id: firstID + index, day: undated ? nil : first.adding(days: (index * 7919) % span))
    }
  }

  private func pull(
    _ listing: Listing, query: String = "", maxPages: Int = 500, concurrency: Int = 4,
    allowPartial: Bool = false
  ) async throws -> PullResult {
    try await TMDBWindowedPull(
      search: TMDBSearch(query), fetch: { try await listing.page($0, $1) }, maxPages: maxPages,
      concurrency: concurrency, allowPartial: allowPartial, latestYear: 2030, progress: nil
    ).pull()
  }

  @Test func aListingThatFitsIsPulledAsItIsWithItsFirstPageOnce() async throws {
    let listing = Listing(Self.entries(9_990))
    let result = try await pull(listing)
    #expect(result.windows == nil)
    #expect(result.films.count == 9_990)
    #expect(listing.requests.count == 500)
    #expect(listing.requests.filter { $0 == "all p1" }.count == 1)
  }

  @Test func sixtyThousandFilmsArePulledWholeEachOnce() async throws {
    let listing = Listing(Self.entries(60_000))
    let result = try await pull(listing, concurrency: 8)
    #expect(result.films.count == 60_000)
    #expect(Set(result.films.map(\.id)).count == 60_000)
    #expect(result.duplicatesDropped == 0)
    let windows = try #require(result.windows)
    #expect(windows.kind == .releaseDates)
    #expect(windows.leftOut == 0)
    #expect(windows.crowded.isEmpty)
    // Every window fits; each window's pages are requested once.
    let requests = listing.requests
    #expect(Set(requests).count == requests.count)
    #expect(requests.allSatisfy { !$0.hasSuffix(" p501") })
    // 3,000 pages of films (and a few more where a window ends part-way
    // through a page), plus the probes that found the windows.
    let pagesOfFilms = requests.count - windows.probes
    #expect(pagesOfFilms >= 3_000)
    #expect(pagesOfFilms < 3_000 + windows.count)
    #expect(requests.count == 3_023, "\(windows.count) windows, \(windows.probes) probes")
    #expect(Double(requests.count) <= 1.03 * 3_000)
    #expect(listing.maxInFlight <= 8)
  }

  @Test func theSamePullRequestsTheSameAndKeepsTheSameOrder() async throws {
    let listing = Listing(Self.entries(25_000))
    let first = try await pull(listing, concurrency: 8)
    let firstRequests = listing.requests
    let again = Listing(Self.entries(25_000))
    let second = try await pull(again, concurrency: 3)
    #expect(first.films.map(\.id) == second.films.map(\.id))
    #expect(Set(firstRequests) == Set(again.requests))
    #expect(firstRequests.count == again.requests.count)
    #expect(first.windows == second.windows)
  }

  @Test func windowsAreHalvedUntilEachFitsAndPulledInReleaseOrder() async throws {
    let listing = Listing(Self.entries(12_000))
    let result = try await pull(listing)
    let windows = try #require(result.windows)
    #expect(windows.count >= 2)
    #expect(windows.summary == "pulled in \(windows.count) release-date windows")
    // The windows pulled are those asked for a second page; their first days rise.
    let pulled = listing.requests.filter { $0.hasSuffix(" p2") }.map { request in
      let days = request.dropLast(3).components(separatedBy: " to ").compactMap(CalendarDay.init)
      return (
        first: days.first ?? CalendarDay(known: 1, 1, 1),
        last: days.last ?? CalendarDay(known: 1, 1, 1)
      )
    }.sorted { $0.first < $1.first }
    #expect(pulled.count >= 2)
    // Film after film, the window a film's release day falls in never goes back.
    let days = Dictionary(uniqueKeysWithValues: listing.entries.map { (String($0.id), $0.day) })
    let windowOfFilm = result.films.compactMap { film -> Int? in
      guard let day = days[film.id] ?? nil else { return nil }
      return pulled.firstIndex { $0.first <= day && day <= $0.last }
    }
    #expect(windowOfFilm.count == 12_000)
    #expect(windowOfFilm == windowOfFilm.sorted())
    #expect(Set(windowOfFilm).count == pulled.count)
  }

  @Test func aDayThatCannotBeSplitIsPulledToTheCapAndReported() async throws {
    let crowded = CalendarDay(known: 1990, 6, 1)
    let entries =
      Self.entries(2_000)
      + (0..<10_500).map { Entry(id: 500_000 + $0, day: crowded) }
    let listing = Listing(entries)
    let result = try await pull(listing)
    let windows = try #require(result.windows)
    #expect(
      windows.crowded == [PullWindows.Crowded(window: "1990-06-01", listed: 10_500, pulled: 10_000)]
    )
    #expect(windows.leftOut == 500)
    #expect(
      windows.summary.hasSuffix(" release-date windows, 500 films left out (see the warnings)"))
    #expect(result.films.count == 12_500 - 500)
    #expect(listing.requests.allSatisfy { !$0.hasSuffix(" p501") })
    #expect(
      windows.warnings == [
        "warning: the release day 1990-06-01 alone lists 10500 films, more than TMDB serves of one query; 500 left out"
      ])
  }

  @Test func filmsWithoutADateAreCountedAsLeftOut() async throws {
    let listing = Listing(Self.entries(11_000, undatedEvery: 100))
    let result = try await pull(listing)
    let windows = try #require(result.windows)
    #expect(windows.outside == 110)
    #expect(result.films.count == 11_000 - 110)
    #expect(
      windows.warnings.last
        == "warning: 110 films have no release date in any window (TMDB lists them without one); left out"
    )
  }

  @Test func aSearchPastTheCapIsSplitByYear() async throws {
    let listing = Listing(Self.entries(10_500))
    let result = try await pull(listing, query: "film")
    let windows = try #require(result.windows)
    #expect(windows.kind == .releaseYears)
    #expect(windows.count == 2030 - 1870 + 1)
    #expect(result.films.count == 10_500)
    #expect(listing.requests.contains("1947 p1"))
    #expect(windows.summary == "pulled in 161 release-year windows")
  }

  @Test func aCapBelowTMDBsIsTheUsersAndStopsThePullUnsplit() async throws {
    let listing = Listing(Self.entries(12_000))
    let result = try await pull(listing, maxPages: 10)
    #expect(result.windows == nil)
    #expect(result.pageCap == 10)
    #expect(result.films.count == 200)
    #expect(listing.requests.count == 10)
  }

  struct Down: Error {}

  /// A pull of 11,000 films whose windows' third pages fail.
  private func failingAtWindowPage3(concurrency: Int, allowPartial: Bool) -> TMDBWindowedPull {
    let listing = Listing(Self.entries(11_000))
    return TMDBWindowedPull(
      search: TMDBSearch(""),
      fetch: { search, page in
        if page == 3, search.window != nil { throw Down() }
        return try await listing.page(search, page)
      }, maxPages: 500, concurrency: concurrency, allowPartial: allowPartial, latestYear: 2030,
      progress: nil)
  }

  @Test func aFailedWindowFailsThePullNamingItsPage() async throws {
    let failing = failingAtWindowPage3(concurrency: 2, allowPartial: false)
    await #expect(throws: PaginationError.self) { try await failing.pull() }
  }

  @Test func withAllowPartialAFailedWindowEndsThePullWithTheFilmsBeforeIt() async throws {
    let result = try await failingAtWindowPage3(concurrency: 1, allowPartial: true).pull()
    #expect(result.failure?.page == 3)
    #expect(result.films.count == 40)
    #expect(result.windows != nil)
  }

  @Test func withAllowPartialAFailedFirstPageGivesNoFilmsAndTheFailure() async throws {
    let partial = TMDBWindowedPull(
      search: TMDBSearch(""), fetch: { _, _ in throw Down() }, maxPages: 500, concurrency: 1,
      allowPartial: true, latestYear: 2030, progress: nil)
    let result = try await partial.pull()
    #expect(result.failure?.page == 1)
    #expect(result.films.isEmpty)
  }
}
