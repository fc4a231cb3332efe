import Foundation
import Testing

@testable import FilmCatalog

/// How the blocks that `append_to_response=credits,videos,external_ids` adds
/// become a film's fields. The film and people here are made up; the shapes
/// are TMDB's.
@Suite struct TMDBDetailsMappingTests {
  private let searchFilm = Film(id: "42", title: "The Lighthouse Keeper", year: 2001)

  /// A details answer with `members` (a JSON object's members, without braces) added.
  private func enriched(_ members: String, film: Film? = nil) throws -> Film {
    let json = #"{"id": 42, "title": "The Lighthouse Keeper", \#(members)}"#
    return try JSONDecoder().decode(TMDBMovieDetails.self, from: Data(json.utf8))
      .enriching(film ?? searchFilm)
  }

  /// A `credits.cast` entry as TMDB sends it; `order` left out when `nil`.
  private func castMember(_ name: String, _ character: String, order: Int?) -> String {
    let order = order.map { #""order": \#($0), "# } ?? ""
    return #"""
      {"adult": false, "gender": 0, "id": 1, "known_for_department": "Acting",
       "name": "\#(name)", "original_name": "\#(name)", "popularity": 1.5,
       "profile_path": null, "cast_id": 3, "character": "\#(character)",
       "credit_id": "c", \#(order)"extra": null}
      """#
  }

  private func crewMember(_ name: String, department: String, job: String) -> String {
    #"""
    {"adult": false, "gender": 0, "id": 2, "known_for_department": "\#(department)",
     "name": "\#(name)", "original_name": "\#(name)", "popularity": 0.5,
     "profile_path": null, "credit_id": "d", "department": "\#(department)", "job": "\#(job)"}
    """#
  }

  private func video(
    _ key: String, site: String = "YouTube", type: String = "Trailer", official: Bool = true
  ) -> String {
    #"""
    {"iso_639_1": "en", "iso_3166_1": "US", "name": "\#(type) \#(key)", "key": "\#(key)",
     "site": "\#(site)", "size": 1080, "type": "\#(type)", "official": \#(official),
     "published_at": "2001-03-05T02:03:14.000Z", "id": "v\#(key)"}
    """#
  }

  @Test func theCastIsInBillingOrderWithTiesAndUnorderedMembersInTMDBsOrder() throws {
    let cast = [
      castMember("Third", "C", order: 2), castMember("Unordered", "U", order: nil),
      castMember("First", "A", order: 0), castMember("Second", "B1", order: 1),
      castMember("Also second", "B2", order: 1), castMember("Also unordered", "V", order: nil),
    ]
    let film = try enriched(#""credits": {"cast": [\#(cast.joined(separator: ", "))]}"#)
    #expect(
      film.cast.map(\.name) == [
        "First", "Second", "Also second", "Third", "Unordered", "Also unordered",
      ])
    #expect(film.cast.map(\.character) == ["A", "B1", "B2", "C", "U", "V"])
  }

  @Test func castNamesAreTrimmedNamelessMembersLeftOutAndEmptyCharactersAbsent() throws {
    let cast = [
      castMember("  Ada Lumen\\t", "", order: 0), castMember("   ", "Nobody", order: 1),
      castMember("Bo Quill", " ", order: 2), castMember("Cy Moor", " Herself ", order: 3),
    ]
    let nameless = #"{"character": "No name", "order": 4}, {"name": null, "order": 5}"#
    let film = try enriched(
      #""credits": {"cast": [\#(cast.joined(separator: ", ")), \#(nameless)]}"#)
    #expect(
      film.cast == [
        Film.CastMember(name: "Ada Lumen"), Film.CastMember(name: "Bo Quill"),
        Film.CastMember(name: "Cy Moor", character: "Herself"),
      ])
  }

  @Test func writersAreTheWritingDepartmentsScreenplayAndWriterCreditsEachOnce() throws {
    let crew = [
      crewMember("Dee Novelist", department: "Writing", job: "Novel"),
      crewMember("Eli Script", department: "Writing", job: "Screenplay"),
      crewMember("Fay Director", department: "Directing", job: "Director"),
      crewMember("Gus Story", department: "Writing", job: "Story"),
      crewMember("Hal Pen", department: "Writing", job: "Writer"),
      crewMember("Eli Script", department: "Writing", job: "Writer"),
      crewMember("Ivy Elsewhere", department: "Production", job: "Writer"),
      crewMember(" Jo Draft ", department: "Writing", job: "Screenplay"),
      crewMember("Kit Lower", department: "writing", job: "screenplay"),
    ]
    let film = try enriched(#""credits": {"crew": [\#(crew.joined(separator: ", "))]}"#)
    #expect(film.writers == ["Eli Script", "Hal Pen", "Jo Draft"])
    #expect(film.director == "Fay Director")
  }

  @Test func theFirstOfficialYouTubeTrailerIsChosen() throws {
    let videos = [
      video("unofficialTrailer", official: false), video("123456", site: "Vimeo"),
      video("vimeoTeaser", site: "Vimeo", type: "Teaser"), video("officialTeaser", type: "Teaser"),
      video("clip", type: "Clip"), video("theTrailer"), video("laterTrailer"),
    ]
    let film = try enriched(
      #""videos": {"id": 42, "results": [\#(videos.joined(separator: ", "))]}"#)
    #expect(film.trailer == Film.Trailer(site: "YouTube", key: "theTrailer"))
  }

  @Test func withoutAnOfficialYouTubeTrailerTheTrailerIsLeftAsItWas() throws {
    let videos = [
      video("unofficial", official: false), video("987", site: "Vimeo"),
      video("teaser", type: "Teaser"), video(" ", type: "Trailer"),
    ]
    let members = #""videos": {"results": [\#(videos.joined(separator: ", "))]}"#
    #expect(try enriched(members).trailer == nil)
    let earlier = searchFilm.with { $0.trailer = Film.Trailer(site: "Vimeo", key: "55") }
    #expect(try enriched(members, film: earlier).trailer == earlier.trailer)
  }

  @Test func taglineHomepageCountriesAndTheSharedFieldsArrive() throws {
    let film = try enriched(
      #"""
      "tagline": "Every light goes out.", "homepage": "https://lighthouse.example/",
      "original_title": "Le Gardien du phare", "release_date": "2001-10-05",
      "vote_average": 7.123, "vote_count": 412, "backdrop_path": "/bd.jpg",
      "production_countries": [{"iso_3166_1": "FR", "name": "France"},
                               {"iso_3166_1": "BE", "name": " Belgium "},
                               {"iso_3166_1": "FR", "name": "France"},
                               {"iso_3166_1": "XX", "name": ""}],
      "external_ids": {"id": 42, "imdb_id": "tt0000042", "wikidata_id": null,
                       "facebook_id": null, "instagram_id": null, "twitter_id": null}
      """#)
    #expect(film.tagline == "Every light goes out.")
    #expect(film.homepage == "https://lighthouse.example/")
    #expect(film.originalTitle == "Le Gardien du phare")
    #expect(film.releaseDate == "2001-10-05")
    #expect(film.year == 2001)
    #expect(film.rating == 7.123)
    #expect(film.voteCount == 412)
    #expect(film.backdropPath == "/bd.jpg")
    #expect(film.countries == ["France", "Belgium"])
    #expect(film.imdbId == "tt0000042")
  }

  /// TMDB sends `""` for a tagline, homepage or id it does not have: that
  /// is no value, and what the film had is kept.
  @Test func emptyStringsAreAbsent() throws {
    let members = #"""
      "tagline": "", "homepage": "  ", "original_title": "", "release_date": "",
      "backdrop_path": "", "imdb_id": "", "external_ids": {"imdb_id": ""},
      "production_countries": [{"name": ""}]
      """#
    let film = try enriched(members)
    #expect(film == searchFilm)
    let earlier = searchFilm.with {
      $0.tagline = "Old tagline"
      $0.homepage = "https://old.example/"
      $0.releaseDate = "2001-01-01"
    }
    #expect(try enriched(members, film: earlier) == earlier)
  }

  @Test(arguments: [
    (#""external_ids": {"imdb_id": "tt01"}, "imdb_id": "tt02""#, "tt01"),
    (#""external_ids": {"imdb_id": null}, "imdb_id": "tt02""#, "tt02"),
    (#""external_ids": {"imdb_id": ""}, "imdb_id": "tt02""#, "tt02"),
    (#""external_ids": {}, "imdb_id": "tt02""#, "tt02"),
    (#""imdb_id": "tt02""#, "tt02"),
    (#""external_ids": {"imdb_id": "tt01"}"#, "tt01"),
  ])
  func theIMDbIDComesFromExternalIDsOrElseTheTopLevel(members: String, imdbId: String) throws {
    #expect(try enriched(members).imdbId == imdbId)
  }

  @Test func theOriginalTitleIsKeptOnlyWhenItDiffersFromTheTitle() throws {
    #expect(try enriched(#""original_title": "The Lighthouse Keeper""#).originalTitle == nil)
    #expect(try enriched(#""original_title": "Fyrvaktaren""#).originalTitle == "Fyrvaktaren")
  }

  @Test func aFilmNobodyVotedOnHasNoRating() throws {
    let film = try enriched(#""vote_average": 0, "vote_count": 0"#)
    #expect(film.rating == nil)
    #expect(film.voteCount == nil)
    let voted = try enriched(#""vote_average": 8, "vote_count": 1"#)
    #expect(voted.rating == 8)
    #expect(voted.voteCount == 1)
  }

  /// A release date no year can be read from is left out with its year, so
  /// the film's snapshot still reads back.
  @Test func aReleaseDateThatIsNotADateIsLeftOut() throws {
    let film = try enriched(#""release_date": "soon""#)
    #expect(film.releaseDate == nil)
    #expect(film.year == 2001)
  }

  /// The site decides what it can show; the details pass every value on.
  @Test func valuesThePageMightRefuseArePassedOnAsGiven() throws {
    let film = try enriched(
      #"""
      "vote_average": 11, "vote_count": 3, "homepage": "javascript:alert(1)",
      "imdb_id": "../x", "tagline": "</script><script>alert(1)</script>",
      "videos": {"results": [{"key": "javascript:alert(1)", "site": "YouTube",
                              "type": "Trailer", "official": true}]}
      """#)
    #expect(film.rating == 11)
    #expect(film.homepage == "javascript:alert(1)")
    #expect(film.imdbId == "../x")
    #expect(film.tagline == "</script><script>alert(1)</script>")
    #expect(film.trailer == Film.Trailer(site: "YouTube", key: "javascript:alert(1)"))
  }
}
