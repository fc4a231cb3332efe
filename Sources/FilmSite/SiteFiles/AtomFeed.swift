import FilmCatalog

/// `feed.xml`: an Atom feed (RFC 4287) of the site's newest pages, for feed readers.
///
/// Every link and id is absolute, made from the base URL the way canonical
/// links and the sitemap are. The feed is a pure function of its entries: its
/// `updated` is the newest entry's date, never the clock, so the same site
/// gives the same bytes. An empty feed is dated 1970-01-01T00:00:00Z, the
/// earliest date there is, so that it never looks newer than one with entries.
///
/// RFC 4287 wants an author for every entry; the site's title is the feed's
/// author, which each entry inherits. Every text is escaped by
/// ``Escaping/xml(_:)``, which also drops the characters XML forbids.
enum AtomFeed {
  static let filePath = "feed.xml"
  /// The media type of an Atom document, for `<link type=…>`.
  static let mediaType = "application/atom+xml"

  /// The entries of the newest `limit` films: newest first by release date
  /// (see ``FeedEntry/init(film:route:)``), ties ordered by
  /// ``FeedEntry/newestFirst(_:_:)``. A film with neither a release date nor
  /// a year is left out.
  static func newestFilms(_ films: [(film: Film, route: Route)], limit: Int) -> [FeedEntry] {
    guard limit > 0 else { return [] }
    let entries = films.compactMap { FeedEntry(film: $0.film, route: $0.route) }
    return Array(entries.sorted(by: FeedEntry.newestFirst).prefix(limit))
  }

  /// The feed of `entries`, newest first, for a site called `title` at
  /// `baseURL` (absolute, ending in `/`).
  static func file(title: String, baseURL: String, entries: [FeedEntry]) -> OutputFile {
    let entries = entries.sorted(by: FeedEntry.newestFirst)
    let updated = entries.first?.updated ?? ContentDate(CalendarDay(daysSinceEpoch: 0))
    let name = Escaping.xml(title)
    let base = Escaping.xml(baseURL)
    var xml = """
      <?xml version="1.0" encoding="utf-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom">
        <title>\(name)</title>
        <id>\(base)</id>
        <link rel="self" type="\(mediaType)" href="\(Escaping.xml(baseURL + filePath))"/>
        <link rel="alternate" type="text/html" href="\(base)"/>
        <updated>\(updated.rfc3339)</updated>
        <author><name>\(name)</name></author>

      """
    for entry in entries {
      let url = Escaping.xml(baseURL + entry.route.description)
      xml += """
          <entry>
            <title>\(Escaping.xml(entry.title))</title>
            <link rel="alternate" type="text/html" href="\(url)"/>
            <id>\(url)</id>
            <updated>\(entry.updated.rfc3339)</updated>

        """
      if let summary = entry.summary?.trimmingSpaces(), !summary.isEmpty {
        xml += "    <summary>\(Escaping.xml(summary))</summary>\n"
      }
      xml += "  </entry>\n"
    }
    xml += "</feed>\n"
    return OutputFile(path: filePath, text: xml)
  }
}
