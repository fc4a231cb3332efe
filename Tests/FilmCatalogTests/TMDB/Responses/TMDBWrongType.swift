import Foundation
import Testing

@testable import FilmCatalog

/// Expects `json` not to decode as `Response`, and the client's description
/// of the failure to name the field at `path` as having the wrong type.
func expectWrongType<Response: Decodable>(
  _ type: Response.Type, in json: String, at path: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  do {
    _ = try JSONDecoder().decode(Response.self, from: Data(json.utf8))
    Issue.record("decoded: \(json)", sourceLocation: sourceLocation)
  } catch {
    #expect(
      TMDBClient.describe(error, expecting: Response.self)
        == "field \"\(path)\" has the wrong type", sourceLocation: sourceLocation)
  }
}
