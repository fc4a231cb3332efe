import Testing

@testable import FilmCatalog
@testable import FilmSite

/// People pages are made from each film's first billed performers only, so
/// that a long cast does not become thousands of pages.
@Suite struct CastTaxonomyTests {
  private static func film(_ id: String, cast names: [String]) -> Film {
    Film(id: id, title: "Film \(id)").with { $0.cast = names.map { .init(name: $0) } }
  }

  @Test func aFilmIsListedUnderItsFirstBilledOnly() {
    let film = Self.film("1", cast: ["A", "B", "C", "D"])
    #expect(Taxonomy.names(of: film, kind: .cast, castPagesPerFilm: 2) == ["A", "B"])
    #expect(Taxonomy.names(of: film, kind: .cast, castPagesPerFilm: 10) == ["A", "B", "C", "D"])
    #expect(Taxonomy.names(of: film, kind: .cast, castPagesPerFilm: 0) == [])
  }

  @Test func emptyAndRepeatedNamesDoNotTakeAPlace() {
    let film = Self.film("1", cast: ["  ", " Al Pacino ", "Al Pacino", "", "Robert De Niro", "C"])
    #expect(
      Taxonomy.names(of: film, kind: .cast, castPagesPerFilm: 2) == ["Al Pacino", "Robert De Niro"])
  }

  @Test func eachActorListsTheirFilmsInSiteOrderWithASlug() {
    let films = [
      Self.film("1", cast: ["Agnès Varda", "B"]), Self.film("2", cast: ["B", "Agnès Varda"]),
      Self.film("3", cast: ["C", "D", "Agnès Varda"]),
    ]
    let cast = Taxonomy(kind: .cast, films: films, castPagesPerFilm: 2)
    #expect(cast.terms.map(\.name) == ["Agnès Varda", "B", "C", "D"])
    #expect(cast.term(named: "Agnès Varda")?.films == [0, 1])
    #expect(cast.term(named: "Agnès Varda")?.route == Route(["cast", "agnes-varda"]))
  }

  @Test func aTenThousandEntryCastGivesOnlyTheFirstBilledAPage() {
    let film = Self.film("1", cast: (1...10_000).map { "Actor \($0)" })
    let browse = BrowseIndex(films: [film], castPagesPerFilm: 5)
    #expect(browse.cast.terms.count == 5)
    #expect(browse.terms(ofFilmAt: 0, kind: .cast).map(\.name) == (1...5).map { "Actor \($0)" })
  }
}
