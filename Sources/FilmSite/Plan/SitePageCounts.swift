/// How many pages of each kind a site has, for the build summary. The
/// manifest keeps them, so a build that finds the site up to date can say
/// them without rendering.
public struct SitePageCounts: Sendable, Equatable {
  /// Pages of the main index.
  public let indexPages: Int
  /// Pages of the genre, director and year lists, and the lists of each.
  public let browsePages: Int
  /// Whether `sitemap.xml`, `robots.txt` and canonical links were written (with a base URL).
  public let hasSiteFiles: Bool

  public init(indexPages: Int, browsePages: Int, hasSiteFiles: Bool) {
    self.indexPages = indexPages
    self.browsePages = browsePages
    self.hasSiteFiles = hasSiteFiles
  }
}
