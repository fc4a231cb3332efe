import FilmCatalog
import Foundation

/// What a film's page tells machines about the film, gathered once for its
/// JSON-LD `Movie` (``movie``) and its meta tags (``metaTags``), so that the
/// two always agree.
///
/// Every value comes from the film as the plan keeps it, checked again here
/// where a wrong one would mislead (a rating outside 0 to 10, a date that is
/// no date), and is escaped where it lands. URLs are absolute or left out:
/// a page's own URL, a relative poster's and a person's page need the base URL.
struct FilmMetadata: Sendable {
  /// A person the film credits.
  struct Person: Sendable, Equatable {
    let name: String
    /// The person's page on the site, absolute; `nil` without one or without a base URL.
    let url: String?
    /// An actor's part, when the film gives it.
    var character: String? = nil
  }

  /// The most characters of the JSON-LD description: real overviews are a
  /// few hundred, and a page should not carry a huge one twice.
  static let longDescriptionLimit = 5_000

  let title: String
  let siteName: String
  /// The page's absolute URL, with a base URL only.
  let pageURL: String?
  /// The poster's absolute URL.
  let imageURL: String?
  /// The overview as plain text, shortened to ``longDescriptionLimit``.
  let description: String?
  let tagline: String?
  /// The release date (`1999-03-31`) when it is a date, else the year (`1999`).
  let published: String?
  /// The people of the director credit, which may name several (`Joel Coen & Ethan Coen`).
  let directors: [Person]
  /// The director credit's page, absolute.
  let directorPageURL: String?
  /// The first billed of the cast, as many as the page lists
  /// (``SiteConfiguration/castShown``), top billed first.
  let actors: [Person]
  /// The running time in minutes, when it is more than 0.
  let minutes: Int?
  let genres: [String]
  /// The rating as the page shows it (one decimal), with its votes; only with votes.
  let rating: (value: Double, votes: Int)?
  /// The trailer's watch URL, and its player's URL.
  let trailer: (url: String, embedURL: String?)?
  /// Pages about the same film elsewhere: IMDb's, the film's own site.
  let sameAs: [String]

  /// - Parameter overviewHTML: The film's overview as
  ///   ``PageContexts/overviewHTML(_:)`` makes it, when the caller has it already.
  init(
    _ film: Film, at route: Route, contexts: PageContexts, people: PersonLinks,
    overviewHTML: [UInt8]? = nil
  ) {
    let configuration = contexts.configuration
    let base = configuration.baseURL
    let pageURL = base.map { $0 + route.description }
    self.pageURL = pageURL
    title = film.title
    siteName = configuration.title
    imageURL = film.posterURL(base: configuration.posterBaseURL).flatMap {
      Self.absoluteURL($0, from: pageURL)
    }
    description = film.overview.flatMap {
      PlainText.overview($0, renderer: contexts.markdown, html: overviewHTML)
    }
    .map { PlainText.shortened($0, to: Self.longDescriptionLimit) }
    tagline = Self.nonEmpty(film.tagline)
    published = Self.publicationDate(of: film)
    let credit = Taxonomy.names(of: film, kind: .directors, castPagesPerFilm: 0).first
    let creditURL = credit.flatMap(people.director).flatMap { page in
      base.map { $0 + page.description }
    }
    let names = credit.map(Self.directorNames) ?? []
    directors = names.map { Person(name: $0, url: names.count == 1 ? creditURL : nil) }
    directorPageURL = creditURL
    var actors: [Person] = []
    for member in film.cast {
      guard actors.count < configuration.castShown else { break }
      guard let name = Self.nonEmpty(member.name) else { continue }
      let url = base.flatMap { base in people.actor(name).map { base + $0.description } }
      actors.append(Person(name: name, url: url, character: Self.nonEmpty(member.character)))
    }
    self.actors = actors
    minutes = film.runtime.flatMap { $0 > 0 ? $0 : nil }
    genres = Taxonomy.names(of: film, kind: .genres, castPagesPerFilm: 0)
    if let value = film.rating, value.isFinite, (0...10).contains(value),
      let votes = film.voteCount, votes > 0
    {
      rating = ((value * 10).rounded() / 10, votes)
    } else {
      rating = nil
    }
    trailer = film.trailerURL.map { ($0, Self.embedURL(watching: $0)) }
    sameAs = [film.imdbURL, film.homepageURL].compactMap { $0 }
  }

  /// `url` when it is an absolute `http(s)` URL, else resolved from the page
  /// at `pageURL` as a browser would; `nil` when it cannot be made absolute.
  static func absoluteURL(_ url: String, from pageURL: String?) -> String? {
    if isHTTP(url) { return url }
    guard let pageURL, let page = URL(string: pageURL),
      let resolved = URL(string: url, relativeTo: page)?.absoluteString, isHTTP(resolved)
    else { return nil }
    return resolved
  }

  private static func isHTTP(_ url: String) -> Bool {
    let lowered = url.prefix(8).lowercased()
    return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
  }

  /// The release date when it is a calendar date (`YYYY-MM-DD`), else the
  /// year as four digits, else `nil`.
  static func publicationDate(of film: Film) -> String? {
    if let date = film.releaseDate?.trimmingSpaces(), ShownFields.isCalendarDate(date) {
      return date
    }
    guard let year = film.year, (1...9999).contains(year) else { return nil }
    let digits = String(year)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }

  /// The people a director credit names: `Joel Coen & Ethan Coen`,
  /// `Joel Coen and Ethan Coen` and `Joel Coen, Ethan Coen` are two.
  static func directorNames(_ credit: String) -> [String] {
    // Most credits name one person: no separator's bytes, nothing to split.
    guard namesSeveral(credit) else { return nonEmpty(credit).map { [$0] } ?? [] }
    var names: [String] = []
    for part in credit.split(whereSeparator: { $0 == "&" || $0 == "," }) {
      for name in part.components(separatedBy: " and ") {
        if let name = nonEmpty(name), !names.contains(name) { names.append(name) }
      }
    }
    return names
  }

  /// Whether `credit` has the bytes of a separator of ``directorNames(_:)``:
  /// `&`, `,` or ` and `.
  private static func namesSeveral(_ credit: String) -> Bool {
    var credit = credit
    return credit.withUTF8 { bytes in
      bytes.indices.contains { index in
        bytes[index] == UInt8(ascii: "&") || bytes[index] == UInt8(ascii: ",")
          || bytes[index...].starts(with: andSeparator)
      }
    }
  }

  private static let andSeparator = Array(" and ".utf8)

  /// The URL of the player of a trailer at `url`, a watch URL as
  /// `Film.trailerURL` makes them; `nil` for any other URL.
  static func embedURL(watching url: String) -> String? {
    let players = [
      ("https://www.youtube.com/watch?v=", "https://www.youtube.com/embed/"),
      ("https://vimeo.com/", "https://player.vimeo.com/video/"),
    ]
    for (watch, player) in players where url.hasPrefix(watch) {
      return player + url.dropFirst(watch.count)
    }
    return nil
  }

  /// The names of the first `shown` billed performers of a film's `cast`
  /// that the structured data names, as it looks their pages up: trimmed,
  /// none empty.
  static func shownActorNames(of cast: [Film.CastMember], shown: Int) -> [String] {
    // A loop, not a lazy prefix: that would trim each name twice.
    var names: [String] = []
    for member in cast {
      guard names.count < shown else { break }
      if let name = nonEmpty(member.name) { names.append(name) }
    }
    return names
  }

  private static func nonEmpty(_ text: String?) -> String? {
    guard let text = text?.trimmingSpaces(), !text.isEmpty else { return nil }
    return text
  }
}
