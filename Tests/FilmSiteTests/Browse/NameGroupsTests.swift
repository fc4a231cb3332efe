import Foundation
import Testing

@testable import FilmSite

/// Grouping names on several cores gives what grouping them on one does.
@Suite struct NameGroupsTests {
  /// Films of random names from a small pool, so that most names recur;
  /// `é` comes in two spellings, which are one name.
  private func films(count: Int, seed: UInt64) -> [[String]] {
    var random = SplitMix64(seed: seed)
    let pool = (0..<300).map { "Actor \($0)" } + ["Zoë", "Zoe\u{308}", "é", "e\u{301}", "黒澤明", ""]
    return (0..<count).map { _ in
      (0..<random.int(0...6)).map { _ in random.pick(pool) }
    }
  }

  private func expectSame(_ sharded: NameGroups, _ reference: NameGroups, _ namesByFilm: [[String]])
  {
    #expect(sharded.names == reference.names)
    #expect(
      sharded.names.map { Array($0.unicodeScalars) }
        == reference.names.map { Array($0.unicodeScalars) })
    #expect(sharded.films == reference.films)
    #expect(sharded.filmNames == reference.filmNames)
    #expect(sharded.filmStarts == reference.filmStarts)
    // Both spellings of each pair are looked up, not only the one a set keeps.
    let names =
      Set(namesByFilm.joined()).sorted() + ["nobody", "Zoë", "Zoe\u{308}", "é", "e\u{301}"]
    for name in names {
      #expect(sharded.place(of: name) == reference.place(of: name), "\(name)")
    }
  }

  @Test(arguments: [1, 2, 3, 7, 64, 256])
  func shardedGroupingIsTheOneCoreGrouping(shards: Int) {
    for seed in UInt64(1)...4 {
      let namesByFilm = films(count: 2_000, seed: seed)
      let reference = NameGroups.grouping(namesByFilm)
      expectSame(NameGroups.grouping(namesByFilm, shards: shards), reference, namesByFilm)
    }
  }

  @Test func theFirstSpellingMetIsKeptAndTheOtherFindsIt() {
    let namesByFilm = [["Zoe\u{308}"], ["Zoë", "Ann"], ["Ann"]]
    for groups in [NameGroups.grouping(namesByFilm), NameGroups.grouping(namesByFilm, shards: 3)] {
      #expect(
        groups.names.map { Array($0.unicodeScalars) } == [
          Array("Zoe\u{308}".unicodeScalars), ["A", "n", "n"],
        ])
      #expect(groups.films == [[0, 1], [1, 2]])
      #expect(groups.filmNames == [0, 0, 1, 1])
      #expect(groups.filmStarts == [0, 1, 3, 4])
      #expect(groups.place(of: "Zoë") == 0)
      #expect(groups.place(of: "Bea") == nil)
    }
  }

  @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1, "one core groups on one"))
  func aLargeListIsGroupedAsTheReferenceGroupsIt() {
    // Above the threshold, the plain initializer takes the sharded path on a
    // machine with more than one core.
    let namesByFilm = films(count: 12_000, seed: 9)
    #expect(namesByFilm.reduce(0) { $0 + $1.count } >= NameGroups.shardingThreshold)
    expectSame(NameGroups(namesByFilm), NameGroups.grouping(namesByFilm), namesByFilm)
  }

  @Test func mappedPlacesFindEveryNameAsPlaceDoes() throws {
    let namesByFilm = films(count: 3_000, seed: 5)
    let groups = NameGroups.grouping(namesByFilm, shards: 2)
    let mapped = groups.mapPlaces { $0 * 10 }
    for name in Set(namesByFilm.joined()) {
      let place = try #require(groups.place(of: name))
      #expect(groups.names[place] == name)
      #expect(mapped[name] == place * 10)
    }
    #expect(mapped["nobody"] == nil)
  }
}
