import Foundation
import Testing

@testable import FilmCatalog

@Suite struct TMDBChangesTests {
  @Test func aChangesPageIsReadInTMDBsShape() throws {
    let json = #"""
      {"results": [{"id": 603, "adult": false}, {"id": 11, "adult": null}],
       "page": 1, "total_pages": 3, "total_results": 212}
      """#
    let page = try JSONDecoder().decode(TMDBChanges.self, from: Data(json.utf8))
    #expect(
      page
        == TMDBChanges(
          page: 1, results: [.init(id: 603), .init(id: 11)], totalPages: 3, totalResults: 212))
  }

  @Test func aPageWithoutTotalsIsTheLastOne() throws {
    let json = #"{"results": [{"id": 5}], "page": 2}"#
    let page = try JSONDecoder().decode(TMDBChanges.self, from: Data(json.utf8))
    #expect((page.totalPages, page.totalResults) == (2, 1))
  }

  @Test func theRequestAsksForTheStepsDaysAndPage() throws {
    let client = TMDBClient(
      baseURL: try #require(URL(string: "https://api.themoviedb.org/3")),
      credentials: .apiKey("k-SECRET"))
    let step = TMDBChangesStep(
      start: try #require(CalendarDay("2026-11-11")), end: try #require(CalendarDay("2026-11-24")))
    let items = [
      URLQueryItem(name: "start_date", value: step.start.description),
      URLQueryItem(name: "end_date", value: step.end.description),
      URLQueryItem(name: "page", value: "2"),
    ]
    let url = try #require(client.url("movie/changes", items))
    #expect(
      SecretMasking.masked(url)
        == "https://api.themoviedb.org/3/movie/changes?start_date=2026-11-11&end_date=2026-11-24&page=2&language=en-US&api_key=***"
    )
    #expect(
      "\(TMDBStage.changesPage(2, step))" == "changes page 2 of 2026-11-11 to 2026-11-24")
  }

  @Test func theSummarySaysWhatTheRefreshDidOrWhyItPulledFully() {
    let counts = TMDBRefreshOutcome.Counts(
      pulledOn: "2026-11-30", changesPages: 2, changed: 20, new: 10, gone: 10, unchanged: 1_970)
    #expect(
      TMDBRefreshOutcome.refreshed(counts).summary(snapshot: "s.json")
        == "refreshed from s.json (pulled 2026-11-30): 2 changes pages, 20 changed, 10 new, 10 gone, 1970 unchanged"
    )
    #expect(
      TMDBRefreshOutcome.fullPull(.changesCostMore(days: 40)).summary(snapshot: "s.json")
        == "full pull: the snapshot is 40 days old and its changes would take more requests than a full pull"
    )
    #expect(
      TMDBRefreshOutcome.fullPull(.differentSearch).summary(snapshot: "s.json")
        == "full pull: the snapshot was pulled for a different search")
    #expect(
      TMDBRefreshOutcome.fullPull(.noSnapshot).summary(snapshot: "s.json")
        == "full pull: s.json did not exist yet")
  }
}
