/// The four string forms: basic `"…"`, multi-line basic `"""…"""`, literal `'…'` and
/// multi-line literal `'''…'''`.
extension TOMLParser {
  /// Reads a string of any form, starting at its opening quote.
  mutating func parseString() throws(TOMLError) -> String {
    let quote = bytes[offset]
    let isMultiline = peek(1) == quote && peek(2) == quote
    var content: [UInt8] = []
    if isMultiline {
      try readMultilineString(quote: quote, into: &content)
    } else {
      try readSingleLineString(quote: quote, into: &content)
    }
    return String(decoding: content, as: UTF8.self)
  }

  private mutating func readSingleLineString(quote: UInt8, into content: inout [UInt8])
    throws(TOMLError)
  {
    let start = offset
    offset += 1
    var segment = offset
    while true {
      guard let byte = peek() else { throw error("unterminated string", at: start) }
      switch byte {
      case quote:
        content += bytes[segment..<offset]
        offset += 1
        return
      case UInt8(ascii: "\\") where quote == UInt8(ascii: "\""):
        content += bytes[segment..<offset]
        try readEscape(into: &content, stringStart: start)
        segment = offset
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        throw error("unterminated string", at: start)
      case _ where isControl(byte) && byte != UInt8(ascii: "\t"):
        throw error("\(describeControl(byte)) is not allowed in a string", at: offset)
      default:
        offset += 1
      }
    }
  }

  /// Reads a multi-line string. A newline right after the opening quotes is dropped, CR LF
  /// becomes LF, and up to two quotes just before the closing ones belong to the content.
  private mutating func readMultilineString(quote: UInt8, into content: inout [UInt8])
    throws(TOMLError)
  {
    let start = offset
    offset += 3
    _ = try readNewline()
    var segment = offset
    while true {
      guard let byte = peek() else { throw error("unterminated string", at: start) }
      switch byte {
      case quote:
        var run = 1
        while run < 5 && peek(run) == quote { run += 1 }
        guard run >= 3 else {
          offset += run
          continue
        }
        content += bytes[segment..<(offset + run - 3)]
        offset += run
        return
      case UInt8(ascii: "\\") where quote == UInt8(ascii: "\""):
        content += bytes[segment..<offset]
        if try !skipLineEndingBackslash() {
          try readEscape(into: &content, stringStart: start)
        }
        segment = offset
      case UInt8(ascii: "\r"):
        guard peek(is: "\n", 1) else {
          throw error("a carriage return must be followed by a line feed", at: offset)
        }
        content += bytes[segment..<offset]
        content.append(UInt8(ascii: "\n"))
        offset += 2
        segment = offset
      case UInt8(ascii: "\n"), UInt8(ascii: "\t"):
        offset += 1
      case _ where isControl(byte):
        throw error("\(describeControl(byte)) is not allowed in a string", at: offset)
      default:
        offset += 1
      }
    }
  }

  /// At a backslash in a multi-line basic string: when only spaces or tabs follow it on its
  /// line, skips it and all whitespace and newlines after it, and returns true.
  private mutating func skipLineEndingBackslash() throws(TOMLError) -> Bool {
    var ahead = 1
    while peek(is: " ", ahead) || peek(is: "\t", ahead) { ahead += 1 }
    guard peek(is: "\n", ahead) || (peek(is: "\r", ahead) && peek(is: "\n", ahead + 1)) else {
      return false
    }
    offset += ahead
    while true {
      skipWhitespace()
      guard try readNewline() else { return true }
    }
  }

  /// Reads an escape sequence, from its backslash, and appends the character it stands for.
  private mutating func readEscape(into content: inout [UInt8], stringStart: Int)
    throws(TOMLError)
  {
    let start = offset
    offset += 1
    guard let letter = peek() else { throw error("unterminated string", at: stringStart) }
    offset += 1
    switch letter {
    case UInt8(ascii: "b"): content.append(0x08)
    case UInt8(ascii: "t"): content.append(0x09)
    case UInt8(ascii: "n"): content.append(0x0A)
    case UInt8(ascii: "f"): content.append(0x0C)
    case UInt8(ascii: "r"): content.append(0x0D)
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): content.append(letter)
    case UInt8(ascii: "u"): try readUnicodeEscape(digitCount: 4, from: start, into: &content)
    case UInt8(ascii: "U"): try readUnicodeEscape(digitCount: 8, from: start, into: &content)
    default:
      offset -= 1
      throw error(invalidEscapeMessage(), at: start)
    }
  }

  /// `invalid escape "\q"`, for the character at the current offset.
  private func invalidEscapeMessage() -> String {
    var end = offset + 1
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    let text = String(decoding: bytes[offset..<end], as: UTF8.self)
    guard let byte = peek(), !isControl(byte), byte != UInt8(ascii: " ") else {
      let code = peek().map { "U+" + digits(Int($0), 4, radix: 16) } ?? "nothing"
      return "invalid escape: \"\\\" followed by \(code)"
    }
    return "invalid escape \"\\\(text)\""
  }

  private mutating func readUnicodeEscape(
    digitCount: Int, from start: Int, into content: inout [UInt8]
  ) throws(TOMLError) {
    var value: UInt32 = 0
    for _ in 0..<digitCount {
      guard let byte = peek(), let digit = hexDigitValue(byte) else {
        let letter = digitCount == 4 ? "u" : "U"
        throw error("escape \"\\\(letter)\" needs \(digitCount) hex digits", at: start)
      }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    guard let scalar = Unicode.Scalar(value) else {
      let written = String(decoding: bytes[start..<offset], as: UTF8.self)
      throw error("escape \"\(written)\" is not a Unicode scalar value", at: start)
    }
    UTF8.encode(scalar) { content.append($0) }
  }
}

/// The value of an ASCII hex digit, either case.
func hexDigitValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
  default: return nil
  }
}
