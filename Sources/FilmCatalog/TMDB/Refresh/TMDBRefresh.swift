import Foundation

/// The enrichment of a pull that updates a snapshot: it asks details only
/// for the films that are new to the results or that TMDB reports changed
/// since the snapshot was pulled, and takes every other film from the
/// snapshot as it is.
///
/// It asks `GET /movie/changes` for every day from the snapshot's pull day
/// through `today`, in ``TMDBChangesStep``s of at most 14 days, every page
/// of each. After the first page of every step it knows how many pages and
/// ids are left, and pulls fully instead when the rest would take more
/// requests than asking every film's details (see
/// ``TMDBRefreshPlan/refreshIsCheaper(firstPages:pulled:inSnapshot:)``). The
/// details go through the same ``TMDBDetailsEnricher`` as a full pull, so a
/// refreshed film is the film a full pull gives.
///
/// A changes page that fails ends the refresh with its ``TMDBError``: the
/// changes are what tells a kept film from a stale one, so there is no
/// partial refresh.
public struct TMDBRefresh: Sendable {
  let client: TMDBClient
  let details: TMDBDetailsEnricher
  /// The snapshot's films.
  let snapshot: [Film]
  /// When the snapshot was pulled.
  let pulledAt: Date
  /// The last day whose changes are asked for; tests fix it.
  let today: Date
  /// Changes pages kept in flight.
  let concurrency: Int

  /// The films of a refresh, in the pull's order, with what it did.
  public struct Refreshed: Sendable {
    public let films: [Film]
    /// Films whose details failed, left out under `allowPartial`.
    public let skipped: [TMDBError]
    public let outcome: TMDBRefreshOutcome
  }

  public init(
    client: TMDBClient, details: TMDBDetailsEnricher, snapshot: [Film], pulledAt: Date,
    today: Date = Date(), concurrency: Int = 1
  ) {
    self.client = client
    self.details = details
    self.snapshot = snapshot
    self.pulledAt = pulledAt
    self.today = today
    self.concurrency = min(max(1, concurrency), Paginator.maximumConcurrency)
  }

  /// The films to build from `pulled`, the films the search pages gave, in order.
  /// - Throws: The ``TMDBError`` of a changes page, what the details
  ///   enrichment throws, or `CancellationError`.
  public func enrich(_ pulled: [Film]) async throws -> Refreshed {
    let inSnapshot = TMDBRefreshPlan.inSnapshot(pulled: pulled, snapshot: snapshot)
    guard !inSnapshot.isEmpty else { return try await fullPull(pulled, because: .nothingKept) }

    let steps = TMDBChangesStep.steps(since: pulledAt, through: today)
    let firstPages = try await changesPages(steps.map { ($0, 1) })
    guard
      TMDBRefreshPlan.refreshIsCheaper(
        firstPages: firstPages, pulled: pulled.count, inSnapshot: inSnapshot)
    else {
      let days = TMDBChangesStep.days(since: pulledAt, through: today)
      return try await fullPull(pulled, because: .changesCostMore(days: days))
    }
    var rest: [(TMDBChangesStep, Int)] = []
    for (step, first) in zip(steps, firstPages) where first.totalPages > first.page {
      rest += (first.page + 1...first.totalPages).map { (step, $0) }
    }
    let pages = try await firstPages + changesPages(rest)

    var changedIDs: Set<String> = []
    for page in pages { for change in page.results { changedIDs.insert(String(change.id)) } }
    let plan = TMDBRefreshPlan(pulled: pulled, snapshot: snapshot, changedIDs: changedIDs)
    let enriched = try await details.enrich(plan.toFetch)
    let counts = TMDBRefreshOutcome.Counts(
      pulledOn: CalendarDay(pulledAt).description, changesPages: pages.count,
      changed: plan.changed, new: plan.new, gone: plan.gone, unchanged: plan.kept.count)
    return Refreshed(
      films: plan.films(pulled: pulled, fetched: enriched.films), skipped: enriched.skipped,
      outcome: .refreshed(counts))
  }

  /// Every pulled film's details, as a pull without a snapshot asks them.
  private func fullPull(_ pulled: [Film], because reason: TMDBRefreshOutcome.FullPullReason)
    async throws -> Refreshed
  {
    let enriched = try await details.enrich(pulled)
    return Refreshed(films: enriched.films, skipped: enriched.skipped, outcome: .fullPull(reason))
  }

  /// The changes pages `requests` names, in that order, up to ``concurrency`` in flight.
  private func changesPages(_ requests: [(TMDBChangesStep, Int)]) async throws -> [TMDBChanges] {
    let client = self.client
    var pages: [Int: TMDBChanges] = [:]
    try await withThrowingTaskGroup(of: (Int, TMDBChanges).self) { group in
      var next = 0
      while true {
        while next < requests.count, next - pages.count < concurrency {
          let (index, (step, page)) = (next, requests[next])
          group.addTask { (index, try await client.changes(in: step, page: page)) }
          next += 1
        }
        guard let (index, page) = try await group.next() else { break }
        pages[index] = page
      }
    }
    return requests.indices.compactMap { pages[$0] }
  }
}
