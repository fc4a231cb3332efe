/// The files of a rendered site, and how many pages of each kind it has.
public struct RenderedSite: Sendable {
  /// Every file of the site: pages, theme assets, search index and site files.
  public let files: [OutputFile]
  public let counts: SitePageCounts

  /// Pages of the main index.
  public var indexPages: Int { counts.indexPages }
  /// Pages of the genre, director and year lists, and the lists of each.
  public var browsePages: Int { counts.browsePages }
  /// Whether `sitemap.xml`, `robots.txt` and canonical links were written (with a base URL).
  public var hasSiteFiles: Bool { counts.hasSiteFiles }
}
