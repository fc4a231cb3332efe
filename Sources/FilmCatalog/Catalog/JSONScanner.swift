/// The JSON grammar (RFC 8259), read token by token from UTF-8 bytes.
///
/// It is the one reading of JSON's syntax: ``FilmJSONReader`` builds films
/// with it, and ``JSONSyntaxChecker`` runs it over a whole document to name
/// the first fault. Every fault is a ``JSONSyntaxError`` at the offset of the
/// byte where it is, so the two can never disagree about what is valid.
///
/// Containers are read in steps, so that a caller decides what each member
/// is: ``open(depth:)``, then for an object ``key()`` before each value, and
/// ``next(close:)`` after it.
struct JSONScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  /// The offset of the next byte to read.
  var index: Int
  /// Containers may be nested this deep, as Foundation's decoder allows.
  static let maximumDepth = 512

  init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int = 0) {
    self.bytes = bytes
    self.index = index
  }

  /// A string's contents (between its quotes), still escaped.
  struct StringToken {
    let contents: Range<Int>
    /// The offset of the first backslash, if there is one.
    let firstEscape: Int?
  }

  /// A number's text, and whether it is a plain integer (no fraction or exponent).
  struct NumberToken {
    let text: Range<Int>
    let isInteger: Bool
  }

  var isAtEnd: Bool { index >= bytes.count }

  func peek() -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  /// A fault at the current offset.
  func error(_ problem: JSONSyntaxError.Problem) -> JSONSyntaxError {
    JSONSyntaxError(offset: index, problem: problem)
  }

  mutating func skipWhitespace() {
    while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  // MARK: Any value

  /// Skips a value, checking all of it; `depth` is the number of containers around it.
  mutating func skipValue(depth: Int) throws(JSONSyntaxError) {
    guard let byte = peek() else { throw error(.unexpectedEndOfFile) }
    switch byte {
    case UInt8(ascii: "{"):
      guard try open(depth: depth) else { return }
      repeat {
        _ = try key()
        try skipValue(depth: depth + 1)
      } while try next(close: UInt8(ascii: "}"))
    case UInt8(ascii: "["):
      guard try open(depth: depth) else { return }
      repeat { try skipValue(depth: depth + 1) } while try next(close: UInt8(ascii: "]"))
    case UInt8(ascii: "\""): _ = try string()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default: throw error(.unexpected(byte))
    }
  }

  // MARK: Containers

  /// Reads the `{` or `[` at the current offset and the white space after
  /// it: true when a member follows, false when the container was empty
  /// (its closing bracket is read too).
  mutating func open(depth: Int) throws(JSONSyntaxError) -> Bool {
    guard depth < Self.maximumDepth else { throw error(.nestedTooDeeply) }
    let close = bytes[index] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
    index += 1
    skipWhitespace()
    guard peek() == close else { return true }
    index += 1
    return false
  }

  /// An object member's key, the `:` after it and the white space around it.
  mutating func key() throws(JSONSyntaxError) -> StringToken {
    guard peek() == UInt8(ascii: "\"") else { throw error(.expectedKey) }
    let key = try string()
    skipWhitespace()
    guard peek() == UInt8(ascii: ":") else { throw error(.expectedColon) }
    index += 1
    skipWhitespace()
    return key
  }

  /// After a member or element: true after a `,` (and white space), when
  /// another follows; false after the closing bracket `close`.
  mutating func next(close: UInt8) throws(JSONSyntaxError) -> Bool {
    skipWhitespace()
    guard let byte = peek() else { throw error(.unexpectedEndOfFile) }
    index += 1
    if byte == UInt8(ascii: ",") {
      skipWhitespace()
      return true
    }
    guard byte == close else {
      index -= 1
      throw error(.expectedCommaOr(close))
    }
    return false
  }

  // MARK: Scalars

  /// Reads the literal `word` (`true`, `false` or `null`).
  mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
    for offset in 0..<word.utf8CodeUnitCount {
      guard let byte = peek() else { throw error(.unexpectedEndOfFile) }
      guard byte == word.utf8Start[offset] else { throw error(.unexpected(byte)) }
      index += 1
    }
  }

  /// Reads a number, checking its syntax.
  mutating func number() throws(JSONSyntaxError) -> NumberToken {
    let start = index
    if peek() == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = skipDigits()
    guard integerDigits > 0 else { throw error(.invalidNumber) }
    if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
      index = integerStart
      throw error(.leadingZero)
    }
    var isInteger = true
    if peek() == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard skipDigits() > 0 else { throw error(.invalidNumber) }
    }
    if let byte = peek(), byte | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
      guard skipDigits() > 0 else { throw error(.invalidNumber) }
    }
    return NumberToken(text: start..<index, isInteger: isInteger)
  }

  private mutating func skipDigits() -> Int {
    let start = index
    while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
    return index - start
  }

  /// Reads a string at its opening quote, checking its escapes.
  mutating func string() throws(JSONSyntaxError) -> StringToken {
    let start = index
    index += 1
    var firstEscape: Int?
    let end = bytes.count
    while true {
      index = Self.endOfPlainRun(in: bytes, from: index)
      guard index < end else { break }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return StringToken(contents: start + 1..<index - 1, firstEscape: firstEscape)
      }
      guard byte == UInt8(ascii: "\\") else { throw error(.controlCharacter) }
      if firstEscape == nil { firstEscape = index }
      try skipEscape()
    }
    index = start
    throw error(.unterminatedString)
  }

  /// The offset of the first byte from `start` on that ends a run of a
  /// string's plain bytes (a quote, a backslash or a control character);
  /// the end of `bytes` when none does.
  ///
  /// A catalog's overviews are long runs, so eight bytes are looked at
  /// together while none of them ends the run, and the last few one at a
  /// time, as ``endOfPlainRunByteByByte(in:from:)`` looks at all of them.
  static func endOfPlainRun(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var offset = start
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while offset + 8 <= bytes.count {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        if Self.mayEndAPlainRun(word) { break }
        offset += 8
      }
    }
    return endOfPlainRunByteByByte(in: bytes, from: offset)
  }

  /// ``endOfPlainRun(in:from:)`` one byte at a time: the reference it is held to.
  static func endOfPlainRunByteByByte(in bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Int
  {
    var offset = start
    while offset < bytes.count, bytes[offset] >= 0x20, bytes[offset] != UInt8(ascii: "\""),
      bytes[offset] != UInt8(ascii: "\\")
    {
      offset += 1
    }
    return offset
  }

  /// Whether one of the eight bytes of `word` is a quote, a backslash or a
  /// control character (below 0x20). Never false when one is; true for no
  /// other word.
  private static func mayEndAPlainRun(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    /// A byte of `word` below `limit` (at most 0x80) sets its high bit here, and no other byte can
    /// unless a byte before it did: the subtraction borrows only past such a byte.
    func below(_ limit: UInt8, _ word: UInt64) -> UInt64 {
      (word &- ones &* UInt64(limit)) & ~word & highBits
    }
    let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    return below(0x20, word) | below(1, quotes) | below(1, backslashes) != 0
  }

  /// The text of a string read by ``string()``, its escapes decoded.
  func text(of token: StringToken) -> String {
    guard let firstEscape = token.firstEscape else {
      return String(
        decoding: UnsafeBufferPointer(rebasing: bytes[token.contents]), as: UTF8.self)
    }
    var text = Array(bytes[token.contents.lowerBound..<firstEscape])
    var offset = firstEscape
    while offset < token.contents.upperBound {
      let byte = bytes[offset]
      offset += 1
      guard byte == UInt8(ascii: "\\") else {
        text.append(byte)
        continue
      }
      let escaped = bytes[offset]
      offset += 1
      switch escaped {
      case UInt8(ascii: "b"): text.append(0x08)
      case UInt8(ascii: "f"): text.append(0x0C)
      case UInt8(ascii: "n"): text.append(0x0A)
      case UInt8(ascii: "r"): text.append(0x0D)
      case UInt8(ascii: "t"): text.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = hexValue(at: offset)
        offset += 4
        if (0xD800...0xDBFF).contains(scalar) {
          // ``string()`` has checked that a low surrogate's escape follows.
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hexValue(at: offset + 2) - 0xDC00)
          offset += 6
        }
        UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { text.append($0) }
      default: text.append(escaped)
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The value of the four hex digits at `offset`, which ``string()`` has checked.
  private func hexValue(at offset: Int) -> UInt32 {
    (offset..<offset + 4).reduce(0) { $0 << 4 | (Self.hexValue(bytes[$1]) ?? 0) }
  }

  /// Reads the escape at the backslash at the current offset. At the end
  /// of the bytes it reads only the backslash, leaving the string unterminated.
  private mutating func skipEscape() throws(JSONSyntaxError) {
    let escapeStart = index
    index += 1
    guard let escaped = peek() else { return }
    switch escaped {
    case UInt8(ascii: "u"):
      let value = try hexQuad()
      if (0xDC00...0xDFFF).contains(value) {
        index = escapeStart
        throw error(.loneLowSurrogate)
      }
      if (0xD800...0xDBFF).contains(value) {
        var low: UInt32?
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        {
          index += 1
          low = try hexQuad()
        }
        guard let low, (0xDC00...0xDFFF).contains(low) else {
          index = escapeStart
          throw error(.loneHighSurrogate)
        }
      }
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      index += 1
    default:
      throw error(.invalidEscape)
    }
  }

  /// The four hex digits after the `u` at the current offset, which it reads past.
  private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for offset in 1...4 {
      guard index + offset < bytes.count, let digit = Self.hexValue(bytes[index + offset]) else {
        index += offset
        throw error(.invalidUnicodeEscape)
      }
      value = value << 4 | digit
    }
    index += 5
    return value
  }

  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }
}
