import Foundation
import Testing

/// What `filmsite pull --tmdb` makes of a film's details, against the local fake of TMDB's
/// API v3 (`Fixtures/fake-tmdb-api.py`): one details request per film, whose appended
/// credits, videos and external ids reach the snapshot.
@Suite struct TMDBDetailsEndToEndTests {
  private static let token = ["TMDB_API_TOKEN": "test-token", "TMDB_API_KEY": ""]

  /// A film of a snapshot, as the snapshot writer spells its fields.
  private struct SnapshotFilm: Decodable, Equatable {
    struct CastMember: Decodable, Equatable {
      var name: String
      var character: String?
    }

    struct Trailer: Decodable, Equatable {
      var site: String
      var key: String
    }

    var id: String
    var title: String
    var year: Int?
    var runtime: Int?
    var director: String?
    var originalTitle: String?
    var tagline: String?
    var releaseDate: String?
    var rating: Double?
    var voteCount: Int?
    var cast: [CastMember]?
    var writers: [String]?
    var countries: [String]?
    var backdropPath: String?
    var trailer: Trailer?
    var imdbId: String?
    var homepage: String?
  }

  private struct Snapshot: Decodable {
    let results: [SnapshotFilm]
  }

  /// Pulls every film the fake serves (an empty query discovers them) into a snapshot.
  private func pull(_ api: FakeTMDB, into directory: URL) async throws -> (
    stdout: String, films: [String: SnapshotFilm]
  ) {
    let out = directory.appendingPathComponent("films.json")
    let result = try await FilmSiteProcess.run(
      ["pull", "--tmdb", "--api", api.baseURL.absoluteString, "--out", out.path],
      environment: Self.token)
    try #require(result.status == 0, "\(result.stderr)")
    let snapshot = try JSONDecoder().decode(Snapshot.self, from: Data(contentsOf: out))
    return (result.stdout, Dictionary(snapshot.results.map { ($0.id, $0) }) { first, _ in first })
  }

  @Test func oneDetailsRequestPerFilmAppendsCreditsVideosAndExternalIDs() async throws {
    let api = try FakeTMDB()
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (stdout, films) = try await pull(api, into: directory)
      #expect(films.count == 45)
      // 45 films: 3 discover pages, 45 details, 1 genre list, and nothing else.
      #expect(
        stdout.hasSuffix("; 49 requests (1 genre list, 3 search pages, 45 details), 0 retries\n"))
      let requests = try api.requests()
      #expect(requests.count == 49)
      #expect(requests.filter { $0.path == "/3/genre/movie/list" }.count == 1)
      #expect(
        requests.filter { $0.path == "/3/discover/movie" }.map { $0.query["page"] } == [
          "1", "2", "3",
        ])
      let details = requests.filter { $0.path.hasPrefix("/3/movie/") }
      #expect(details.map(\.path).sorted() == (1...45).map { "/3/movie/\(1000 + $0)" }.sorted())
      #expect(
        details.allSatisfy { $0.query["append_to_response"] == "credits,videos,external_ids" })
    }
  }

  @Test func theSnapshotHasTheMappedCastWritersTrailerCountriesAndIDs() async throws {
    let api = try FakeTMDB()
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let films = try await pull(api, into: directory).films
      // Film 5: cast listed out of billing order, the second billed without a character;
      // an unofficial trailer and a Vimeo teaser before the official trailer; no homepage.
      #expect(
        films["1005"]
          == SnapshotFilm(
            id: "1005", title: "Noir Film 5", year: 1945, runtime: 85,
            director: "Director 5 & Co-Director 5", tagline: "Tagline of film 5.",
            releaseDate: "1945-03-14", rating: 7.5, voteCount: 105,
            cast: [
              .init(name: "Lead Actor 5", character: "Lead"), .init(name: "Second Actor 5"),
              .init(name: "Third Actor 5", character: "Friend"),
            ],
            writers: ["Writer 5"], countries: ["United States of America", "France"],
            backdropPath: "/b5.jpg", trailer: .init(site: "YouTube", key: "trailer5"),
            imdbId: "tt0000005"))
      // Film 12: a co-writer, a novel credit that is not a writer, an empty tagline, a
      // homepage, and no official YouTube trailer.
      let film12 = try #require(films["1012"])
      #expect(film12.writers == ["Writer 12", "Co-Writer 12"])
      #expect(film12.tagline == nil)
      #expect(film12.homepage == "https://film12.example/")
      #expect(film12.trailer == nil)
      #expect(film12.countries == ["United States of America"])
      #expect(films["1008"]?.originalTitle == "Le Film 8")
      #expect(films["1007"]?.originalTitle == nil)
      // Film 14: a null release date.
      #expect(films["1014"]?.releaseDate == nil)
      #expect(films["1014"]?.year == nil)
    }
  }

  @Test func aDetailsFieldOfTheWrongTypeFailsTheBuildNamingTheFilmAndField() async throws {
    let api = try FakeTMDB(configuration: .init(malformed: [1009]))
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let output = directory.appendingPathComponent("Output")
      let result = try await FilmSiteProcess.run(
        [
          "build", "--tmdb", "--api", api.baseURL.absoluteString, "--query", "noir", "--output",
          output.path,
        ], environment: Self.token)
      #expect(result.status == 1)
      let last = String(result.stderr.split(separator: "\n").last ?? "")
      #expect(
        last.hasPrefix(
          #"error: details of film 1009: GET \#(api.baseURL.absoluteString)/movie/1009?append_to_response=credits,videos,external_ids&language=en-US: not TMDB JSON: field "vote_average" has the wrong type; body starts: {"#
        ), "\(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: output.path))
    }
  }
}
