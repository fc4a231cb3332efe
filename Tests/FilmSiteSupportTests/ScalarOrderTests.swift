import FilmSiteSupport
import Testing

/// The byte comparison gives the order of Unicode scalars, which is what the sorted lists it
/// serves were sorted by before.
@Suite struct ScalarOrderTests {
  /// Scalars from every length of UTF-8, with prefixes of one another and canonically equal
  /// spellings among them.
  private static let pieces: [String] = [
    "", "a", "b", "Z", "~", "\u{7F}", "\u{80}", "\u{E9}", "e\u{301}", "\u{301}", "\u{7FF}",
    "\u{800}", "\u{FFFD}", "\u{FEFF}", "\u{10000}", "\u{1F600}", "\u{10FFFF}", "ab", "a\u{0}",
  ]

  private static func reference(_ left: String, _ right: String) -> Bool {
    left.unicodeScalars.lexicographicallyPrecedes(right.unicodeScalars)
  }

  @Test func itAgreesWithTheScalarsOrderOnEveryPairOfPieces() {
    var texts = Self.pieces
    for left in Self.pieces { for right in Self.pieces { texts.append(left + right) } }
    for left in texts {
      for right in texts {
        #expect(
          ScalarOrder.precedes(left, right) == Self.reference(left, right),
          "\(Array(left.unicodeScalars)) \(Array(right.unicodeScalars))")
        #expect(
          ScalarOrder.isSame(left, right) == left.unicodeScalars.elementsEqual(right.unicodeScalars)
        )
      }
    }
  }

  @Test func itAgreesOnRandomTextsThatShareAPrefix() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let left = String(
        (0..<Int.random(in: 0...6, using: &generator)).map { _ in
          Self.pieces.randomElement(using: &generator) ?? ""
        }.joined())
      let right =
        String(left.prefix(Int.random(in: 0...left.count, using: &generator)))
        + (Self.pieces.randomElement(using: &generator) ?? "")
      #expect(ScalarOrder.precedes(left, right) == Self.reference(left, right))
      #expect(ScalarOrder.precedes(right, left) == Self.reference(right, left))
    }
  }
}
