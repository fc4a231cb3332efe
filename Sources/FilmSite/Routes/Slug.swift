import Foundation

/// Turns a name into the ASCII words of a URL: `Amélie` becomes `amelie`.
///
/// Letters are folded to ASCII (accents dropped, `ß` becomes `ss`), lowercased,
/// every run of other characters becomes one `-`, leading and trailing `-` are
/// trimmed, and the result is cut at a word boundary to at most
/// ``maximumLength`` characters. A name with no ASCII letters or digits gives
/// an empty slug.
enum Slug {
  static let maximumLength = 60

  /// Returns the slug of `text`.
  static func make(_ text: String) -> String {
    truncated(fold(text))
  }

  /// The slug of `text` before it is cut to length: folded words joined by `-`.
  static func fold(_ text: String) -> String {
    text.utf8.allSatisfy({ $0 < 0x80 }) ? foldASCII(text) : foldScalars(text)
  }

  /// ``fold(_:)`` for any text: decomposed, with letters folded to ASCII.
  static func foldScalars(_ text: String) -> String {
    var slug = ""
    var pendingDash = false
    /// Appends a letter or digit, after a `-` when anything came between it
    /// and the previous one; anything else only asks for that `-`.
    func append(_ character: Unicode.Scalar) {
      if ("a"..."z").contains(character) || ("0"..."9").contains(character) {
        if pendingDash, !slug.isEmpty { slug.unicodeScalars.append("-") }
        pendingDash = false
        slug.unicodeScalars.append(character)
      } else {
        pendingDash = true
      }
    }
    // Canonical decomposition splits "é" into "e" and a combining accent, which is dropped.
    for scalar in CanonicalDecomposition.scalars(of: text) {
      if scalar.isASCII {
        // What lowercasing the one-letter string gives, without making it.
        append(("A"..."Z").contains(scalar) ? Unicode.Scalar(UInt8(scalar.value) | 0x20) : scalar)
        continue
      }
      let folded: String
      if let replacement = foldings[scalar] {
        folded = replacement
      } else if scalar.properties.generalCategory == .nonspacingMark {
        continue
      } else {
        folded = "-"
      }
      for character in folded.lowercased().unicodeScalars { append(character) }
    }
    return slug
  }

  /// ``fold(_:)`` for ASCII text, which most titles are, on bytes: the same
  /// result without decomposition and per-character strings.
  static func foldASCII(_ text: String) -> String {
    var slug: [UInt8] = []
    slug.reserveCapacity(text.utf8.count)
    var pendingDash = false
    for byte in text.utf8 {
      let lower = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
      if (0x61...0x7A).contains(lower) || (0x30...0x39).contains(lower) {
        if pendingDash, !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
        pendingDash = false
        slug.append(lower)
      } else {
        pendingDash = true
      }
    }
    return String(decoding: slug, as: UTF8.self)
  }

  /// Cuts a slug longer than the maximum at its last `-` within the limit,
  /// or hard at the limit when its first word is longer.
  static func truncated(_ slug: String) -> String {
    guard slug.utf8.count > maximumLength else { return slug }
    let limit = slug.index(slug.startIndex, offsetBy: maximumLength)
    let head = slug[..<limit]
    if slug[limit] == "-" { return String(head) }
    if let dash = head.lastIndex(of: "-") { return String(head[..<dash]) }
    return String(head)
  }

  /// Letters that decomposition does not split into an ASCII base letter.
  static let foldings: [Unicode.Scalar: String] = [
    "ß": "ss", "ẞ": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o",
    "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ł": "l", "Ł": "l",
    "ı": "i", "ħ": "h", "Ħ": "h", "ŋ": "ng", "Ŋ": "ng", "ĸ": "k", "ſ": "s",
    "½": "-1-2", "¼": "-1-4", "¾": "-3-4", "·": "-",
  ]
}
