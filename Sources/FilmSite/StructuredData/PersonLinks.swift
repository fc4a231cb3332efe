/// Where the site has a page for a person a film credits, so that its
/// structured data can link to it: a `Person`'s `url` in JSON-LD, and
/// Open Graph's `video:director` and `video:actor`, which are profile URLs.
///
/// Each closure takes a name as the film gives it (a director credit such as
/// `Joel Coen & Ethan Coen` whole, an actor's name trimmed) and returns the
/// route of that name's page, or `nil` when the site has none. Links are
/// made only with a base URL, since structured data needs absolute URLs.
struct PersonLinks: Sendable {
  /// The page of a director credit (the `director` field, trimmed).
  var director: @Sendable (String) -> Route?
  /// The page of an actor, by name.
  var actor: @Sendable (String) -> Route?

  /// No pages: people are named without a link.
  init(
    director: @escaping @Sendable (String) -> Route? = { _ in nil },
    actor: @escaping @Sendable (String) -> Route? = { _ in nil }
  ) {
    self.director = director
    self.actor = actor
  }

  /// The directors' pages of `browse`, and the actors' pages that `actor`
  /// finds (none unless it is given: the site's cast pages, where it has them).
  init(browse: BrowseIndex, actor: @escaping @Sendable (String) -> Route? = { _ in nil }) {
    self.init(director: { browse.directors.term(named: $0)?.route }, actor: actor)
  }
}
