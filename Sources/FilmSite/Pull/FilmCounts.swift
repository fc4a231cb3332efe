/// How many films a build got from its source, for the build summary. The
/// manifest keeps them beside ``SitePageCounts``, so a build that finds a
/// catalog's site up to date can say them without decoding the catalog.
public struct FilmCounts: Sendable, Equatable {
  /// The films the site was built from.
  let films: Int
  /// Films dropped because an earlier page had the same id.
  public let duplicatesDropped: Int
  /// The page cap, when the pull stopped at it.
  let pageCap: Int?

}
