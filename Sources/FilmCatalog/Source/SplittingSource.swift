/// A ``FilmSource`` that serves only so many pages of one query, and can
/// split a longer listing into parts that each fit, pulling each part
/// through a ``Paginator``.
public protocol SplittingSource: FilmSource {
  /// Pulls every film of `query`, split into parts when the listing is
  /// longer than `maxPages` pages.
  /// - Throws: ``PaginationError`` for a page that failed, unless
  ///   `allowPartial`, or `CancellationError`.
  func pullAll(
    _ query: String, maxPages: Int, concurrency: Int, allowPartial: Bool,
    progress: (@Sendable (Paginator.Progress) -> Void)?
  ) async throws -> PullResult
}
