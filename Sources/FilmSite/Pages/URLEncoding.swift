/// Percent-encoding for URLs built from untrusted parts.
enum URLEncoding {
  /// Percent-encodes every byte that may not appear literally in a URL
  /// (spaces, quotes, `<`, `>`, `\`, controls, non-ASCII), keeping the
  /// reserved characters and existing `%` escapes as they are.
  static func encodeUnsafeCharacters(_ text: String) -> String {
    guard !text.utf8.allSatisfy(isAllowed) else { return text }
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 16)
    for byte in text.utf8 {
      if isAllowed(byte) {
        out.append(byte)
      } else {
        out.append(UInt8(ascii: "%"))
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 0x0F)])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Letters, digits, `-._~`, the reserved characters and `%`.
  private static func isAllowed(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "-._~:/?#[]@!$&'()*+,;=%".utf8.contains(byte)
    }
  }
}
