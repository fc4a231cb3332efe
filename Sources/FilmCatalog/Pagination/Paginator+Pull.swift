extension Paginator {
  /// Loads every page.
  /// - Parameter allowPartial: Instead of failing, keep the films of the pages
  ///   before a page that failed, and report the failure in the result.
  /// - Throws: ``PaginationError``, or `CancellationError` when the task is cancelled.
  public func pull(allowPartial: Bool = false) async throws -> PullResult {
    var failure: PaginationError?
    do {
      _ = try await loadAll()
    } catch let error as PaginationError {
      guard allowPartial, !(error.underlying is CancellationError) else { throw error }
      failure = error
    }
    try Task.checkCancellation()
    return PullResult(
      films: films, duplicatesDropped: duplicatesDropped,
      pageCap: stoppedAtPageCap ? maxPages : nil, failure: failure)
  }
}
