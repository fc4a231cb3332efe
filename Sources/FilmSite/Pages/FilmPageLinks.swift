import FilmCatalog
import FilmSiteSupport
import Foundation

/// Every other page a film's page links to: the index page that lists the
/// film, and the pages of its genres, director, year, actors and tags.
///
/// They are looked up in the plan once per film, so that a film's page is
/// made from the film, its route and its links alone. Its key hashes them
/// (``PageKeys``), and a rebuild that kept them (``SiteState``) can render
/// the page again without planning the rest of the site.
struct FilmPageLinks: Hashable, Sendable {
  /// The page of a name: the name as the site spells it, and its folder
  /// under its kind's (`genres/<slug>/`).
  struct Name: Hashable, Sendable {
    let name: String
    let slug: String
  }

  /// The number of the index page that lists the film, from 1.
  let indexPage: Int
  /// That index page's route, as its path from the site root.
  let indexPath: String
  /// The film's genres that have a page, in the film's order.
  let genres: [Name]
  /// The page of the film's director credit, if it has one.
  let director: Name?
  /// The page of the film's year, if it has one.
  let year: Name?
  /// The pages of the film's first billed actors, in billing order.
  let cast: [Name]
  /// For each actor the page shows, as the structured data names them, the
  /// slug of their page, or `nil` when they have none (billed too late on
  /// every film): only the site's other films tell.
  let actors: [ActorPage]
  /// The note's tags, each with its page.
  let tags: [Name]

  /// A shown actor and the slug of their page, if any.
  struct ActorPage: Hashable, Sendable {
    let name: String
    let slug: String?
    /// The place of their page among the cast's terms, by which the state
    /// keeps it (``SiteState``); `nil` with no page.
    let rank: Int32?

    init(name: String, slug: String?, rank: Int32? = nil) {
      self.name = name
      self.slug = slug
      self.rank = rank
    }

    /// The page `name` has among all of `cast`'s terms, if any: an actor
    /// may have one through another film, which billed them sooner.
    init(named name: String, among cast: Taxonomy) {
      let rank = cast.rank(named: name)
      self.init(name: name, slug: rank.map { cast.terms[$0].slug }, rank: rank.map(Int32.init))
    }
  }

  init(
    indexPage: Int, indexPath: String, genres: [Name] = [], director: Name? = nil,
    year: Name? = nil, cast: [Name] = [], actors: [ActorPage] = [], tags: [Name] = []
  ) {
    self.indexPage = indexPage
    self.indexPath = indexPath
    self.genres = genres
    self.director = director
    self.year = year
    self.cast = cast
    self.actors = actors
    self.tags = tags
  }

  /// The links of the film at `offset` in `plan`'s order.
  /// - Parameter kept: The pages of its shown actors, when they are known
  ///   already (``FilmLinks``); looked up otherwise.
  init(forFilmAt offset: Int, of plan: borrowing SitePlan, actors kept: [ActorPage]? = nil) {
    let indexPage = plan.pagination.page(forItem: offset)
    func names(_ kind: TaxonomyKind) -> [Name] {
      plan.browse.mapTerms(ofFilmAt: offset, kind: kind) { Name(name: $0.name, slug: $0.slug) }
    }
    let cast = names(.cast)
    let castRanks = plan.browse.cast.ranks(ofFilmAt: offset)
    self.init(
      indexPage: indexPage,
      indexPath: plan.pagination.route(forPage: indexPage).description,
      genres: names(.genres), director: names(.directors).first, year: names(.years).first,
      cast: cast,
      actors: kept
        ?? Self.actors(
          of: plan.films[offset].film.cast, cast: cast, castRanks: castRanks, in: plan),
      tags: names(.tags))
  }

  /// The pages of the shown actors of `filmCast`, looked up in `plan`. Most are among
  /// the film's own names' pages (`cast`, ranked `castRanks`); the others may
  /// have a page through another film. A name has one term, so both ways
  /// find the same.
  private static func actors(
    of filmCast: [Film.CastMember], cast: [Name], castRanks: ArraySlice<Int32>,
    in plan: borrowing SitePlan
  ) -> [ActorPage] {
    FilmMetadata.shownActorNames(of: filmCast, shown: plan.configuration.castShown).map { actor in
      if let index = cast.firstIndex(where: { $0.name == actor }) {
        return ActorPage(
          name: actor, slug: cast[index].slug, rank: castRanks[castRanks.startIndex + index])
      }
      return ActorPage(named: actor, among: plan.browse.cast)
    }
  }

  /// The route of the index page that lists the film.
  var indexRoute: Route {
    Route(indexPath.split(separator: "/").map(String.init))
  }

  /// The page of `name`, of `kind`.
  static func route(_ name: Name, _ kind: TaxonomyKind) -> Route {
    Route([kind.folder, name.slug])
  }

  /// Where the structured data links the film's director and actors.
  var people: PersonLinks {
    let director = director.map { Self.route($0, .directors) }
    // A handful of actors: the first with the name and a page is found by
    // comparing, which costs less than hashing the names into a table.
    let withPages = actors.compactMap { actor in actor.slug.map { (actor.name, $0) } }
    return PersonLinks(
      director: { _ in director },
      actor: { name in
        withPages.first { $0.0 == name }.map { Route([TaxonomyKind.cast.folder, $0.1]) }
      })
  }

  /// The hash of every link but the index page's: what a film page's key
  /// holds of its links (``PageKeys/filmBase(site:film:route:links:)``),
  /// and what the state keeps of them, so that a rebuild that knows a film's
  /// links did not change has its page's key without making them (``SiteState``).
  var digest: ContentHash {
    var hasher = ContentHasher()
    combineAllButIndexPage(into: &hasher)
    return hasher.finalize()
  }

  /// Adds every link but the index page's, in order, to `hasher` (``digest``).
  private func combineAllButIndexPage(into hasher: inout ContentHasher) {
    // Each list hashed where it is: an array of the five would copy each
    // name's texts, for every film of a rebuild.
    Self.combine("genres", genres, into: &hasher)
    Self.combine("directors", director, into: &hasher)
    Self.combine("years", year, into: &hasher)
    Self.combine("cast", cast, into: &hasher)
    Self.combine("tags", tags, into: &hasher)
    hasher.combine(actors.count)
    for actor in actors {
      hasher.combine(actor.name)
      hasher.combine(actor.slug)
    }
  }

  /// Adds `kind`, how many `names` there are, and each one's name and slug.
  private static func combine(_ kind: String, _ names: [Name], into hasher: inout ContentHasher) {
    hasher.combine(kind)
    hasher.combine(names.count)
    for index in names.indices {
      hasher.combine(names[index].name)
      hasher.combine(names[index].slug)
    }
  }

  /// Adds `kind`, and the one name if there is one, as a list of it would.
  private static func combine(_ kind: String, _ name: Name?, into hasher: inout ContentHasher) {
    hasher.combine(kind)
    hasher.combine(name == nil ? 0 : 1)
    if let name {
      hasher.combine(name.name)
      hasher.combine(name.slug)
    }
  }
}
