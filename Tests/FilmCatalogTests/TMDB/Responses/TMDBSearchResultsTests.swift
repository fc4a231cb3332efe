import Foundation
import Testing

@testable import FilmCatalog

@Suite struct TMDBSearchResultsTests {
  /// A page of `GET /search/movie` as TMDB documents it: one complete film, one with the
  /// fields TMDB leaves empty (`null` release date and poster, empty overview).
  private let page = Data(
    """
    {
      "page": 3,
      "results": [
        {
          "adult": false, "backdrop_path": "/bd.jpg", "genre_ids": [80, 18, 10770],
          "id": 1949, "original_language": "en", "original_title": "Zodiac",
          "overview": "A *cartoonist* becomes obsessed.", "popularity": 25.5,
          "poster_path": "/zodiac.jpg", "release_date": "2007-03-02", "title": "Zodiac",
          "video": false, "vote_average": 7.5, "vote_count": 11000
        },
        {
          "adult": false, "backdrop_path": null, "genre_ids": [],
          "id": 1234567, "original_language": "fr", "original_title": "Sans titre",
          "overview": "", "popularity": 0.6, "poster_path": null, "release_date": null,
          "title": "Untitled", "video": false, "vote_average": 0, "vote_count": 0
        },
        {
          "adult": false, "genre_ids": [53], "id": 7, "original_title": "Blank Date",
          "overview": "x", "poster_path": "/b.jpg", "release_date": "", "title": "Blank Date"
        }
      ],
      "total_pages": 12,
      "total_results": 231
    }
    """.utf8)

  private let genres = TMDBGenreMap(genres: [
    .init(id: 18, name: "Drama"), .init(id: 80, name: "Crime"), .init(id: 53, name: "Thriller"),
  ])

  @Test func decodesTheEnvelopeAndEveryResult() throws {
    let results = try JSONDecoder().decode(TMDBSearchResults.self, from: page)
    #expect(results.page == 3)
    #expect(results.totalPages == 12)
    #expect(results.totalResults == 231)
    #expect(results.results.map(\.id) == [1949, 1_234_567, 7])
    #expect(results.results[0].shared.originalTitle == "Zodiac")
    #expect(results.results[0].shared.voteAverage == 7.5)
    #expect(results.results[0].adult == false)
    #expect(results.results[0].popularity == 25.5)
  }

  /// The original title equals the title here, so the film does not repeat it.
  @Test func turnsAResultIntoAFilmWithAStringIDYearGenreNamesDateVotesAndBackdrop() throws {
    let results = try JSONDecoder().decode(TMDBSearchResults.self, from: page)
    let expected = Film(
      id: "1949", title: "Zodiac", year: 2007, genres: ["Crime", "Drama"],
      overview: "A *cartoonist* becomes obsessed.", posterPath: "/zodiac.jpg"
    ).with {
      $0.releaseDate = "2007-03-02"
      $0.rating = 7.5
      $0.voteCount = 11000
      $0.backdropPath = "/bd.jpg"
    }
    #expect(results.results[0].film(genres: genres) == expected)
  }

  /// A film nobody voted on has TMDB's `vote_average` of 0: no rating.
  @Test func missingReleaseDateOverviewPosterAndVotesBecomeMissingFields() throws {
    let results = try JSONDecoder().decode(TMDBSearchResults.self, from: page)
    #expect(
      results.results[1].film(genres: genres)
        == Film(id: "1234567", title: "Untitled").with { $0.originalTitle = "Sans titre" })
    let blankDate = results.results[2].film(genres: genres)
    #expect(blankDate.year == nil)
    #expect(blankDate.genres == ["Thriller"])
  }

  @Test(arguments: [
    (#""vote_average": "7.5""#, "results[0].vote_average"),
    (#""vote_count": "12""#, "results[0].vote_count"),
    (#""backdrop_path": 1"#, "results[0].backdrop_path"),
    (#""original_title": []"#, "results[0].original_title"),
  ])
  func aSharedFieldOfAnotherTypeFailsThePageNamingIt(member: String, path: String) {
    expectWrongType(
      TMDBSearchResults.self,
      in: #"{"page": 1, "results": [{"id": 1, "title": "T", \#(member)}], "total_pages": 1}"#,
      at: path)
  }

  @Test func aResultWithoutAnIDIsMalformed() {
    let data = Data(#"{"page": 1, "results": [{"title": "No id"}], "total_pages": 1}"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(TMDBSearchResults.self, from: data)
    }
  }
}
