extension FilmMetadata {
  /// The most characters of a description in a meta tag; link previews show fewer.
  static let descriptionLimit = 300

  /// The page's description (the overview, or the tagline without one), its
  /// Open Graph `video.movie` tags and its Twitter card.
  ///
  /// `video:director` and `video:actor` are profile URLs, so they name only
  /// people with a page on the site, and only with a base URL; so does
  /// `og:url`, and `og:image` for a poster that is not an absolute URL.
  var metaTags: [MetaTag] {
    let summary = (description ?? tagline).map {
      PlainText.shortened($0, to: Self.descriptionLimit)
    }
    var tags: [MetaTag] = []
    if let summary { tags.append(.name("description", summary)) }
    tags += [
      .property("og:type", "video.movie"), .property("og:site_name", siteName),
      .property("og:title", title),
    ]
    if let summary { tags.append(.property("og:description", summary)) }
    if let pageURL { tags.append(.property("og:url", pageURL)) }
    if let imageURL {
      tags += [.property("og:image", imageURL), .property("og:image:alt", "Poster of \(title)")]
    }
    if let directorPageURL { tags.append(.property("video:director", directorPageURL)) }
    for actor in actors {
      guard let url = actor.url else { continue }
      tags.append(.property("video:actor", url))
      if let character = actor.character { tags.append(.property("video:actor:role", character)) }
    }
    if let published { tags.append(.property("video:release_date", published)) }
    if let minutes {
      let (seconds, overflow) = minutes.multipliedReportingOverflow(by: 60)
      if !overflow { tags.append(.property("video:duration", String(seconds))) }
    }
    tags += genres.map { .property("video:tag", $0) }
    // X reads the title, description and image from the Open Graph tags
    // when the card has none of its own, so the card names only its kind.
    tags.append(.name("twitter:card", imageURL == nil ? "summary" : "summary_large_image"))
    return tags
  }
}
