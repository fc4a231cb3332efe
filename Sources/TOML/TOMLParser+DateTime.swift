/// The four date-time kinds of RFC 3339 that TOML takes: offset date-time, local date-time,
/// local date and local time.
extension TOMLParser {
  /// Reads the date-time that the whole token spells.
  /// - Returns: `nil` when the token is not laid out as a date-time.
  /// - Throws: ``TOMLError`` for a date, time or offset that does not exist.
  mutating func parseDateTime(_ token: ArraySlice<UInt8>, at start: Int)
    throws(TOMLError) -> TOMLValue?
  {
    var reader = FieldReader(text: Array(token))
    let written = String(decoding: token, as: UTF8.self)
    guard reader.text.count >= 10, reader.text[4] == UInt8(ascii: "-") else {
      guard let time = reader.readTime(), reader.isAtEnd else { return nil }
      return .localTime(try checked(time, written, at: start))
    }
    guard let date = reader.readDate() else { return nil }
    guard date.isValid else { throw error("date \"\(written)\" does not exist", at: start) }
    if reader.isAtEnd { return .localDate(date) }
    guard reader.skip(["T", "t", " "]), let readTime = reader.readTime() else { return nil }
    let time = try checked(readTime, written, at: start)
    if reader.isAtEnd {
      return .localDateTime(TOMLLocalDateTime(date: date, time: time))
    }
    var offsetMinutes = 0
    if !reader.skip(["Z", "z"]) {
      let isNegative = reader.peek == UInt8(ascii: "-")
      guard reader.skip(["+", "-"]), let hour = reader.readNumber(digits: 2),
        reader.skip([":"]), let minute = reader.readNumber(digits: 2)
      else { return nil }
      guard hour <= 23, minute <= 59 else {
        throw error("time offset in \"\(written)\" does not exist", at: start)
      }
      offsetMinutes = (hour * 60 + minute) * (isNegative ? -1 : 1)
    }
    guard reader.isAtEnd else { return nil }
    return .offsetDateTime(
      TOMLOffsetDateTime(date: date, time: time, offsetMinutes: offsetMinutes))
  }

  private mutating func checked(_ time: TOMLLocalTime, _ written: String, at start: Int)
    throws(TOMLError) -> TOMLLocalTime
  {
    // RFC 3339 allows second 60 for leap seconds; which minutes have one cannot be checked.
    guard time.hour <= 23, time.minute <= 59, time.second <= 60 else {
      throw error("time \"\(written)\" does not exist", at: start)
    }
    return time
  }
}

/// Reads the fixed-width fields of a date-time token from left to right.
private struct FieldReader {
  let text: [UInt8]
  var index = 0

  var isAtEnd: Bool { index == text.count }
  var peek: UInt8? { index < text.count ? text[index] : nil }

  /// Skips one of the characters if it is next.
  mutating func skip(_ characters: [Unicode.Scalar]) -> Bool {
    guard let byte = peek, characters.contains(where: { UInt8(ascii: $0) == byte }) else {
      return false
    }
    index += 1
    return true
  }

  /// Reads exactly `digits` decimal digits.
  mutating func readNumber(digits: Int) -> Int? {
    guard index + digits <= text.count else { return nil }
    var value = 0
    for byte in text[index..<(index + digits)] {
      guard isDigit(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    index += digits
    return value
  }

  /// `YYYY-MM-DD`, not checked against the calendar.
  mutating func readDate() -> TOMLLocalDate? {
    guard let year = readNumber(digits: 4), skip(["-"]), let month = readNumber(digits: 2),
      skip(["-"]), let day = readNumber(digits: 2)
    else { return nil }
    return TOMLLocalDate(year: year, month: month, day: day)
  }

  /// `HH:MM:SS` and an optional fraction of at least one digit, not checked for range.
  mutating func readTime() -> TOMLLocalTime? {
    guard let hour = readNumber(digits: 2), skip([":"]), let minute = readNumber(digits: 2),
      skip([":"]), let second = readNumber(digits: 2)
    else { return nil }
    var fraction = ""
    if skip(["."]) {
      let start = index
      while let byte = peek, isDigit(byte) { index += 1 }
      guard index > start else { return nil }
      fraction = String(decoding: text[start..<index], as: UTF8.self)
    }
    return TOMLLocalTime(hour: hour, minute: minute, second: second, fraction: fraction)
  }
}
