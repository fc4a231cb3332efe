/// JSON string literals written by hand, as Foundation's `JSONEncoder` writes
/// them: `"` and `\` escaped with a backslash, control characters below
/// U+0020 as `\b`, `\t`, `\n`, `\f`, `\r` or `\u00XX` (lowercase hex), every
/// other character as its UTF-8 bytes. Snapshots and the site's search index
/// write one for every film, where the encoder would be the slowest step.
public enum JSONStringLiteral {
  /// Appends `value` as a JSON string literal, quotes included, to `bytes`;
  /// runs of bytes that need no escape are copied whole.
  public static func append(_ value: String, to bytes: inout [UInt8]) {
    var value = value
    value.withUTF8 { utf8 in
      bytes.append(UInt8(ascii: "\""))
      var start = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard needsEscape(byte) else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        start = index + 1
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
        case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
        case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
        case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
        case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
        case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
        default:
          bytes.append(contentsOf: #"\u00"#.utf8)
          bytes.append(hexDigits[Int(byte >> 4)])
          bytes.append(hexDigits[Int(byte & 0x0F)])
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
      bytes.append(UInt8(ascii: "\""))
    }
  }

  /// `value` as a JSON string literal, quotes included.
  public static func quoted(_ value: String) -> String {
    guard value.utf8.contains(where: needsEscape) else { return "\"" + value + "\"" }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(value.utf8.count + 8)
    append(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
