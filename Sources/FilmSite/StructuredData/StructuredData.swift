import FilmCatalog

/// What a page tells search engines and link previews about itself: one
/// JSON-LD object for a `<script type="application/ld+json">` element, and
/// `<meta>` tags (a description, Open Graph and a Twitter card). The layout
/// puts both in the page's `<head>` as its `jsonLD` and `metaTags`.
///
/// A film page has a `Movie` (``FilmMetadata``); a page of a film list, an
/// `ItemList` of its films (``FilmListMetadata``); other pages have none.
struct StructuredData: Sendable, Equatable {
  /// The page's JSON-LD object, if it has one.
  var jsonLD: JSONValue?
  /// The page's meta tags, in the order they are written.
  var metaTags: [MetaTag]

  /// No structured data: the layout leaves both lines out.
  static let none = StructuredData(jsonLD: nil, metaTags: [])

  /// The JSON-LD `<script>` element, `nil` without an object.
  var scriptElement: String? { jsonLD?.scriptElement }

  /// The meta elements, one a line; `nil` without any.
  var metaElements: String? {
    guard !metaTags.isEmpty else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(1_024)
    for (offset, tag) in metaTags.enumerated() {
      if offset > 0 { bytes.append(UInt8(ascii: "\n")) }
      tag.appendHTML(to: &bytes)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The structured data of `film`'s page at `route`: a JSON-LD `Movie`,
  /// its description, Open Graph `video.movie` tags and a Twitter card.
  /// - Parameters:
  ///   - people: Where the site has a page for a director or actor.
  ///   - overviewHTML: The film's overview as ``PageContexts/overviewHTML(_:)``
  ///     makes it, when the caller has it already.
  static func film(
    _ film: Film, at route: Route, contexts: PageContexts,
    people: PersonLinks = PersonLinks(), overviewHTML: [UInt8]? = nil
  ) -> StructuredData {
    let metadata = FilmMetadata(
      film, at: route, contexts: contexts, people: people, overviewHTML: overviewHTML)
    return StructuredData(jsonLD: .object(metadata.movie), metaTags: metadata.metaTags)
  }

  /// The structured data of a page of a film list at `route`, which shows
  /// the films whose pages are at `filmRoutes`, the first being the list's
  /// `firstPosition`th (from 1).
  /// - Parameter title: The page's own title, as the layout gets it; `nil` on the home page.
  static func filmList(
    at route: Route, title: String?, filmRoutes: [Route], firstPosition: Int,
    configuration: SiteConfiguration
  ) -> StructuredData {
    let metadata = FilmListMetadata(
      route: route, title: title ?? configuration.title, filmRoutes: filmRoutes,
      firstPosition: firstPosition, configuration: configuration)
    return StructuredData(
      jsonLD: metadata.itemList.map(JSONValue.object), metaTags: metadata.metaTags)
  }
}
