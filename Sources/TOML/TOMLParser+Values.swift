/// Values: which form starts at a byte, and the two containers, arrays and inline tables.
extension TOMLParser {
  /// Reads a value of any kind.
  /// - Parameter depth: How many tables and arrays hold the value; containers deeper than
  ///   ``maximumDepth`` are refused.
  mutating func parseValue(depth: Int) throws(TOMLError) -> TOMLValue {
    guard let byte = peek() else { throw error("expected a value", at: offset) }
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return .string(try parseString())
    case UInt8(ascii: "["):
      return try parseArray(depth: depth)
    case UInt8(ascii: "{"):
      return try parseInlineTable(depth: depth)
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"),
      UInt8(ascii: "i"), UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "f"):
      return try parseBareValue()
    default:
      throw error("expected a value", at: offset)
    }
  }

  /// Reads a boolean, a number or a date-time: a run of the characters those may contain.
  private mutating func parseBareValue() throws(TOMLError) -> TOMLValue {
    let start = offset
    while let byte = peek(), isBareValueByte(byte) { offset += 1 }
    // A date and a time may be separated by a space: `1979-05-27 07:32:00`.
    if offset - start == 10, bytes[start + 4] == UInt8(ascii: "-"), peek(is: " "),
      let first = peek(1), let second = peek(2), isDigit(first), isDigit(second),
      peek(is: ":", 3)
    {
      offset += 1
      while let byte = peek(), isBareValueByte(byte) { offset += 1 }
    }
    let token = bytes[start..<offset]
    if token.elementsEqual("true".utf8) { return .boolean(true) }
    if token.elementsEqual("false".utf8) { return .boolean(false) }
    let looksLikeDate =
      token.count >= 5 && token.prefix(4).allSatisfy(isDigit)
      && token[start + 4] == UInt8(ascii: "-")
    let text = String(decoding: token, as: UTF8.self)
    if looksLikeDate || token.contains(UInt8(ascii: ":")) {
      guard let value = try parseDateTime(token, at: start) else {
        throw error("invalid date-time \"\(text)\"", at: start)
      }
      return value
    }
    guard let value = try parseNumber(token, at: start) else {
      let isWord = bytes[start] == UInt8(ascii: "t") || bytes[start] == UInt8(ascii: "f")
      throw error("invalid \(isWord ? "value" : "number") \"\(text)\"", at: start)
    }
    return value
  }

  private mutating func parseArray(depth: Int) throws(TOMLError) -> TOMLValue {
    let start = offset
    try TableBuilder.checkDepth(depth, at: position(at: start))
    offset += 1
    var elements: [TOMLValue] = []
    while true {
      try skipWhitespaceCommentsAndNewlines()
      guard let byte = peek() else { throw error("unterminated array", at: start) }
      if byte == UInt8(ascii: "]") {
        offset += 1
        return .array(elements)
      }
      elements.append(try parseValue(depth: depth + 1))
      try skipWhitespaceCommentsAndNewlines()
      switch peek() {
      case UInt8(ascii: ","):
        offset += 1
      case UInt8(ascii: "]"):
        offset += 1
        return .array(elements)
      case nil:
        throw error("unterminated array", at: start)
      default:
        throw error("expected \",\" or \"]\" after an array element", at: offset)
      }
    }
  }

  private mutating func parseInlineTable(depth: Int) throws(TOMLError) -> TOMLValue {
    let start = offset
    let position = position(at: start)
    try TableBuilder.checkDepth(depth, at: position)
    offset += 1
    let table = TableBuilder(origin: .inline, position: position, depth: depth)
    skipWhitespace()
    if peek(is: "}") {
      offset += 1
      return .table(table.build())
    }
    while true {
      skipWhitespace()
      try checkInlineTableContinues(start: start)
      if peek(is: "}") {
        throw error("an inline table cannot end with a comma", at: offset)
      }
      try parseKeyValue(into: table)
      skipWhitespace()
      try checkInlineTableContinues(start: start)
      switch peek() {
      case UInt8(ascii: ","):
        offset += 1
      case UInt8(ascii: "}"):
        offset += 1
        return .table(table.build())
      default:
        throw error("expected \",\" or \"}\" after a value in an inline table", at: offset)
      }
    }
  }

  private mutating func checkInlineTableContinues(start: Int) throws(TOMLError) {
    switch peek() {
    case nil: throw error("unterminated inline table", at: start)
    case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
      throw error("an inline table must be on a single line", at: offset)
    default: return
    }
  }
}

func isDigit(_ byte: UInt8) -> Bool {
  byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
}

/// Whether the byte may appear in a boolean, a number or a date-time.
private func isBareValueByte(_ byte: UInt8) -> Bool {
  switch byte {
  case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
    UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: ":"):
    return true
  default:
    return false
  }
}
