import TOML

/// Where tomllib (Python 3.11) departs from TOML 1.0, and this parser follows the spec.
enum KnownDivergence: CaseIterable {
  /// TOML 1.0: "If an integer cannot be represented losslessly, an error must be thrown."
  /// tomllib returns Python's unbounded integers instead.
  case integerOutside64Bits
  /// TOML takes RFC 3339 times, whose seconds go to 60 for leap seconds; tomllib's pattern
  /// stops at 59.
  case leapSecond
  /// RFC 3339 years run from 0000; Python's datetime starts at year 1, so tomllib refuses 0000.
  case yearZero
  /// TOML 1.0 documents are "valid UTF-8 encoded Unicode" documents, which may start with a
  /// byte order mark (toml-lang/toml#437; toml-test's valid/utf8-bom-01); tomllib refuses it.
  case leadingByteOrderMark

  /// A document that shows the divergence.
  var example: String {
    switch self {
    case .integerOutside64Bits: return "a = 9223372036854775808"
    case .leapSecond: return "a = 1990-12-31T23:59:60Z"
    case .yearZero: return "a = 0000-01-01"
    case .leadingByteOrderMark: return "\u{FEFF}a = 1"
    }
  }

  /// Whether this divergence accounts for the two outcomes of one document.
  func explains(
    _ document: [UInt8], swift: Tomllib.Outcome, python: Tomllib.Outcome, parsed: TOMLTable?
  ) -> Bool {
    switch (self, swift, python) {
    case (.integerOutside64Bits, .refused(let error), .accepted(let json)):
      return error.contains("integer \"") && error.hasSuffix("is out of range")
        && Self.hasIntegerOutside64Bits(json)
    case (.leapSecond, .accepted, .refused):
      return parsed.map { Self.contains(.table($0)) { $0.second == 60 } } ?? false
    case (.yearZero, .accepted, .refused):
      return parsed.map {
        Self.contains(.table($0)) { _ in
          false
        } year: {
          $0 == 0
        }
      } ?? false
    case (.leadingByteOrderMark, .accepted, .refused):
      return document.starts(with: [0xEF, 0xBB, 0xBF])
    default:
      return false
    }
  }

  private static func hasIntegerOutside64Bits(_ json: String) -> Bool {
    let marker = "{\"type\": \"integer\", \"value\": \""
    return json.split(separator: marker).dropFirst().contains { rest in
      Int64(rest.prefix { $0 != "\"" }) == nil
    }
  }

  /// Whether any time in the value passes `time`, or any date passes `year`.
  private static func contains(
    _ value: TOMLValue, time: (TOMLLocalTime) -> Bool, year: (Int) -> Bool = { _ in false }
  ) -> Bool {
    switch value {
    case .offsetDateTime(let dateTime): return time(dateTime.time) || year(dateTime.date.year)
    case .localDateTime(let dateTime): return time(dateTime.time) || year(dateTime.date.year)
    case .localDate(let date): return year(date.year)
    case .localTime(let local): return time(local)
    case .array(let elements): return elements.contains { contains($0, time: time, year: year) }
    case .table(let table):
      return table.entries.contains { contains($0.value, time: time, year: year) }
    default: return false
    }
  }
}
