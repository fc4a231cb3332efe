import Foundation

/// The canonical decomposition (NFD) of text, as Foundation's
/// `decomposedStringWithCanonicalMapping` gives it, made fast for the
/// accented Latin letters most non-ASCII film titles and names hold.
///
/// Below U+0250 (Latin-1 Supplement and Latin Extended-A and B) no character
/// is a combining mark, so canonical reordering never moves anything across
/// two of them: the decomposition of such text is the decompositions of its
/// characters, one after another. Those are taken from Foundation once, on
/// first use. Text with any later character is decomposed by Foundation whole.
enum CanonicalDecomposition {
  /// Characters below this have their decompositions in ``table``.
  static let tableLimit: UInt32 = 0x250

  /// The decomposition of each character below ``tableLimit``.
  private static let table: [[Unicode.Scalar]] = (0..<tableLimit).map { value in
    guard let scalar = Unicode.Scalar(value) else { return [] }
    return Array(String(Character(scalar)).decomposedStringWithCanonicalMapping.unicodeScalars)
  }

  /// The scalars of `text` in canonical decomposition.
  static func scalars(of text: String) -> [Unicode.Scalar] {
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      guard scalar.value < tableLimit else {
        return Array(text.decomposedStringWithCanonicalMapping.unicodeScalars)
      }
      if scalar.isASCII {
        scalars.append(scalar)
      } else {
        scalars += table[Int(scalar.value)]
      }
    }
    return scalars
  }
}
