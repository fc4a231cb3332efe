/// How many pages of each kind a site has, for the build summary. The
/// manifest keeps them, so a build that finds the site up to date can say
/// them without rendering.
struct SitePageCounts: Sendable, Equatable {
  /// Pages of the main index.
  let indexPages: Int
  /// Pages of the genre, director and year lists, and the lists of each.
  let browsePages: Int
  /// Whether `sitemap.xml`, `robots.txt` and canonical links were written (with a base URL).
  let hasSiteFiles: Bool

}
