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
    #expect(results.results[0].originalTitle == "Zodiac")
    #expect(results.results[0].adult == false)
    #expect(results.results[0].popularity == 25.5)
  }

  @Test func turnsAResultIntoAFilmWithAStringIDYearAndGenreNames() throws {
    let results = try JSONDecoder().decode(TMDBSearchResults.self, from: page)
    #expect(
      results.results[0].film(genres: genres)
        == Film(
          id: "1949", title: "Zodiac", year: 2007, genres: ["Crime", "Drama"],
          overview: "A *cartoonist* becomes obsessed.", posterPath: "/zodiac.jpg"))
  }

  @Test func missingReleaseDateOverviewAndPosterBecomeMissingFields() throws {
    let results = try JSONDecoder().decode(TMDBSearchResults.self, from: page)
    #expect(
      results.results[1].film(genres: genres) == Film(id: "1234567", title: "Untitled"))
    let blankDate = results.results[2].film(genres: genres)
    #expect(blankDate.year == nil)
    #expect(blankDate.genres == ["Thriller"])
  }

  @Test func aResultWithoutAnIDIsMalformed() {
    let data = Data(#"{"page": 1, "results": [{"title": "No id"}], "total_pages": 1}"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(TMDBSearchResults.self, from: data)
    }
  }
}
