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
struct FilmPageLinks: Hashable, Sendable, Codable {
  /// The page of a name: the name as the site spells it, and its folder
  /// under its kind's (`genres/<slug>/`).
  struct Name: Hashable, Sendable, Codable {
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
  struct ActorPage: Hashable, Sendable, Codable {
    let name: String
    let slug: String?
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
  init(forFilmAt offset: Int, of plan: borrowing SitePlan) {
    let film = plan.films[offset].film
    let indexPage = plan.pagination.page(forItem: offset)
    func names(_ kind: TaxonomyKind) -> [Name] {
      plan.browse.mapTerms(ofFilmAt: offset, kind: kind) { Name(name: $0.name, slug: $0.slug) }
    }
    let cast = names(.cast)
    self.init(
      indexPage: indexPage,
      indexPath: plan.pagination.route(forPage: indexPage).description,
      genres: names(.genres), director: names(.directors).first, year: names(.years).first,
      cast: cast,
      actors: FilmMetadata.shownActorNames(of: film, shown: plan.configuration.castShown).map {
        actor in
        // Most shown actors are among the film's own pages; the others may
        // have a page through another film. A name has one term, so both
        // ways find the same.
        let slug =
          cast.first { $0.name == actor }?.slug ?? plan.browse.cast.term(named: actor)?.slug
        return ActorPage(name: actor, slug: slug)
      },
      tags: names(.tags))
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
    var actorRoutes: [String: Route] = [:]
    for actor in actors {
      if let slug = actor.slug, actorRoutes[actor.name] == nil {
        actorRoutes[actor.name] = Route([TaxonomyKind.cast.folder, slug])
      }
    }
    let found = actorRoutes
    return PersonLinks(director: { _ in director }, actor: { found[$0] })
  }

  /// Adds every link but the index page's, in order, to `hasher`: a film
  /// page's key, which adds the index page last (``PageKeys/film(base:indexPage:indexPath:)``).
  func combineAllButIndexPage(into hasher: inout ContentHasher) {
    for (kind, names) in [
      ("genres", genres), ("directors", director.map { [$0] } ?? []),
      ("years", year.map { [$0] } ?? []), ("cast", cast), ("tags", tags),
    ] {
      hasher.combine(kind)
      hasher.combine(names.count)
      for name in names {
        hasher.combine(name.name)
        hasher.combine(name.slug)
      }
    }
    hasher.combine(actors.count)
    for actor in actors {
      hasher.combine(actor.name)
      hasher.combine(actor.slug)
    }
  }

  /// The links that ``appendJSON(to:)`` wrote in `bytes`.
  /// - Throws: `DecodingError` when they are not such links.
  static func decoded(from bytes: [UInt8]) throws -> FilmPageLinks {
    try JSONDecoder().decode(FilmPageLinks.self, from: Data(bytes))
  }

  /// Appends the links as one line of JSON, as `JSONEncoder` would write
  /// them for `JSONDecoder` to read back: a build writes one for every film
  /// (``SiteState``), where the encoder would cost more than the rest.
  func appendJSON(to bytes: inout [UInt8]) {
    func key(_ name: String) {
      bytes.append(contentsOf: "\"\(name)\":".utf8)
    }
    func name(_ name: Name?) {
      guard let name else { return bytes.append(contentsOf: "null".utf8) }
      bytes.append(contentsOf: #"{"name":"#.utf8)
      JSONStringLiteral.append(name.name, to: &bytes)
      bytes.append(contentsOf: #","slug":"#.utf8)
      JSONStringLiteral.append(name.slug, to: &bytes)
      bytes.append(UInt8(ascii: "}"))
    }
    func names(_ names: [Name]) {
      bytes.append(UInt8(ascii: "["))
      for (offset, item) in names.enumerated() {
        if offset > 0 { bytes.append(UInt8(ascii: ",")) }
        name(item)
      }
      bytes.append(UInt8(ascii: "]"))
    }
    bytes.append(UInt8(ascii: "{"))
    key("indexPage")
    bytes.append(contentsOf: String(indexPage).utf8)
    bytes.append(UInt8(ascii: ","))
    key("indexPath")
    JSONStringLiteral.append(indexPath, to: &bytes)
    for (field, value) in [("genres", genres), ("cast", cast), ("tags", tags)] {
      bytes.append(UInt8(ascii: ","))
      key(field)
      names(value)
    }
    for (field, value) in [("director", director), ("year", year)] {
      bytes.append(UInt8(ascii: ","))
      key(field)
      name(value)
    }
    bytes.append(UInt8(ascii: ","))
    key("actors")
    bytes.append(UInt8(ascii: "["))
    for (offset, actor) in actors.enumerated() {
      if offset > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: #"{"name":"#.utf8)
      JSONStringLiteral.append(actor.name, to: &bytes)
      bytes.append(contentsOf: #","slug":"#.utf8)
      if let slug = actor.slug {
        JSONStringLiteral.append(slug, to: &bytes)
      } else {
        bytes.append(contentsOf: "null".utf8)
      }
      bytes.append(UInt8(ascii: "}"))
    }
    bytes.append(contentsOf: "]}".utf8)
  }
}
