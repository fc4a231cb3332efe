import Foundation

/// The words a search matches: text folded as the search script folds a query.
///
/// Accents are dropped (canonical decomposition, then every nonspacing mark),
/// the letters of ``Slug``'s table are folded (`ß` to `ss`), the text is
/// lowercased, and every run of characters that are not letters or digits
/// separates words. `assets/search.js` does the same with
/// `normalize("NFD")`, `\p{Mn}`, the same table, `toLowerCase()` and
/// `[^\p{L}\p{N}]+`, so a query finds what the index holds.
enum SearchFolding {
  /// The folded words of `text`, in order, repeats kept.
  static func words(_ text: String) -> [String] {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(text) }
    var words: [String] = []
    var word = String.UnicodeScalarView()
    func flush() {
      if !word.isEmpty { words.append(String(word)) }
      word = String.UnicodeScalarView()
    }
    for scalar in CanonicalDecomposition.scalars(of: text) {
      if scalar.isASCII {
        // The common case, without a string per character: what lowercasing gives.
        let value = UInt8(scalar.value)
        switch value {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          word.append(scalar)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
          word.append(Unicode.Scalar(value | 0x20))
        default:
          flush()
        }
        continue
      }
      if scalar.properties.generalCategory == .nonspacingMark { continue }
      let folded = Slug.foldings[scalar] ?? String(scalar)
      for character in folded.lowercased().unicodeScalars {
        if isWordCharacter(character) { word.append(character) } else { flush() }
      }
    }
    flush()
    return words
  }

  /// The common case without Foundation: ASCII letters lowercased, digits kept.
  private static func asciiWords(_ text: String) -> [String] {
    var words: [String] = []
    var word: [UInt8] = []
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        word.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        word.append(byte | 0x20)
      default:
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        word.removeAll(keepingCapacity: true)
      }
    }
    if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
    return words
  }

  /// `\p{L}` or `\p{N}`, as the script's regular expression has it.
  private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber:
      return true
    default:
      return false
    }
  }
}
