import FilmSiteSupport
import Testing

@testable import FilmSite

/// The table finds each text, in any spelling, where a search of the list with `==` finds it.
@Suite struct CanonicalTextTableTests {
  /// Names that repeat, and some that are one name spelt two ways.
  private func names(count: Int, using random: inout SplitMix64) -> [String] {
    let parts = [
      "Zoë", "Zoe\u{308}", "é", "e\u{301}", "Ann", "Lee", "Ångström", "A\u{30A}ngstro\u{308}m", "7",
      "黒澤明",
    ]
    return (0..<count).map { _ in
      (0..<random.int(1...3)).map { _ in random.pick(parts) }.joined(separator: " ")
    }
  }

  @Test(arguments: [(1 as UInt64, 0), (2, 1), (3, 40), (4, 700), (5, 9_000)])
  func everyNameIsFoundAtTheFirstPlaceThatIsIt(seed: UInt64, count: Int) {
    var random = SplitMix64(seed: seed)
    let listed = names(count: count, using: &random)
    let table = CanonicalTextTable(listed)
    #expect(table.hasRepeats == (Set(listed).count < listed.count))
    for name in listed + names(count: 500, using: &random) + [""] {
      #expect(table.place(of: name) == listed.firstIndex(of: name), "\(name.unicodeScalars)")
    }
  }

  @Test func twoSpellingsOfOneNameAreOneName() {
    let table = CanonicalTextTable(["Zo\u{EB}", "Ann"])
    #expect(!table.hasRepeats)
    #expect(table.place(of: "Zoe\u{308}") == 0)
    #expect(table.place(of: "Zo\u{EB}") == 0)
    #expect(CanonicalTextTable(["Ann", "Zo\u{EB}", "Zoe\u{308}"]).hasRepeats)
  }

  @Test func aNameNotInTheListIsNotFound() {
    let table = CanonicalTextTable((0..<10_000).map { "Actor \($0)" })
    #expect(!table.hasRepeats)
    #expect(table.place(of: "Actor 10000") == nil)
    #expect(table.place(of: "Actor 1 ") == nil)
    #expect(table.place(of: "Actor 9999") == 9_999)
    #expect(CanonicalTextTable([]).place(of: "Ann") == nil)
  }
}
