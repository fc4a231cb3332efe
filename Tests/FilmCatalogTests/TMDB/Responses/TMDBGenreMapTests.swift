import Foundation
import Testing

@testable import FilmCatalog

@Suite struct TMDBGenreMapTests {
  @Test func decodesTheGenreListAndNamesIDsInTheirOrder() throws {
    let data = Data(
      #"{"genres": [{"id": 28, "name": "Action"}, {"id": 12, "name": "Adventure"}, {"id": 18, "name": "Drama"}]}"#
        .utf8)
    let map = try JSONDecoder().decode(TMDBGenreMap.self, from: data)
    #expect(map.genres.count == 3)
    #expect(map.names(for: [18, 28]) == ["Drama", "Action"])
  }

  @Test func leavesOutIDsTheListDoesNotHold() {
    let map = TMDBGenreMap(genres: [.init(id: 28, name: "Action")])
    #expect(map.names(for: [10770, 28, 99]) == ["Action"])
    #expect(map.names(for: []) == [])
  }

  @Test func aRepeatedIDKeepsItsFirstName() {
    let map = TMDBGenreMap(genres: [.init(id: 28, name: "Action"), .init(id: 28, name: "Other")])
    #expect(map.names(for: [28]) == ["Action"])
  }
}
