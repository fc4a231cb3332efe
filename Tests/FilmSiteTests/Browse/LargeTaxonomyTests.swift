import Testing

@testable import FilmCatalog
@testable import FilmSite

/// A taxonomy long enough to be grouped on every core lists each film under
/// each of its names, and finds each name in either spelling.
@Suite struct LargeTaxonomyTests {
  @Test func aLargeCastListsEveryFilmUnderEachOfItsActors() throws {
    var random = SplitMix64(seed: 0x5CA5)
    let pool = (0..<2_000).map { "Actor \($0)" } + ["Agnès", "Zoë"]
    let films = (0..<9_000).map { number in
      Film(id: "f\(number)", title: "Film \(number)").with { film in
        film.cast = (0..<3).map { _ in .init(name: random.pick(pool)) }
      }
    }
    let cast = Taxonomy(kind: .cast, films: films, castPagesPerFilm: 3)
    var expected: [String: [Int]] = [:]
    for (position, film) in films.enumerated() {
      for name in Taxonomy.names(of: film, kind: .cast, castPagesPerFilm: 3) {
        expected[name, default: []].append(position)
      }
    }
    #expect(expected.values.reduce(0) { $0 + $1.count } >= NameGroups.shardingThreshold)
    #expect(cast.terms.count == expected.count)
    for (name, positions) in expected {
      #expect(try #require(cast.term(named: name)).films == positions, "\(name)")
    }
    #expect(cast.term(named: "Agne\u{300}s")?.name == "Agnès")
    #expect(cast.term(named: "Zoe\u{308}")?.name == "Zoë")
    for position in [0, 4_321, 8_999] {
      #expect(
        cast.terms(ofFilmAt: position).map(\.name)
          == Taxonomy.names(of: films[position], kind: .cast, castPagesPerFilm: 3))
    }
  }
}
