import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// The links a film page takes from the plan.
@Suite struct FilmPageLinksTests {
  private static let hostile = [
    "", "Agnès Varda", "\"quoted\"", "back\\slash", "tab\tand\nline", "\u{1}\u{1F}", "水 & <b>",
    "e\u{301}", "😀",
  ]

  private static func sample(_ seed: Int) -> FilmPageLinks {
    let names = hostile.indices.map { index in
      FilmPageLinks.Name(
        name: hostile[(index + seed) % hostile.count], slug: "slug-\(index)-\(seed)")
    }
    return FilmPageLinks(
      indexPage: seed + 1, indexPath: seed == 0 ? "" : "page/\(seed + 1)/",
      genres: Array(names.prefix(seed % 4)), director: seed % 3 == 0 ? nil : names[1],
      year: seed % 2 == 0 ? names[2] : nil, cast: Array(names.suffix(seed % 5)),
      actors: names.prefix(seed % 6).enumerated().map { offset, name in
        .init(name: name.name, slug: offset % 2 == 0 ? name.slug : nil)
      },
      tags: seed % 7 == 0 ? [names[0]] : [])
  }

  @Test func aFilmsLinksAreItsNamesPagesAndItsIndexPage() throws {
    let films = (1...5).map { number in
      Film(
        id: String(number), title: "Film \(number)", year: 1990 + number % 2,
        director: number % 2 == 0 ? "Agnès Varda" : "Claire Denis", genres: ["Drama"]
      ).with { $0.cast = [Film.CastMember(name: " Actor \(number % 2) ", character: nil)] }
    }
    let plan = try SitePlan(films: films, configuration: SiteConfiguration(pageSize: 2))
    let offset = try #require(plan.films.firstIndex { $0.film.id == "4" })
    let links = FilmPageLinks(forFilmAt: offset, of: plan)
    #expect(links.indexPage == offset / 2 + 1)
    #expect(links.indexRoute == plan.pagination.route(forPage: links.indexPage))
    #expect(links.genres == [.init(name: "Drama", slug: "drama")])
    #expect(links.director == .init(name: "Agnès Varda", slug: "agnes-varda"))
    #expect(links.year == .init(name: "1990", slug: "1990"))
    #expect(links.cast == [.init(name: "Actor 0", slug: "actor-0")])
    #expect(links.actors == [.init(name: "Actor 0", slug: "actor-0", rank: 0)])
  }

  @Test func anActorWithAPageThroughAnotherFilmHasThatPagesRank() throws {
    // Bo is billed second on film 1, past its one cast page, and first on film 2.
    let films = [
      Film(id: "1", title: "A").with {
        $0.cast = [Film.CastMember(name: "Ann"), Film.CastMember(name: "Bo")]
      },
      Film(id: "2", title: "B").with { $0.cast = [Film.CastMember(name: "Bo")] },
    ]
    let plan = try SitePlan(
      films: films, configuration: SiteConfiguration(castPagesPerFilm: 1, castShown: 2))
    let links = FilmPageLinks(forFilmAt: 0, of: plan)
    let bo = try #require(plan.browse.cast.terms.firstIndex { $0.name == "Bo" })
    let ann = try #require(plan.browse.cast.terms.firstIndex { $0.name == "Ann" })
    #expect(
      links.actors == [
        .init(name: "Ann", slug: "ann", rank: Int32(ann)),
        .init(name: "Bo", slug: "bo", rank: Int32(bo)),
      ])
    #expect(links.cast.map(\.name) == ["Ann"])
  }

  @Test func theKeyOfAFilmPageChangesWithEachLink() {
    let links = Self.sample(5)
    func key(_ links: FilmPageLinks, showingIndexPage: Bool = true) -> ContentHash {
      PageKeys.film(
        site: ContentHash(value: 1), film: ContentHash(value: 2), route: Route(["films", "1"]),
        links: links, showsIndexPage: showingIndexPage)
    }
    // The index page's number alone, and its path alone.
    let moved = [
      FilmPageLinks(
        indexPage: links.indexPage + 1, indexPath: links.indexPath, genres: links.genres,
        director: links.director, year: links.year, cast: links.cast, actors: links.actors,
        tags: links.tags),
      FilmPageLinks(
        indexPage: links.indexPage, indexPath: links.indexPath + "x", genres: links.genres,
        director: links.director, year: links.year, cast: links.cast, actors: links.actors,
        tags: links.tags),
    ]
    let others = [
      FilmPageLinks(
        indexPage: links.indexPage, indexPath: links.indexPath, genres: links.cast,
        director: links.director, year: links.year, cast: links.genres, actors: links.actors,
        tags: links.tags),
      FilmPageLinks(
        indexPage: links.indexPage, indexPath: links.indexPath, genres: links.genres,
        director: links.director, year: links.year, cast: links.cast,
        actors: links.actors.map { .init(name: $0.name, slug: nil) }, tags: links.tags),
    ]
    for other in moved + others {
      #expect(other != links)
      #expect(key(other) != key(links))
    }
    #expect(key(Self.sample(5)) == key(links))
    // A page whose template does not show the index page is not made from
    // it: moved to another, it keeps its key, and every other link counts.
    let hidden = key(links, showingIndexPage: false)
    for other in moved { #expect(key(other, showingIndexPage: false) == hidden) }
    for other in others { #expect(key(other, showingIndexPage: false) != hidden) }
  }
}
