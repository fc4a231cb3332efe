import FilmSiteSupport

extension JSONValue {
  /// The value as compact JSON text that is safe as the content of a
  /// `<script type="application/ld+json">` element, whatever its strings hold.
  ///
  /// Strings are written as ``JSONStringLiteral`` writes them, then `<`, `>`
  /// and `&` become `\u003c`, `\u003e` and `\u0026`, so no text can end the
  /// element (`</script>`) or open a comment (`<!--`) that would hide its
  /// end; U+2028 and U+2029 become `\u2028` and `\u2029`, which JavaScript
  /// before ES2019 did not allow in a string; and the characters HTML forbids
  /// in a document (``Escaping/isForbidden(_:)``) become `\u` escapes too. A
  /// JSON parser reads every string back exactly as it was.
  var scriptSafeJSON: String {
    var bytes: [UInt8] = []
    append(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The `<script type="application/ld+json">` element holding the value.
  var scriptElement: String {
    #"<script type="application/ld+json">"# + scriptSafeJSON + "</script>"
  }

  private func append(to bytes: inout [UInt8]) {
    switch self {
    case .string(let text):
      Self.appendString(text, to: &bytes)
    case .integer(let number):
      bytes.append(contentsOf: String(number).utf8)
    case .number(let number):
      // Swift writes the shortest text that reads back as the same number,
      // which is valid JSON (`7.8`, `1e-07`); JSON has no infinity or NaN.
      bytes.append(contentsOf: (number.isFinite ? number.description : "null").utf8)
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { bytes.append(UInt8(ascii: ",")) }
        element.append(to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let object):
      bytes.append(UInt8(ascii: "{"))
      for (offset, member) in object.members.enumerated() {
        if offset > 0 { bytes.append(UInt8(ascii: ",")) }
        Self.appendString(member.key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        member.value.append(to: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `text` as a JSON string literal, with the escapes of ``scriptSafeJSON``.
  private static func appendString(_ text: String, to bytes: inout [UInt8]) {
    var literal: [UInt8] = []
    literal.reserveCapacity(text.utf8.count + 2)
    JSONStringLiteral.append(text, to: &literal)
    guard literal.contains(where: mayNeedScriptEscape) else {
      bytes.append(contentsOf: literal)
      return
    }
    for scalar in String(decoding: literal, as: UTF8.self).unicodeScalars {
      if needsScriptEscape(scalar) {
        appendEscape(scalar, to: &bytes)
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
  }

  /// Whether a byte of a string literal may start a character that
  /// ``needsScriptEscape(_:)`` picks: most text has none, and is copied whole.
  private static func mayNeedScriptEscape(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
      || byte == 0x7F || byte >= 0x80
  }

  private static func needsScriptEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "<", ">", "&", "\u{2028}", "\u{2029}": return true
    default: return Escaping.isForbidden(scalar)
    }
  }

  /// Appends `\u` and four hex digits for `scalar`, as a surrogate pair beyond U+FFFF.
  private static func appendEscape(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
    for unit in String(scalar).utf16 {
      let hex = String(unit, radix: 16)
      bytes.append(contentsOf: #"\u"#.utf8)
      bytes.append(contentsOf: String(repeating: "0", count: 4 - hex.count).utf8)
      bytes.append(contentsOf: hex.utf8)
    }
  }
}
