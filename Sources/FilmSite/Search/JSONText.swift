/// JSON string literals written by hand, since the search index is written for
/// every film and `JSONEncoder` would be the slowest step of a large build.
enum JSONText {
  /// `text` as a JSON string literal, quotes included.
  static func quoted(_ text: String) -> String {
    let needsEscape = text.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
    guard needsEscape else { return "\"" + text + "\"" }
    let hex = Array("0123456789abcdef".unicodeScalars)
    var out = "\""
    out.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          out += "\\u00"
          out.unicodeScalars.append(hex[Int(scalar.value >> 4)])
          out.unicodeScalars.append(hex[Int(scalar.value & 0x0F)])
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
