extension Escaping {
  /// Escapes `text` for XML character data or a quoted attribute value, as the
  /// site's XML files (`sitemap.xml`, `feed.xml`) are written: XML's five
  /// predefined entities for `&`, `<`, `>`, `"` and `'`, and no character that
  /// ``isForbidden(_:)`` names.
  ///
  /// Those include every character XML 1.0 does not allow (the C0 controls other
  /// than tab and line breaks, U+FFFE and U+FFFF), so a hostile title cannot
  /// make the file ill-formed. Escaping `>` too keeps `]]>` out of the text.
  static func xml(_ text: String) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.underestimatedCount)
    for scalar in text.unicodeScalars where !isForbidden(scalar) {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
