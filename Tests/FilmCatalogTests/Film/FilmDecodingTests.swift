import Foundation
import Testing

@testable import FilmCatalog

@Suite struct FilmDecodingTests {
  @Test func integerIDBecomesItsDecimalText() throws {
    let film = try decodeFilm(#"{"id": 603, "title": "The Matrix"}"#)
    #expect(film.id == "603")
  }

  @Test func negativeIntegerIDKeepsItsSign() throws {
    let film = try decodeFilm(#"{"id": -7, "title": "Test Pattern"}"#)
    #expect(film.id == "-7")
  }

  @Test(arguments: ["tt0133093", "007", "603"])
  func stringIDIsKeptVerbatim(id: String) throws {
    let film = try decodeFilm(#"{"id": "\#(id)", "title": "The Matrix"}"#)
    #expect(film.id == id)
  }

  @Test(arguments: ["posterPath", "poster_path"])
  func posterPathIsReadInEitherSpelling(key: String) throws {
    let film = try decodeFilm(#"{"id": 1, "title": "Alien", "\#(key)": "/alien.jpg"}"#)
    #expect(film.posterPath == "/alien.jpg")
  }

  @Test func camelCasePosterPathWinsOverSnakeCase() throws {
    let film = try decodeFilm(
      #"{"id": 1, "title": "Alien", "poster_path": "/snake.jpg", "posterPath": "/camel.jpg"}"#)
    #expect(film.posterPath == "/camel.jpg")
  }

  @Test func nullCamelCasePosterPathFallsBackToSnakeCase() throws {
    let film = try decodeFilm(
      #"{"id": 1, "title": "Alien", "posterPath": null, "poster_path": "/snake.jpg"}"#)
    #expect(film.posterPath == "/snake.jpg")
  }

  @Test(arguments: ["release_date", "releaseDate"])
  func yearIsTakenFromReleaseDate(key: String) throws {
    let film = try decodeFilm(#"{"id": 550, "title": "Fight Club", "\#(key)": "1999-10-15"}"#)
    #expect(film.year == 1999)
  }

  @Test func yearIsTakenFromABareYearReleaseDate() throws {
    let film = try decodeFilm(#"{"id": 550, "title": "Fight Club", "release_date": "1999"}"#)
    #expect(film.year == 1999)
  }

  @Test func explicitYearWinsOverReleaseDate() throws {
    let film = try decodeFilm(
      #"{"id": 550, "title": "Fight Club", "year": 2000, "release_date": "1999-10-15"}"#)
    #expect(film.year == 2000)
  }

  @Test func nullYearFallsBackToReleaseDate() throws {
    let film = try decodeFilm(
      #"{"id": 550, "title": "Fight Club", "year": null, "release_date": "1999-10-15"}"#)
    #expect(film.year == 1999)
  }

  @Test func snakeCaseReleaseDateWinsOverCamelCase() throws {
    let film = try decodeFilm(
      #"{"id": 1, "title": "Alien", "releaseDate": "1980-01-01", "release_date": "1979-05-25"}"#)
    #expect(film.year == 1979)
  }

  @Test func emptyReleaseDateGivesNoYear() throws {
    let film = try decodeFilm(#"{"id": 1, "title": "Untitled", "release_date": ""}"#)
    #expect(film.year == nil)
  }

  @Test func emptySnakeCaseReleaseDateFallsBackToCamelCase() throws {
    let film = try decodeFilm(
      #"{"id": 1, "title": "Alien", "release_date": "", "releaseDate": "1979-05-25"}"#)
    #expect(film.year == 1979)
  }

  @Test func nullOptionalFieldsDecodeAsAbsent() throws {
    let film = try decodeFilm(
      """
      {
        "id": 1, "title": "Alien", "year": null, "release_date": null, "releaseDate": null,
        "runtime": null, "director": null, "genres": null, "overview": null,
        "posterPath": null, "poster_path": null
      }
      """)
    #expect(film == Film(id: "1", title: "Alien"))
  }

  @Test func missingOptionalFieldsDecodeAsAbsent() throws {
    let film = try decodeFilm(#"{"id": 1, "title": "Alien"}"#)
    #expect(film == Film(id: "1", title: "Alien"))
    #expect(film.genres.isEmpty)
    #expect(film.year == nil)
    #expect(film.posterPath == nil)
  }

  @Test func everyFieldIsDecoded() throws {
    let film = try decodeFilm(
      """
      {
        "id": 603,
        "title": "The Matrix",
        "release_date": "1999-03-30",
        "runtime": 136,
        "director": "Lana Wachowski",
        "genres": ["Action", "Science Fiction"],
        "overview": "A *hacker* learns the truth.",
        "poster_path": "/matrix.jpg",
        "vote_average": 8.2,
        "vote_count": 27000,
        "original_title": "The Matrix",
        "tagline": "Welcome to the Real World.",
        "cast": [{"name": "Keanu Reeves", "character": "Neo", "order": 0}, {"name": "Carrie-Anne Moss"}],
        "writers": ["Lilly Wachowski", "Lana Wachowski"],
        "countries": ["United States of America"],
        "backdrop_path": "/backdrop.jpg",
        "trailer": {"site": "YouTube", "key": "vKQi3bBA1y8", "official": true},
        "imdb_id": "tt0133093",
        "homepage": "https://example.com/matrix"
      }
      """)
    #expect(
      film
        == matrix.with {
          $0.releaseDate = "1999-03-30"
          $0.rating = 8.2
          $0.voteCount = 27000
          $0.originalTitle = "The Matrix"
          $0.tagline = "Welcome to the Real World."
          $0.cast = [
            .init(name: "Keanu Reeves", character: "Neo"), .init(name: "Carrie-Anne Moss"),
          ]
          $0.writers = ["Lilly Wachowski", "Lana Wachowski"]
          $0.countries = ["United States of America"]
          $0.backdropPath = "/backdrop.jpg"
          $0.trailer = .init(site: "YouTube", key: "vKQi3bBA1y8")
          $0.imdbId = "tt0133093"
          $0.homepage = "https://example.com/matrix"
        })
  }

  @Test func topLevelArrayKeepsFilmOrder() throws {
    let films = try CatalogDecoder.decode(
      Data(
        """
        [
          {"id": 3, "title": "C"},
          {"id": 1, "title": "A"},
          {"id": "2", "title": "B"}
        ]
        """.utf8),
      file: fileName)
    #expect(films.map(\.id) == ["3", "1", "2"])
    #expect(films.map(\.title) == ["C", "A", "B"])
  }

  @Test func leadingWhitespaceBeforeTheArrayIsAllowed() throws {
    let films = try CatalogDecoder.decode(
      Data(" \n\t\r\n[{\"id\": 1, \"title\": \"Alien\"}]\n".utf8), file: fileName)
    #expect(films == [Film(id: "1", title: "Alien")])
  }

  @Test func resultsEnvelopeIgnoresItsOtherKeys() throws {
    let films = try CatalogDecoder.decode(
      Data(
        """
        {
          "page": 1,
          "header": {"source": "tmdb", "tags": [1, "two", null]},
          "results": [
            {"id": 603, "title": "The Matrix"},
            {"id": 604, "title": "The Matrix Reloaded"}
          ],
          "total_pages": 3,
          "total_results": 42
        }
        """.utf8),
      file: fileName)
    #expect(
      films == [
        Film(id: "603", title: "The Matrix"), Film(id: "604", title: "The Matrix Reloaded"),
      ])
  }

  @Test(arguments: ["[]", #"{"results": [], "page": 1}"#])
  func emptyCatalogDecodesToNoFilms(json: String) throws {
    let films = try CatalogDecoder.decode(Data(json.utf8), file: fileName)
    #expect(films.isEmpty)
  }

  @Test(arguments: [matrix, Film(id: "tt0078748", title: "Alien")])
  func encodedFilmDecodesToAnEqualFilm(film: Film) throws {
    let data = try JSONEncoder().encode(film)
    #expect(try JSONDecoder().decode(Film.self, from: data) == film)

    let catalog = try JSONEncoder().encode([film])
    #expect(try CatalogDecoder.decode(catalog, file: fileName) == [film])
  }

  @Test func encodingUsesCamelCaseAndLeavesAbsentFieldsOut() throws {
    let full = try encodedKeys(of: matrix)
    #expect(
      full == ["id", "title", "year", "runtime", "director", "genres", "overview", "posterPath"])

    let minimal = try encodedKeys(of: Film(id: "1", title: "Alien"))
    #expect(minimal == ["id", "title"])
  }
}

private let fileName = "Catalog/films.json"

private let matrix = Film(
  id: "603",
  title: "The Matrix",
  year: 1999,
  runtime: 136,
  director: "Lana Wachowski",
  genres: ["Action", "Science Fiction"],
  overview: "A *hacker* learns the truth.",
  posterPath: "/matrix.jpg"
)

/// Decodes a catalog holding the single film object `json`.
private func decodeFilm(
  _ json: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Film {
  let films = try CatalogDecoder.decode(Data("[\(json)]".utf8), file: fileName)
  #expect(films.count == 1, sourceLocation: sourceLocation)
  return try #require(films.first, sourceLocation: sourceLocation)
}

private func encodedKeys(
  of film: Film, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Set<String> {
  let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(film))
  let dictionary = try #require(object as? [String: Any], sourceLocation: sourceLocation)
  return Set(dictionary.keys)
}
