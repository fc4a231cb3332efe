import Testing

@testable import FilmCatalog

@Suite struct TMDBDiscoverFiltersTests {
  @Test func takesEveryFilterAsTMDBSpellsIt() throws {
    let filters = try TMDBDiscoverFilters(parsing: [
      "sort_by=primary_release_date.asc", "primary_release_date.gte=1990-01-01",
      "primary_release_date.lte=1999-12-31", "with_genres=18,80", "with_original_language=fr",
      "vote_count.gte=100",
    ])
    #expect(filters.sort == "primary_release_date.asc")
    #expect(filters.earliest?.description == "1990-01-01")
    #expect(filters.latest?.description == "1999-12-31")
    #expect(
      filters.others.map(\.name) == ["with_genres", "with_original_language", "vote_count.gte"])
  }

  @Test func sortsByPopularityWhenNotTold() {
    #expect(TMDBDiscoverFilters().sort == "popularity.desc")
    #expect(TMDBDiscoverFilters().isEmpty)
  }

  @Test(arguments: [
    ("with_cast=5", TMDBFilterError.Problem.unknownName),
    ("sort_by", .notNameEqualsValue),
    ("=popularity.desc", .notNameEqualsValue),
    ("sort_by=popularity", .notASortOrder),
    ("sort_by=budget.desc", .notASortOrder),
    ("sort_by=title.up", .notASortOrder),
    ("primary_release_date.gte=1990", .notADate),
    ("primary_release_date.lte=1990-02-30", .notADate),
    ("with_genres=18,80|35", .notGenreIDs),
    ("with_genres=drama", .notGenreIDs),
    ("with_genres=18,", .notGenreIDs),
    ("with_original_language=French", .notALanguage),
    ("with_original_language=FR", .notALanguage),
    ("vote_count.gte=-1", .notACount),
    ("vote_count.gte=1e3", .notACount),
  ])
  func refusesWhatTMDBWouldRefuseOrMisread(_ text: String, _ problem: TMDBFilterError.Problem) {
    #expect(throws: TMDBFilterError.self) { try TMDBDiscoverFilters(parsing: [text]) }
    do {
      _ = try TMDBDiscoverFilters(parsing: [text])
    } catch let error as TMDBFilterError {
      #expect(error.problem == problem, "\(error)")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func refusesAFilterGivenTwiceAndAnEmptyDateRange() {
    #expect(throws: TMDBFilterError(filter: "vote_count.gte", problem: .givenTwice)) {
      try TMDBDiscoverFilters(parsing: ["vote_count.gte=1", "vote_count.gte=2"])
    }
    #expect(throws: TMDBFilterError.self) {
      try TMDBDiscoverFilters(parsing: [
        "primary_release_date.gte=2000-01-01", "primary_release_date.lte=1999-12-31",
      ])
    }
  }

  @Test func errorsNameTheFilterAndWhatItTakes() {
    #expect(
      TMDBFilterError(filter: "with_genres=drama", problem: .notGenreIDs).description
        == "discover filter 'with_genres=drama': with_genres takes TMDB genre ids joined by ',' (all of them) or '|' (any of them)"
    )
    #expect(
      TMDBFilterError(filter: "with_cast", problem: .unknownName).description.hasPrefix(
        "unknown discover filter 'with_cast'; FilmSite passes on sort_by, "))
  }
}
