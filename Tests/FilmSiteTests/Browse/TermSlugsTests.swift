import FilmSiteSupport
import Testing

@testable import FilmSite

/// Slugs assigned by sorting only the names that lose their plain slug are
/// the slugs that walking every name in exact character order gives.
@Suite struct TermSlugsTests {
  /// The rule as written: every name in exact character order; the first
  /// of each slug keeps it, each later one (and one with no plain slug)
  /// gets `_` and its hash, with a counter if that is taken too.
  private func reference(_ names: [String], folded: [String]) -> [String] {
    let order = names.indices.sorted { ScalarOrder.precedes(names[$0], names[$1]) }
    let bases = folded.map(Slug.truncated)
    var used: Set<String> = []
    var slugs = [String](repeating: "", count: names.count)
    for index in order where !bases[index].isEmpty && used.insert(bases[index]).inserted {
      slugs[index] = bases[index]
    }
    for index in order where slugs[index].isEmpty {
      let stem = bases[index] + "_" + TermSlugs.hash(names[index])
      var candidate = stem
      var counter = 2
      while !used.insert(candidate).inserted {
        candidate = stem + "-" + String(counter)
        counter += 1
      }
      slugs[index] = candidate
    }
    return slugs
  }

  @Test func namesThatShareASlugInAnyOrderGetTheReferenceSlugs() {
    // Pieces that fold alike in many spellings, so most names share a slug
    // with another; `黒澤明` and `!` have no plain slug at all.
    let pieces = ["Film", "film", "FILM", "Noir", "noir", "-", " ", "é", "E", "黒澤明", "!", "2"]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      var names: Set<String> = []
      for _ in 0..<Int.random(in: 1...40, using: &generator) {
        let count = Int.random(in: 1...4, using: &generator)
        names.insert(
          (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined())
      }
      let list = Array(names).shuffled(using: &generator)
      let folded = list.map(Slug.fold)
      #expect(TermSlugs.assign(list, folded: folded) == reference(list, folded: folded))
    }
  }

  @Test func theNameFirstInExactOrderKeepsASharedSlugWhereverItIsListed() {
    // Folded slugs are given here, as the caller gives them: three names of one base.
    let names = ["b", "a", "c"]
    let folded = ["same", "same", "same"]
    let slugs = TermSlugs.assign(names, folded: folded)
    #expect(slugs == reference(names, folded: folded))
    #expect(slugs[1] == "same")
    #expect(slugs[0] == "same_" + TermSlugs.hash("b"))
    #expect(Set(slugs).count == 3)
  }
}
