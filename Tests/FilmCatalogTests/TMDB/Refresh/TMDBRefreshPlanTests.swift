import Foundation
import Testing

@testable import FilmCatalog

@Suite struct TMDBRefreshPlanTests {
  private static func film(_ id: Int, _ title: String = "Pulled") -> Film {
    Film(id: String(id), title: "\(title) \(id)")
  }

  /// A first changes page listing `ids` (up to 100 of them) of `totalResults`.
  private static func changes(
    page: Int = 1, totalPages: Int, totalResults: Int, ids: [Int] = []
  ) -> TMDBChanges {
    TMDBChanges(
      page: page, results: ids.prefix(100).map { TMDBChanges.Change(id: $0) },
      totalPages: totalPages, totalResults: totalResults)
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
    #expect(TMDBRefreshPlan.inSnapshot(pulled: pulled, snapshot: snapshot) == ["2", "4"])
  }

  /// The rest of a refresh against a full pull of `pulled` films: the changes
  /// pages left, the new films, and the reported ids up to the films in the
  /// snapshot, when the first pages list no ids to sample.
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
    let kept = Set((1...max(1, inSnapshot)).map(String.init).prefix(inSnapshot))
    #expect(
      TMDBRefreshPlan.refreshIsCheaper(firstPages: firstPages, pulled: pulled, inSnapshot: kept)
        == refresh)
  }

  /// TMDB's daily list carries every film edited anywhere: a catalog of
  /// 10,000 films, 20,000 ids reported (200 pages), 1 in 100 of them kept
  /// films. The sample says about 200 to fetch: 199 pages + 200 < 10,000.
  /// Counting every reported id as a kept film would have pulled fully.
  @Test func theFirstPageIsASampleOfWhichReportedIdsAreInTheCatalog() {
    let kept = Set((1...10_000).map(String.init))
    let ids = (0..<100).map { $0 == 0 ? 5 : 1_000_000 + $0 }
    let page = Self.changes(totalPages: 200, totalResults: 20_000, ids: ids)
    #expect(TMDBRefreshPlan.refreshIsCheaper(firstPages: [page], pulled: 10_000, inSnapshot: kept))
    // If every sampled id is a kept film, the rest costs more than a full pull.
    let allKept = Self.changes(totalPages: 200, totalResults: 20_000, ids: Array(1...100))
    #expect(
      !TMDBRefreshPlan.refreshIsCheaper(firstPages: [allKept], pulled: 10_000, inSnapshot: kept))
  }
}
