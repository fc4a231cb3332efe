import FilmCatalog

/// The choices that shape a site, independent of where its films come from.
public struct SiteConfiguration: Sendable, Equatable, Encodable {
  public static let defaultPageSize = 24
  public static let defaultPosterBaseURL = "https://image.tmdb.org/t/p/w342"
  public static let defaultCastPagesPerFilm = 5
  public static let defaultCastShown = 10

  /// The site's name, shown in every page's `<title>` and header.
  public var title: String
  /// Films per index page.
  public var pageSize: Int
  /// The URL that relative poster paths are joined to.
  public var posterBaseURL: String
  /// The absolute URL the site is published at, ending in `/` (see ``BaseURL``),
  /// if known. Links stay relative; with it the site gets `sitemap.xml`,
  /// `robots.txt` and a canonical link on every page.
  public var baseURL: String?
  /// How many of each film's first billed performers get a people page
  /// (`cast/<slug>/`) that lists the film, and are search words; 0 for none.
  /// The rest of the cast is named on the film's page only, so a large
  /// catalog does not become millions of pages.
  public var castPagesPerFilm: Int
  /// How many of the first billed performers a film's page lists.
  public var castShown: Int
  /// A credit the source requires on every page (TMDB's notice), shown in the layout's footer.
  public var attribution: Attribution?
  /// The owner's pages the layout's navigation links, in order: their
  /// paths in the content folder (`about.md`), each titled by its front matter.
  public var navigation: [String] = []
  /// The most URLs in one sitemap file before the sitemap is split (the protocol's 50,000).
  var sitemapLimit = Sitemap.protocolLimit

  public init(
    title: String = "Films",
    pageSize: Int = SiteConfiguration.defaultPageSize,
    posterBaseURL: String = SiteConfiguration.defaultPosterBaseURL,
    baseURL: String? = nil,
    castPagesPerFilm: Int = SiteConfiguration.defaultCastPagesPerFilm,
    castShown: Int = SiteConfiguration.defaultCastShown,
    attribution: Attribution? = nil
  ) {
    self.title = title
    self.pageSize = pageSize
    self.posterBaseURL = posterBaseURL
    self.baseURL = baseURL
    self.castPagesPerFilm = castPagesPerFilm
    self.castShown = castShown
    self.attribution = attribution
  }
}
