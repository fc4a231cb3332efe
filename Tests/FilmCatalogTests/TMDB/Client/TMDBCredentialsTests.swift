import Testing

@testable import FilmCatalog

@Suite struct TMDBCredentialsTests {
  @Test func theReadAccessTokenWinsOverTheKey() throws {
    let credentials = try TMDBCredentials(environment: [
      "TMDB_API_TOKEN": "eyJ-token", "TMDB_API_KEY": "key",
    ])
    #expect(credentials == .bearerToken("eyJ-token"))
    #expect(credentials.secret == "eyJ-token")
  }

  @Test func aKeyAloneIsUsedAsTheAPIKey() throws {
    #expect(
      try TMDBCredentials(environment: ["TMDB_API_TOKEN": "", "TMDB_API_KEY": "k123"])
        == .apiKey("k123"))
  }

  @Test func withoutEitherTheErrorNamesBothVariables() {
    #expect(throws: TMDBCredentials.Missing()) {
      try TMDBCredentials(environment: ["TMDB_API_TOKEN": "", "OTHER": "x"])
    }
    let message = TMDBCredentials.Missing().description
    #expect(message.contains("TMDB_API_TOKEN"))
    #expect(message.contains("TMDB_API_KEY"))
  }
}
