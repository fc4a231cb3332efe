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
    bytes.reserveCapacity(2_048)
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
  ///
  /// The literal is written in place and looked through once for the first
  /// character the script's escapes pick; most literals have none (a curly
  /// quote or a dash starts with the same byte as U+2028, but is not it),
  /// and are left as written. Otherwise the literal's bytes from there on
  /// are copied in runs between the escaped characters.
  static func appendString(_ text: String, to bytes: inout [UInt8]) {
    let start = bytes.count
    JSONStringLiteral.append(text, to: &bytes)
    let escaped = bytes.withUnsafeBufferPointer { literal in
      (start..<literal.count).first { scriptEscapeLength(in: literal, at: $0) > 0 }
    }
    guard let first = escaped else { return }
    let literal = Array(bytes[first...])
    bytes.removeSubrange(first...)
    literal.withUnsafeBufferPointer { literal in
      var run = 0
      var index = 0
      while index < literal.count {
        let length = scriptEscapeLength(in: literal, at: index)
        guard length > 0 else {
          index += 1
          continue
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: literal[run..<index]))
        appendEscape(scalarValue(in: literal, at: index, length: length), to: &bytes)
        index += length
        run = index
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: literal[run...]))
    }
  }

  /// The length in bytes of the character at `index` of a literal (valid
  /// UTF-8 with no byte below 0x20, which the literal escapes itself) when
  /// the script's escapes pick it, or 0: `<`, `>` and `&`, U+2028 and
  /// U+2029 (`E2 80 A8` and `E2 80 A9`), and what HTML forbids
  /// (``Escaping/forbiddenLength(in:at:)``). A continuation byte starts none,
  /// nor does the first byte of a letter such as `é` (`C3 A9`).
  private static func scriptEscapeLength(in literal: UnsafeBufferPointer<UInt8>, at index: Int)
    -> Int
  {
    switch literal[index] {
    case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
      return 1
    case 0xE2:
      let isSeparator =
        literal[index + 1] == 0x80 && (literal[index + 2] == 0xA8 || literal[index + 2] == 0xA9)
      return isSeparator ? 3 : 0
    default:
      return Escaping.forbiddenLength(in: literal, at: index)
    }
  }

  /// The scalar value of the `length` bytes of UTF-8 at `index`.
  private static func scalarValue(
    in bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int
  ) -> UInt32 {
    let lead = bytes[index]
    var value: UInt32
    switch length {
    case 1: return UInt32(lead)
    case 2: value = UInt32(lead & 0x1F)
    case 3: value = UInt32(lead & 0x0F)
    default: value = UInt32(lead & 0x07)
    }
    for offset in 1..<length {
      value = (value << 6) | UInt32(bytes[index + offset] & 0x3F)
    }
    return value
  }

  /// Appends `\u` and four hex digits for the scalar `value`, as a surrogate
  /// pair beyond U+FFFF.
  private static func appendEscape(_ value: UInt32, to bytes: inout [UInt8]) {
    guard value > 0xFFFF else {
      appendUnit(UInt16(value), to: &bytes)
      return
    }
    let offset = value - 0x1_0000
    appendUnit(UInt16(0xD800 + (offset >> 10)), to: &bytes)
    appendUnit(UInt16(0xDC00 + (offset & 0x3FF)), to: &bytes)
  }

  private static func appendUnit(_ unit: UInt16, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: #"\u"#.utf8)
    for shift in stride(from: 12, through: 0, by: -4) {
      bytes.append(hexDigits[Int((unit >> UInt16(shift)) & 0xF)])
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
