import Testing

@testable import FilmSite

/// The `ItemList` and Open Graph tags of a page of a film list.
@Suite struct FilmListMetadataTests {
  private static let routes = [Route(["films", "1-a"]), Route(["films", "2-b"])]

  private static func list(
    baseURL: String? = "https://films.example.org/", title: String? = "Page 2 of 3",
    routes: [Route] = routes
  ) -> StructuredData {
    StructuredData.filmList(
      at: Route(["page", "2"]), title: title, filmRoutes: routes, firstPosition: 25,
      configuration: SiteConfiguration(title: "Test Films", baseURL: baseURL))
  }

  @Test func listsEachFilmsAbsoluteURLAtItsPositionInTheWholeList() {
    #expect(
      Self.list().scriptElement
        == #"<script type="application/ld+json">{"@context":"https://schema.org","#
        + #""@type":"ItemList","itemListElement":["#
        + #"{"@type":"ListItem","position":25,"url":"https://films.example.org/films/1-a/"},"#
        + #"{"@type":"ListItem","position":26,"url":"https://films.example.org/films/2-b/"}]}"#
        + "</script>")
  }

  @Test func thereIsNoItemListWithoutABaseURLOrWithoutFilms() {
    #expect(Self.list(baseURL: nil).jsonLD == nil)
    #expect(Self.list(routes: []).jsonLD == nil)
  }

  @Test func openGraphNamesTheSiteAndThePage() {
    #expect(
      Self.list().metaElements
        == """
        <meta property="og:type" content="website">
        <meta property="og:site_name" content="Test Films">
        <meta property="og:title" content="Page 2 of 3">
        <meta property="og:url" content="https://films.example.org/page/2/">
        <meta name="twitter:card" content="summary">
        """)
    let home = Self.list(baseURL: nil, title: nil).metaTags
    #expect(home.contains(.property("og:title", "Test Films")))
    #expect(!home.contains { $0.key == "og:url" })
  }
}
