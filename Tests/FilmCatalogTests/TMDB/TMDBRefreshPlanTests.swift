import Foundation
import Testing

@testable import FilmCatalog

@Suite struct TMDBRefreshPlanTests {
  private static func film(_ id: Int, _ title: String = "Pulled") -> Film {
    Film(id: String(id), title: "\(title) \(id)")
  }

  private static func changes(page: Int = 1, totalPages: Int, totalResults: Int) -> TMDBChanges {
    TMDBChanges(page: page, results: [], totalPages: totalPages, totalResults: totalResults)
  }

  @Test func keptFilmsComeFromTheSnapshotAndNewOrChangedOnesAreFetched() {
    // The snapshot has 1 to 5; the pull finds 2 to 7 (1 is gone, 6 and 7 are new);
    // TMDB reports 3, 5 and 99 (a film of neither) changed.
    let snapshot = (1...5).map { Self.film($0, "Old") }
    let pulled = [7, 2, 3, 6, 4, 5].map { Self.film($0) }
    let plan = TMDBRefreshPlan(pulled: pulled, snapshot: snapshot, changedIDs: ["3", "5", "99"])
    #expect(plan.toFetch.map(\.id) == ["7", "3", "6", "5"])
    #expect(Set(plan.kept.keys) == ["2", "4"])
    #expect((plan.changed, plan.new, plan.gone) == (2, 2, 1))

    let fetched = plan.toFetch.map { Self.film(Int($0.id) ?? 0, "Fetched") }
    #expect(
      plan.films(pulled: pulled, fetched: fetched).map(\.title) == [
        "Fetched 7", "Old 2", "Fetched 3", "Fetched 6", "Old 4", "Fetched 5",
      ])
  }

  @Test func aFilmWhoseDetailsWereSkippedIsLeftOut() {
    let pulled = [1, 2, 3].map { Self.film($0) }
    let plan = TMDBRefreshPlan(pulled: pulled, snapshot: [Self.film(1, "Old")], changedIDs: [])
    let fetched = [Self.film(3, "Fetched")]
    #expect(plan.films(pulled: pulled, fetched: fetched).map(\.title) == ["Old 1", "Fetched 3"])
  }

  @Test func nothingChangedAsksForNoDetails() {
    let films = (1...4).map { Self.film($0) }
    let plan = TMDBRefreshPlan(pulled: films, snapshot: films, changedIDs: [])
    #expect(plan.toFetch.isEmpty)
    #expect(plan.films(pulled: films, fetched: []) == films)
    #expect((plan.changed, plan.new, plan.gone, plan.kept.count) == (0, 0, 0, 4))
  }

  @Test func filmsInTheSnapshotCountEachIdOnce() {
    let pulled = [1, 2, 3, 4].map { Self.film($0) }
    let snapshot = [2, 4, 9].map { Self.film($0) }
    #expect(TMDBRefreshPlan.inSnapshot(pulled: pulled, snapshot: snapshot) == 2)
  }

  /// The rest of a refresh against a full pull of `pulled` films: the changes
  /// pages left, the new films, and the reported ids up to the films in the snapshot.
  @Test(arguments: [
    // One page of 30 ids, 1,000 films of which 990 are in the snapshot: 10 + 30 < 1,000.
    ([(1, 30)], 1_000, 990, true),
    // Two steps of 10 pages each: 18 pages left + 10 new + 990 (capped) > 1,000.
    ([(10, 1_000), (10, 1_000)], 1_000, 990, false),
    // Exactly as many requests: the full pull wins the tie.
    ([(1, 50)], 100, 50, false),
    ([(1, 49)], 100, 50, true),
    // Nothing reported: the new films alone.
    ([(0, 0)], 100, 1, true),
  ])
  func aRefreshGoesOnOnlyWhenItTakesFewerRequests(
    steps: [(Int, Int)], pulled: Int, inSnapshot: Int, refresh: Bool
  ) {
    let firstPages = steps.map { Self.changes(totalPages: $0.0, totalResults: $0.1) }
    #expect(
      TMDBRefreshPlan.refreshIsCheaper(
        firstPages: firstPages, pulled: pulled, inSnapshot: inSnapshot) == refresh)
  }
}
