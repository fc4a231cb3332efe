import TOML

/// Writes a table as a TOML document: one `"key" = value` line per entry,
/// tables inline, every key and string quoted. It is the simplest form that
/// holds every value, so that reading it back tests the reader alone.
enum TOMLText {
  static func document(_ table: TOMLTable) -> String {
    table.entries.map { quoted($0.key) + " = " + value($0.value) + "\n" }.joined()
  }

  static func value(_ value: TOMLValue) -> String {
    switch value {
    case .string(let text): return quoted(text)
    case .integer(let number): return String(number)
    case .float(let number):
      if number.isNaN { return "nan" }
      if number.isInfinite { return number < 0 ? "-inf" : "inf" }
      // Swift writes the shortest digits that read back as the same double, in a form TOML takes.
      return "\(number)"
    case .boolean(let flag): return flag ? "true" : "false"
    case .offsetDateTime(let date): return date.description
    case .localDateTime(let date): return date.description
    case .localDate(let date): return date.description
    case .localTime(let time): return time.description
    case .array(let items): return "[" + items.map(Self.value).joined(separator: ", ") + "]"
    case .table(let table):
      let entries = table.entries.map { quoted($0.key) + " = " + Self.value($0.value) }
      return "{" + entries.joined(separator: ", ") + "}"
    }
  }

  /// A basic string: quotes, backslashes and control characters escaped.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
