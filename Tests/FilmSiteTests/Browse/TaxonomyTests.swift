import Testing

@testable import FilmCatalog
@testable import FilmSite

@Suite struct TaxonomyTests {
  @Test func groupsFilmsByTrimmedNameInSiteOrderAndListsARepeatedGenreOnce() {
    let films = [
      Film(id: "1", title: "A", director: " Agnès Varda ", genres: ["Drama", "Drama", " "]),
      Film(id: "2", title: "B", year: 1962, director: "Agnès Varda", genres: ["Comedy", "Drama"]),
      Film(id: "3", title: "C", year: 1962),
    ]
    let genres = Taxonomy(kind: .genres, films: films, castPagesPerFilm: 5)
    #expect(genres.terms.map(\.name) == ["Comedy", "Drama"])
    #expect(genres.term(named: "Drama")?.films == [0, 1])
    #expect(genres.term(named: "Drama")?.route == Route(["genres", "drama"]))
    let directors = Taxonomy(kind: .directors, films: films, castPagesPerFilm: 5)
    #expect(directors.terms.map(\.name) == ["Agnès Varda"])
    #expect(directors.terms.first?.slug == "agnes-varda")
    #expect(directors.terms.first?.films == [0, 1])
    let years = Taxonomy(kind: .years, films: films, castPagesPerFilm: 5)
    #expect(years.terms.map(\.slug) == ["1962"])
    #expect(years.terms.first?.films == [1, 2])
  }

  @Test func namesAreListedInTitleOrderAndYearsByValue() {
    let films = [
      Film(id: "1", title: "A", year: 2001, genres: ["Western", "Épopée", "action", "Film 10"]),
      Film(id: "2", title: "B", year: 999, genres: ["Film 9"]),
      Film(id: "3", title: "C", year: -40),
    ]
    #expect(
      Taxonomy(kind: .genres, films: films, castPagesPerFilm: 5).terms.map(\.name) == [
        "action", "Épopée", "Film 9", "Film 10", "Western",
      ])
    #expect(
      Taxonomy(kind: .years, films: films, castPagesPerFilm: 5).terms.map(\.name) == [
        "-40", "999", "2001",
      ])
  }

  /// Each of `names`'s slug, by name.
  private func slugsByName(_ names: [String]) -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: zip(names, TermSlugs.assign(names, folded: names.map(Slug.fold))))
  }

  @Test func namesThatFoldToOneSlugGetDistinctFoldersThatDoNotDependOnOtherNames() {
    let slugs = slugsByName(["Film Noir", "Film-Noir", "film noir", "黒澤明", "Drama"])
    #expect(Set(slugs.values).count == 5)
    // "Film Noir" comes first in exact character order and keeps the plain slug.
    #expect(slugs["Film Noir"] == "film-noir")
    #expect(slugs["Film-Noir"] == "film-noir_" + TermSlugs.hash("Film-Noir"))
    #expect(slugs["film noir"] == "film-noir_" + TermSlugs.hash("film noir"))
    #expect(slugs["黒澤明"] == "_" + TermSlugs.hash("黒澤明"))
    #expect(slugs["Drama"] == "drama")
    // Dropping one of the names changes no other name's folder.
    let fewer = slugsByName(["Film Noir", "film noir", "黒澤明"])
    #expect(fewer["film noir"] == slugs["film noir"])
    #expect(fewer["黒澤明"] == slugs["黒澤明"])
  }

  @Test func hashSuffixIsEightHexDigitsAndStable() {
    let hash = TermSlugs.hash("Film-Noir")
    #expect(hash.count == 8)
    #expect(hash.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    #expect(hash == "784db54e")  // FNV-1a, 64 bits, low 32 bits: the README's example.
    #expect(TermSlugs.hash("Film Noir") != hash)
  }
}

/// A name is found by its exact spelling through a table of bytes, and by another spelling of
/// the same text through the table of strings, as before.
@Suite struct TaxonomyLookupTests {
  @Test func aNameIsFoundByItsOwnSpellingAndByAnother() {
    let precomposed = "Ren\u{E9}e"
    let decomposed = "Rene\u{301}e"
    let films = [
      Film(id: "1", title: "One", director: precomposed),
      Film(id: "2", title: "Two", director: decomposed),
      Film(id: "3", title: "Three", director: "Ang Lee"),
    ]
    let directors = Taxonomy(kind: .directors, films: films, castPagesPerFilm: 5)
    // The two spellings are one name, under the spelling met first.
    #expect(directors.terms.map(\.name) == ["Ang Lee", precomposed])
    #expect(directors.term(named: precomposed)?.films == [0, 1])
    #expect(directors.term(named: decomposed)?.films == [0, 1])
    let found = directors.term(named: decomposed)
    #expect(found.map { Array($0.name.utf8) } == Array(precomposed.utf8))
    #expect(directors.term(named: "Ang Lee")?.films == [2])
    #expect(directors.term(named: "Nobody") == nil)
  }
}
