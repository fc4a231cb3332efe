/// The files of a rendered site, and how many pages of each kind it has.
public struct RenderedSite: Sendable {
  /// Every file of the site: pages, theme assets, search index and site files.
  public let files: [OutputFile]
  /// Pages of the main index.
  public let indexPages: Int
  /// Pages of the genre, director and year lists, and the lists of each.
  public let browsePages: Int
  /// Whether `sitemap.xml`, `robots.txt` and canonical links were written (with a base URL).
  public let hasSiteFiles: Bool
}
