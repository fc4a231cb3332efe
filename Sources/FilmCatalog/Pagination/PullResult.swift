/// What a pull of every page gave.
public struct PullResult: Sendable {
  public let films: [Film]
  public let duplicatesDropped: Int
  /// The page cap, when the pull stopped at it and the source may hold more films.
  public let pageCap: Int?
  /// The page that failed, when the pull went on with `allowPartial`.
  public let failure: PaginationError?
  /// How the pull was split into windows, when the listing was longer than
  /// the source serves of one query.
  public var windows: PullWindows? = nil
}
