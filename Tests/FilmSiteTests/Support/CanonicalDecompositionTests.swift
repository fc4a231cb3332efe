import Foundation
import Testing

@testable import FilmSite

@Suite struct CanonicalDecompositionTests {
  private func foundation(_ text: String) -> [Unicode.Scalar] {
    Array(text.decomposedStringWithCanonicalMapping.unicodeScalars)
  }

  @Test func everyCharacterOfTheTableDecomposesAsFoundationDoes() {
    let mismatches = (0..<CanonicalDecomposition.tableLimit).compactMap(Unicode.Scalar.init)
      .filter {
        CanonicalDecomposition.scalars(of: String(Character($0)))
          != foundation(String(Character($0)))
      }
    #expect(mismatches.isEmpty)
  }

  @Test func textMixingTableAndLaterCharactersDecomposesAsFoundationDoes() {
    var generator = SystemRandomNumberGenerator()
    // Latin letters, combining marks (which reorder), Greek, Hangul and emoji.
    let pool = Array("aZ9 éÅǖǕßøĳ·½\u{301}\u{323}\u{308}ΆὰḀ한🎬İ".unicodeScalars)
    for _ in 0..<2000 {
      let length = Int.random(in: 0...12, using: &generator)
      var text = String.UnicodeScalarView()
      for _ in 0..<length { text.append(pool[Int.random(in: 0..<pool.count, using: &generator)]) }
      let string = String(text)
      #expect(
        CanonicalDecomposition.scalars(of: string) == foundation(string),
        "\(string.debugDescription)")
    }
  }

  @Test func foldingUsesTheDecompositionForAccentedLetters() {
    #expect(Slug.make("Amélie à Ǖtopia") == "amelie-a-utopia")
    #expect(SearchFolding.words("Amélie à Ǖtopia") == ["amelie", "a", "utopia"])
  }
}
