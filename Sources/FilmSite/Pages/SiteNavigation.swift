/// What every page's layout links to besides the films and their lists:
/// the owner's pages that the config's `nav` names, the tags when notes
/// give any, and the feed when the site has one.
struct SiteNavigation: Sendable, Hashable {
  /// One of the owner's pages in the navigation.
  struct Link: Sendable, Hashable {
    let title: String
    let route: Route
  }

  var links: [Link] = []
  var hasTags = false
  var hasFeed = false

  /// What a page's key knows of the navigation: every page shows it.
  var hash: ContentHash {
    var hasher = ContentHasher()
    hasher.combine(links.count)
    for link in links {
      hasher.combine(link.title)
      hasher.combine(link.route.description)
    }
    hasher.combine(hasTags ? "tags" : "")
    hasher.combine(hasFeed ? "feed" : "")
    return hasher.finalize()
  }
}
