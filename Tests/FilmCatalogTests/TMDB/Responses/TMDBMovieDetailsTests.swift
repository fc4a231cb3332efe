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

  @Test func takesRuntimeGenresEveryDirectorOnceInCrewOrderCastWritersAndIMDbID() throws {
    let film = try JSONDecoder().decode(TMDBMovieDetails.self, from: details())
      .enriching(searchFilm)
    let expected = Film(
      id: "603", title: "The Matrix", year: 1999, runtime: 136,
      director: "Lana Wachowski & Lilly Wachowski", genres: ["Action", "Science Fiction"],
      overview: "A hacker.", posterPath: "/m.jpg"
    ).with {
      $0.cast = [Film.CastMember(name: "Keanu Reeves", character: "Neo")]
      $0.writers = ["Lana Wachowski"]
      $0.imdbId = "tt0133093"
    }
    #expect(film == expected)
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

  /// Every block `append_to_response` adds may be missing or `null`, and so
  /// may every field in it: the film keeps what it had.
  @Test(arguments: [
    #"{"id": 603}"#,
    #"{"id": 603, "credits": null, "videos": null, "external_ids": null, "production_countries": null, "genres": null, "tagline": null, "homepage": null, "imdb_id": null, "original_title": null, "release_date": null, "vote_average": null, "vote_count": null, "backdrop_path": null, "runtime": null}"#,
    #"{"id": 603, "credits": {}, "videos": {}, "external_ids": {}, "production_countries": []}"#,
    #"{"id": 603, "credits": {"cast": null, "crew": null}, "videos": {"results": null}}"#,
    #"{"id": 603, "credits": {"cast": [{"name": null, "character": null, "order": null}]}, "videos": {"results": [{"key": null, "site": null, "type": null, "official": null}]}, "production_countries": [{"name": null}], "external_ids": {"imdb_id": null}}"#,
  ])
  func missingOrNullBlocksAndFieldsKeepTheFilm(json: String) throws {
    let film = searchFilm.with {
      $0.cast = [Film.CastMember(name: "Kept")]
      $0.trailer = Film.Trailer(site: "Vimeo", key: "1")
      $0.tagline = "Kept"
    }
    let details = try JSONDecoder().decode(TMDBMovieDetails.self, from: Data(json.utf8))
    #expect(details.enriching(film) == film)
  }

  /// A field FilmSite maps that has another JSON type fails the decoding,
  /// and the client's message names the field, as for any details error.
  @Test(arguments: [
    (#""vote_average": "8.2""#, "vote_average"),
    (#""vote_count": "412""#, "vote_count"),
    (#""tagline": 7"#, "tagline"),
    (#""homepage": false"#, "homepage"),
    (#""imdb_id": 133093"#, "imdb_id"),
    (#""backdrop_path": {}"#, "backdrop_path"),
    (#""release_date": 1999"#, "release_date"),
    (#""credits": []"#, "credits"),
    (#""credits": {"cast": [{"name": "A", "order": "first"}]}"#, "credits.cast[0].order"),
    (#""credits": {"cast": [{"name": ["A"]}]}"#, "credits.cast[0].name"),
    (#""credits": {"cast": [{"name": "A", "character": 1}]}"#, "credits.cast[0].character"),
    (#""videos": {"results": [{"key": "k", "official": "true"}]}"#, "videos.results[0].official"),
    (#""production_countries": [{"name": 840}]"#, "production_countries[0].name"),
    (#""external_ids": {"imdb_id": true}"#, "external_ids.imdb_id"),
  ])
  func aMappedFieldOfAnotherTypeFailsNamingIt(member: String, path: String) {
    expectWrongType(TMDBMovieDetails.self, in: #"{"id": 603, \#(member)}"#, at: path)
  }
}
