import FilmSiteSupport
import Testing

@testable import FilmSite

/// The table finds each text where a search of the list, comparing bytes, finds it.
@Suite struct ExactTextTableTests {
  /// The reference: the first place whose path has the same bytes.
  private func firstPlace(of path: String, in paths: [String]) -> Int? {
    paths.firstIndex { ScalarOrder.isSame($0, path) }
  }

  /// Paths that share long starts, repeat, and differ only in how a text is spelt.
  private func paths(count: Int, using random: inout SplitMix64) -> [String] {
    let names = ["a", "a-b", "ab", "films", "films-x", "é", "e\u{301}", "page", "2", "20"]
    return (0..<count).map { _ in
      (0..<random.int(1...4)).map { _ in random.pick(names) }.joined(separator: "/")
        + (random.chance(50) ? "/index.html" : "")
    }
  }

  @Test(arguments: [(1 as UInt64, 0), (2, 1), (3, 40), (4, 700), (5, 9_000)])
  func everyPathIsFoundAtItsFirstPlace(seed: UInt64, count: Int) {
    var random = SplitMix64(seed: seed)
    let listed = paths(count: count, using: &random)
    let table = ExactTextTable(listed)
    for path in listed {
      #expect(table.place(of: path) == firstPlace(of: path, in: listed), "\(path)")
    }
    for path in paths(count: 500, using: &random) {
      #expect(table.place(of: path) == firstPlace(of: path, in: listed), "\(path)")
    }
    #expect(table.place(of: "") == firstPlace(of: "", in: listed))
  }

  @Test func twoSpellingsOfOneTextAreTwoPaths() {
    let table = ExactTextTable(["films/\u{E9}/index.html", "films/e\u{301}/index.html"])
    #expect("films/\u{E9}/index.html" == "films/e\u{301}/index.html")
    #expect(table.place(of: "films/\u{E9}/index.html") == 0)
    #expect(table.place(of: "films/e\u{301}/index.html") == 1)
  }

  @Test func aPathNotInTheListIsNotFound() {
    let table = ExactTextTable((0..<10_000).map { "films/\($0)/index.html" })
    #expect(table.place(of: "films/10000/index.html") == nil)
    #expect(table.place(of: "films/1/index.htm") == nil)
    #expect(table.place(of: "films/9999/index.html") == 9_999)
    #expect(ExactTextTable([]).place(of: "index.html") == nil)
  }
}
