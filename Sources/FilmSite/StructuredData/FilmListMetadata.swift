/// What a page of a film list (the main index, or a genre's, director's or
/// year's films) tells machines: a schema.org `ItemList` of its films, the
/// summary that Google's movie carousel reads, and Open Graph `website` tags.
///
/// An `ItemList` names each film by its page's absolute URL, so a list page
/// has one only with a base URL, and only when it lists films. Positions
/// count from the list's first page, so page 2 of 24 films a page starts at 25.
struct FilmListMetadata: Sendable {
  /// The page's route.
  let route: Route
  /// The page's title before the site title, or the site title on the home page.
  let title: String
  /// The routes of the pages of the films it shows, in order.
  let filmRoutes: [Route]
  /// The position in the whole list of the first film shown, from 1.
  let firstPosition: Int
  let configuration: SiteConfiguration

  /// The `ItemList`; `nil` without a base URL or without films.
  var itemList: JSONObject? {
    guard let base = configuration.baseURL, !filmRoutes.isEmpty else { return nil }
    let items = filmRoutes.enumerated().map { offset, route -> JSONValue in
      [
        "@type": "ListItem", "position": .integer(firstPosition + offset),
        "url": .string(base + route.description),
      ]
    }
    return [
      "@context": "https://schema.org", "@type": "ItemList", "itemListElement": .array(items),
    ]
  }

  /// `og:type` `website`, the site's name, the page's title and (with a base
  /// URL) its URL, and a plain Twitter card.
  var metaTags: [MetaTag] {
    var tags: [MetaTag] = [
      .property("og:type", "website"), .property("og:site_name", configuration.title),
      .property("og:title", title),
    ]
    if let base = configuration.baseURL {
      tags.append(.property("og:url", base + route.description))
    }
    tags.append(.name("twitter:card", "summary"))
    return tags
  }
}
