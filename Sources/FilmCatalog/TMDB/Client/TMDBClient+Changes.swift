import Foundation

extension TMDBClient {
  /// Page `page` of `GET /movie/changes?start_date=…&end_date=…`: the films
  /// TMDB's editors changed in `step`'s days.
  /// - Throws: ``TMDBError`` naming the changes page and its URL.
  func changes(in step: TMDBChangesStep, page: Int) async throws -> TMDBChanges {
    try await get(
      "movie/changes",
      [
        URLQueryItem(name: "start_date", value: step.start.description),
        URLQueryItem(name: "end_date", value: step.end.description),
        URLQueryItem(name: "page", value: String(page)),
      ], stage: .changesPage(page, step))
  }
}
