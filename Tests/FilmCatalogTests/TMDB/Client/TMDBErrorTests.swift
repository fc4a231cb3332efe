import Testing

@testable import FilmCatalog

@Suite struct TMDBErrorTests {
  private let url = "https://api.themoviedb.org/3/movie/99?append_to_response=credits&api_key=***"

  @Test func namesTheStageURLStatusAndTMDBsMessageOnOneLine() {
    let error = TMDBError(
      stage: .details(filmID: "99"), url: url,
      reason: .tmdb(
        status: 404, code: 34, message: "The resource you requested could not be found."))
    #expect(
      error.description
        == "details of film 99: GET \(url): HTTP 404: The resource you requested could not be found. (TMDB status_code 34)"
    )
  }

  @Test func countsAttemptsAndNamesSearchPagesAndTheGenreList() {
    let limited = TMDBError(
      stage: .searchPage(7), url: "u", reason: .tmdb(status: 429, code: 25, message: "Slow down."),
      attempts: 4)
    #expect(
      limited.description
        == "search page 7: GET u: HTTP 429 (after 4 attempts): Slow down. (TMDB status_code 25)")
    let network = TMDBError(
      stage: .genreList, url: "u", reason: .http(.network("connection refused")), attempts: 2)
    #expect(network.description == "genre list: GET u: connection refused (after 2 attempts)")
  }

  @Test func aBodyThatIsNotTMDBsShapeSaysWhatIsWrongAndHowItStarts() {
    let error = TMDBError(
      stage: .genreList, url: "u",
      reason: .notTMDBJSON(#"missing field "genres""#, body: #"{"genre": []}"#))
    #expect(
      error.description
        == #"genre list: GET u: not TMDB JSON: missing field "genres"; body starts: {"genre": []}"#)
  }

  @Test func readsTMDBsErrorBodyAndNothingElse() {
    let body = TMDBError.Body.decode(
      Array(
        #"{"status_code": 7, "status_message": "Invalid API key: You must be granted a valid key.", "success": false}"#
          .utf8))
    #expect(body?.statusCode == 7)
    #expect(body?.statusMessage == "Invalid API key: You must be granted a valid key.")
    #expect(TMDBError.Body.decode(Array("<html>Bad gateway</html>".utf8)) == nil)
    #expect(
      TMDBError.Body.decode(Array(#"{"errors": ["page must be less than 500"]}"#.utf8)) == nil)
  }
}
