import TOML

/// A parsed document as the tagged JSON text that `Fixtures/tomllib_tagged.py` prints for
/// tomllib's result, byte for byte: Python's `json.dumps(…, sort_keys=True,
/// ensure_ascii=True)` of toml-test's `{"type": …, "value": …}` encoding.
///
/// Floats are their bits in hex, or `nan`, so two floats match only when they are the same
/// double. Fractional seconds are cut to microseconds, the precision of Python's datetime.
enum TaggedJSON {
  static func encode(_ table: TOMLTable) -> String {
    var out = ""
    write(.table(table), to: &out)
    return out
  }

  private static func write(_ value: TOMLValue, to out: inout String) {
    switch value {
    case .string(let text): scalar("string", text, to: &out)
    case .integer(let number): scalar("integer", String(number), to: &out)
    case .float(let number):
      let bits = String(number.bitPattern, radix: 16)
      let text = number.isNaN ? "nan" : String(repeating: "0", count: 16 - bits.count) + bits
      scalar("float", text, to: &out)
    case .boolean(let flag): scalar("bool", flag ? "true" : "false", to: &out)
    case .offsetDateTime(let dateTime):
      let minutes = abs(dateTime.offsetMinutes)
      let sign = dateTime.offsetMinutes < 0 ? "-" : "+"
      let offset = sign + pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2)
      scalar(
        "datetime", "\(dateTime.date)T\(microseconds(dateTime.time))\(offset)", to: &out)
    case .localDateTime(let dateTime):
      scalar("datetime-local", "\(dateTime.date)T\(microseconds(dateTime.time))", to: &out)
    case .localDate(let date): scalar("date-local", "\(date)", to: &out)
    case .localTime(let time): scalar("time-local", microseconds(time), to: &out)
    case .array(let elements):
      out += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { out += ", " }
        write(element, to: &out)
      }
      out += "]"
    case .table(let table):
      out += "{"
      // Python sorts keys by code point, which is the order of their UTF-8 bytes.
      let sorted = table.entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      for (index, entry) in sorted.enumerated() {
        if index > 0 { out += ", " }
        out += quoted(entry.key) + ": "
        write(entry.value, to: &out)
      }
      out += "}"
    }
  }

  private static func scalar(_ type: String, _ value: String, to out: inout String) {
    out += "{\"type\": \"\(type)\", \"value\": \(quoted(value))}"
  }

  private static func microseconds(_ time: TOMLLocalTime) -> String {
    let digits = String((time.fraction + "000000").prefix(6))
    return "\(pad(time.hour, 2)):\(pad(time.minute, 2)):\(pad(time.second, 2)).\(digits)"
  }

  private static func pad(_ number: Int, _ width: Int) -> String {
    let text = String(number)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }

  /// A JSON string as Python's `ensure_ascii` writes it: printable ASCII as is, everything
  /// else as `\uXXXX` in lowercase hex, astral scalars as surrogate pairs.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for unit in text.utf16 {
      switch unit {
      case 0x22: out += "\\\""
      case 0x5C: out += "\\\\"
      case 0x0A: out += "\\n"
      case 0x0D: out += "\\r"
      case 0x09: out += "\\t"
      case 0x08: out += "\\b"
      case 0x0C: out += "\\f"
      case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
      default:
        let hex = String(unit, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return out + "\""
  }
}
