import Foundation
import Testing

@testable import FilmCatalog

@Suite struct TMDBMovieDetailsTests {
  private let searchFilm = Film(
    id: "603", title: "The Matrix", year: 1999, genres: ["Action"], overview: "A hacker.",
    posterPath: "/m.jpg")

  /// `GET /movie/{id}?append_to_response=credits` in TMDB's shape, trimmed to the fields
  /// that matter plus a few that do not.
  private func details(runtime: String = "136", genres: String? = nil, crew: String? = nil)
    -> Data
  {
    let genres =
      genres ?? #"[{"id": 28, "name": "Action"}, {"id": 878, "name": "Science Fiction"}]"#
    let crew =
      crew
        ?? """
        [
          {"adult": false, "credit_id": "a", "department": "Directing", "id": 9340,
           "job": "Director", "name": "Lana Wachowski", "profile_path": null},
          {"adult": false, "credit_id": "b", "department": "Writing", "id": 9340,
           "job": "Writer", "name": "Lana Wachowski", "profile_path": null},
          {"adult": false, "credit_id": "c", "department": "Directing", "id": 9339,
           "job": "Director", "name": "Lilly Wachowski", "profile_path": null},
          {"adult": false, "credit_id": "d", "department": "Directing", "id": 1,
           "job": "First Assistant Director", "name": "Someone Else", "profile_path": null},
          {"adult": false, "credit_id": "e", "department": "Directing", "id": 9340,
           "job": "Director", "name": "Lana Wachowski", "profile_path": null}
        ]
        """
    return Data(
      """
      {"adult": false, "id": 603, "imdb_id": "tt0133093", "title": "The Matrix",
       "runtime": \(runtime), "genres": \(genres), "status": "Released",
       "credits": {"cast": [{"id": 6384, "name": "Keanu Reeves", "character": "Neo",
                             "order": 0, "cast_id": 34, "credit_id": "x"}],
                   "crew": \(crew)}}
      """.utf8)
  }

  @Test func takesRuntimeGenresAndEveryDirectorOnceInCrewOrder() throws {
    let film = try JSONDecoder().decode(TMDBMovieDetails.self, from: details())
      .enriching(searchFilm)
    #expect(
      film
        == Film(
          id: "603", title: "The Matrix", year: 1999, runtime: 136,
          director: "Lana Wachowski & Lilly Wachowski", genres: ["Action", "Science Fiction"],
          overview: "A hacker.", posterPath: "/m.jpg"))
  }

  @Test(arguments: ["null", "0"])
  func anUnknownRuntimeLeavesTheRuntimeMissing(runtime: String) throws {
    let film = try JSONDecoder().decode(TMDBMovieDetails.self, from: details(runtime: runtime))
      .enriching(searchFilm)
    #expect(film.runtime == nil)
    #expect(film.director == "Lana Wachowski & Lilly Wachowski")
  }

  @Test func noDirectorAndNoGenresKeepWhatTheSearchGave() throws {
    let film = try JSONDecoder().decode(
      TMDBMovieDetails.self, from: details(genres: "[]", crew: "[]")
    ).enriching(searchFilm)
    #expect(film.director == nil)
    #expect(film.genres == ["Action"])
  }

  @Test func detailsWithoutCreditsHaveNoDirector() throws {
    let data = Data(#"{"id": 603, "runtime": 136, "genres": []}"#.utf8)
    let details = try JSONDecoder().decode(TMDBMovieDetails.self, from: data)
    #expect(details.credits == nil)
    #expect(details.director == nil)
    #expect(details.enriching(searchFilm).runtime == 136)
  }
}
