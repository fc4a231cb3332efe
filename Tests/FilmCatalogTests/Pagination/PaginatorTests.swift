import Testing

@testable import FilmCatalog

@Suite(.serialized) struct PaginatorTests {
  @Test func hundredConcurrentLoadsCauseOneRequest() async throws {
    let firstPage = films(onPage: 1)
    let source = RecordingSource(pages: [firstPage, films(onPage: 2)], gated: [1])
    let paginator = Paginator(source: source)
    let returned = Counter()

    let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
      for _ in 0..<100 {
        group.addTask {
          let loaded = try await paginator.loadNextPage()
          await returned.increment()
          return loaded
        }
      }
      // The 99 calls that find page 1 in flight return false without waiting for it.
      let ready = await waitUntil("page 1 is requested and the other 99 calls return") {
        let requests = await source.requests
        let count = await returned.value
        return requests == [1] && count == 99
      }
      #expect(ready)
      #expect(await paginator.isLoadingPage)
      await source.release(1)
      var outcomes: [Bool] = []
      for try await loaded in group { outcomes.append(loaded) }
      return outcomes
    }

    #expect(outcomes.count == 100)
    #expect(outcomes.filter { $0 }.count == 1)
    #expect(await source.requests == [1])
    #expect(await paginator.films == firstPage)
    #expect(await paginator.page == 2)
    #expect(await !paginator.isLoadingPage)
    #expect(await paginator.canLoadMore)
  }

  @Test func loadAllRequestsEachPageOnceInOrder() async throws {
    let pages = (1...3).map { films(onPage: $0) }
    let source = RecordingSource(pages: pages + [[]])
    let paginator = Paginator(source: source)

    let loaded = try await paginator.loadAll()

    #expect(loaded == Array(pages.joined()))
    #expect(loaded.count == 60)
    #expect(await source.requests == [1, 2, 3, 4])
    #expect(await paginator.films == loaded)
    #expect(await paginator.duplicatesDropped == 0)
  }

  @Test func passesTheQueryWithEveryRequest() async throws {
    let source = RecordingSource(pages: [films(onPage: 1), films(onPage: 2)])
    let paginator = Paginator(source: source, query: "kubrick")

    _ = try await paginator.loadAll()

    #expect(await source.queries == ["kubrick", "kubrick", "kubrick"])
  }

  @Test func loadNextPageReportsWhetherItLoadedFilms() async throws {
    let source = RecordingSource(pages: [films(onPage: 1), films(onPage: 2)])
    let paginator = Paginator(source: source)

    #expect(try await paginator.loadNextPage())
    #expect(await paginator.films.count == 20)
    #expect(await paginator.page == 2)
    #expect(try await paginator.loadNextPage())
    #expect(await paginator.films.count == 40)
    #expect(try await !paginator.loadNextPage())
    #expect(await source.requests == [1, 2, 3])
  }

  @Test func stopsAtFirstEmptyPage() async throws {
    // A fourth page exists beyond the empty third one, but must never be requested.
    let source = RecordingSource(pages: [films(onPage: 1), films(onPage: 2), [], films(onPage: 4)])
    let paginator = Paginator(source: source)

    let loaded = try await paginator.loadAll()
    #expect(loaded == films(onPage: 1) + films(onPage: 2))
    #expect(await source.requests == [1, 2, 3])
    #expect(await !paginator.canLoadMore)

    #expect(try await !paginator.loadNextPage())
    #expect(try await paginator.loadAll() == loaded)
    #expect(try await !paginator.loadNextPage())
    #expect(await source.requests == [1, 2, 3])
    #expect(await paginator.films == loaded)
    #expect(await !paginator.canLoadMore)
  }

  @Test func stopsAtPageCap() async throws {
    let source = RecordingSource(everyPage: { films(onPage: $0) })
    let paginator = Paginator(source: source, maxPages: 2)

    let loaded = try await paginator.loadAll()
    #expect(loaded == films(onPage: 1) + films(onPage: 2))
    #expect(await source.requests == [1, 2])
    #expect(await !paginator.canLoadMore)
    #expect(await paginator.stoppedAtPageCap)

    #expect(try await !paginator.loadNextPage())
    #expect(try await paginator.loadAll() == loaded)
    #expect(await source.requests == [1, 2])
  }

  @Test func endingOnAnEmptyPageIsNotAStopAtTheCap() async throws {
    let paginator = Paginator(
      source: RecordingSource(pages: [films(onPage: 1), films(onPage: 2)]), maxPages: 3)
    _ = try await paginator.loadAll()
    #expect(await !paginator.stoppedAtPageCap)
  }

  @Test func defaultPageCapIsFiveHundred() async throws {
    #expect(Paginator.defaultMaxPages == 500)
    let source = RecordingSource(everyPage: { [Film(id: "\($0)", title: "Film \($0)")] })
    let paginator = Paginator(source: source)

    let loaded = try await paginator.loadAll()

    #expect(loaded.count == 500)
    #expect(await source.requests == Array(1...500))
  }

  @Test func dropsDuplicateIDsKeepingFirstOccurrence() async throws {
    let source = RecordingSource(pages: [
      [film("1", "Alien"), film("2", "Aliens"), film("2", "Aliens (same page)")],
      [film("3", "Alien 3"), film("1", "Alien (again)"), film("4", "Resurrection")],
      [film("2", "Aliens (again)")],
    ])
    let paginator = Paginator(source: source)

    let loaded = try await paginator.loadAll()

    #expect(
      loaded == [
        film("1", "Alien"), film("2", "Aliens"), film("3", "Alien 3"), film("4", "Resurrection"),
      ])
    #expect(await paginator.duplicatesDropped == 3)
    // A page made only of duplicates is still a page: loading goes on past it.
    #expect(await source.requests == [1, 2, 3, 4])
  }

  @Test func failedPageSurfacesAsErrorNotShorterList() async throws {
    let source = RecordingSource(
      pages: (1...5).map { films(onPage: $0) }, failing: [3: SourceFailure(page: 3)])
    let paginator = Paginator(source: source)

    let error = try await #require(throws: PaginationError.self) { try await paginator.loadAll() }
    #expect(error.page == 3)
    #expect(error.underlying as? SourceFailure == SourceFailure(page: 3))
    #expect(error.description == "page 3: SourceFailure(page: 3)")

    let again = try await #require(throws: PaginationError.self) { try await paginator.loadAll() }
    #expect(again.page == 3)
    let next = try await #require(throws: PaginationError.self) {
      try await paginator.loadNextPage()
    }
    #expect(next.page == 3)

    #expect(await source.requests == [1, 2, 3])
    #expect(await !paginator.canLoadMore)
    // The two good pages stay loaded, but are never returned as if they were everything.
    #expect(await paginator.films == films(onPage: 1) + films(onPage: 2))
  }

  @Test func failedFirstPageIsRememberedByLoadNextPage() async throws {
    let source = RecordingSource(pages: [films(onPage: 1)], failing: [1: SourceFailure(page: 1)])
    let paginator = Paginator(source: source)

    let first = try await #require(throws: PaginationError.self) {
      try await paginator.loadNextPage()
    }
    #expect(first.page == 1)
    let second = try await #require(throws: PaginationError.self) {
      try await paginator.loadNextPage()
    }
    #expect(second.page == 1)
    #expect(await source.requests == [1])
    #expect(await paginator.films.isEmpty)
  }

  @Test func noPageRequestedTwiceUnderConcurrentLoadAll() async throws {
    let pages = (1...5).map { films(onPage: $0) }
    let expected = Array(pages.joined())
    let source = RecordingSource(pages: pages + [[]], delay: .milliseconds(5))
    let paginator = Paginator(source: source)

    let run = Task {
      await withTaskGroup(of: Result<[Film], any Error>.self) { group in
        for _ in 0..<10 {
          group.addTask { await loadAll(paginator) }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
    }
    let watchdog = Watchdog(seconds: 5) { run.cancel() }
    let outcomes = await run.value
    let timedOut = watchdog.disarm()

    #expect(timedOut == false, "10 concurrent loadAll() calls did not finish within 5 s")
    let requests = await source.requests
    #expect(Set(requests).count == requests.count, "a page was requested twice: \(requests)")
    #expect(requests.allSatisfy { (1...6).contains($0) })
    let failures = outcomes.compactMap { outcome -> String? in
      guard case .failure(let error) = outcome else { return nil }
      return "\(error)"
    }
    #expect(failures.isEmpty, "every caller gets a list")
    // Compare ids, so that a failure prints a readable list.
    let expectedIDs = expected.map(\.id)
    let lists = outcomes.compactMap { try? $0.get().map(\.id) }
    #expect(lists.contains(expectedIDs), "no caller got every film")
    for list in lists {
      #expect(Array(expectedIDs.prefix(list.count)) == list, "a caller got films out of page order")
    }
  }

  @Test func loadAllWhileAPageIsInFlightFinishes() async throws {
    let expected = films(onPage: 1) + films(onPage: 2)
    let source = RecordingSource(pages: [films(onPage: 1), films(onPage: 2)], gated: [1])
    let paginator = Paginator(source: source)

    let first = Task { await loadAll(paginator) }
    #expect(await waitUntil("page 1 is requested") { await source.requests == [1] })
    let second = Task { await loadAll(paginator) }
    let watchdog = Watchdog(seconds: 5) {
      first.cancel()
      second.cancel()
      Task { await source.release(1) }
    }
    // Give the second call time to run into the page in flight.
    try await Task.sleep(for: .milliseconds(50))
    await source.release(1)

    let firstResult = await first.value
    let secondResult = await second.value
    let timedOut = watchdog.disarm()

    #expect(timedOut == false, "loadAll() while a page is in flight did not finish within 5 s")
    #expect(try firstResult.get().map(\.id) == expected.map(\.id))
    let secondIDs = try secondResult.get().map(\.id)
    #expect(Array(expected.map(\.id).prefix(secondIDs.count)) == secondIDs)
    #expect(await source.requests == [1, 2, 3])
  }

  @Test func emptyFirstPageGivesNoFilms() async throws {
    let source = RecordingSource(pages: [[], films(onPage: 2)])
    let paginator = Paginator(source: source)

    #expect(try await paginator.loadAll().isEmpty)
    #expect(await source.requests == [1])
    #expect(await !paginator.canLoadMore)
    #expect(try await !paginator.loadNextPage())
    #expect(await source.requests == [1])
  }

  @Test(arguments: [0, -1, Int.min])
  func maxPagesZeroRequestsNothing(maxPages: Int) async throws {
    let source = RecordingSource(everyPage: { films(onPage: $0) })
    let paginator = Paginator(source: source, maxPages: maxPages)

    #expect(await !paginator.canLoadMore)
    #expect(try await paginator.loadAll().isEmpty)
    #expect(try await !paginator.loadNextPage())
    #expect(await source.requests.isEmpty)
  }

  @Test func cancellationStopsLoadAll() async throws {
    let source = RecordingSource(everyPage: { films(onPage: $0) }, gated: [1])
    let paginator = Paginator(source: source, maxPages: 3)

    let task = Task { try await paginator.loadAll() }
    let requested = await waitUntil("page 1 is requested") { await source.requests == [1] }
    #expect(requested)
    task.cancel()
    await source.release(1)

    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(await source.requests == [1])
    #expect(await paginator.films == films(onPage: 1))

    // Cancelling is not a failure: a later call carries on from page 2.
    #expect(try await paginator.loadAll() == (1...3).flatMap { films(onPage: $0) })
    #expect(await source.requests == [1, 2, 3])
  }

  @Test func loadsEveryFilmOfACatalogSource() async throws {
    let catalog = (1...45).map { Film(id: "\($0)", title: "Film \($0)") }
    let paginator = Paginator(source: CatalogSource(films: catalog))

    #expect(try await paginator.loadAll() == catalog)
    #expect(await paginator.page == 4)
    #expect(await !paginator.canLoadMore)
  }
}

private struct SourceFailure: Error, Equatable {
  let page: Int
}

private func film(_ id: String, _ title: String) -> Film {
  Film(id: id, title: title)
}

/// Twenty films with ids unique to `page`.
private func films(onPage page: Int) -> [Film] {
  (1...20).map { Film(id: "p\(page)-\($0)", title: "Page \(page) film \($0)") }
}

private actor Counter {
  private(set) var value = 0

  func increment() { value += 1 }
}

private func loadAll(_ paginator: Paginator) async -> Result<[Film], any Error> {
  do {
    return .success(try await paginator.loadAll())
  } catch {
    return .failure(error)
  }
}

/// Polls `condition` until it holds, recording an issue when it has not
/// held after `polls` looks (at least a millisecond apart).
///
/// The limit counts this test's own turns, not the clock. The whole package
/// runs its tests in one process, and on two cores the synchronous tests of
/// other suites can hold every thread of the concurrency pool for minutes:
/// then neither the polling nor the tasks it waits for run, and a deadline on
/// the clock fails a test that is only waiting its turn (two CI runs at
/// 120 s did). A hang still fails: the polling runs and the condition never holds.
/// - Returns: Whether the condition held.
private func waitUntil(
  _ what: String, polls: Int = 10_000,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () async -> Bool
) async -> Bool {
  for _ in 0..<polls {
    if await condition() { return true }
    try? await Task.sleep(for: .milliseconds(1))
  }
  if await condition() { return true }
  Issue.record(
    "Gave up waiting until \(what), after \(polls) looks", sourceLocation: sourceLocation)
  return false
}
