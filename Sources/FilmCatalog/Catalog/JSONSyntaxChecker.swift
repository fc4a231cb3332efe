/// Finds the first syntax error in a JSON text and where it is.
///
/// Foundation's decoders say only that data "was not valid JSON"; this
/// checker runs after such a failure to name the line and column (both from 1,
/// columns counted in Unicode scalars) so that a user can fix the file.
struct JSONSyntaxChecker {
  struct SyntaxError: Equatable, Error {
    let line: Int
    let column: Int
    let message: String
  }

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0
  private static let maximumDepth = 512

  private init(bytes: [UInt8]) { self.bytes = bytes }

  /// Returns the first syntax error in `bytes`, or `nil` when they are one valid JSON value.
  static func firstError(in bytes: [UInt8]) -> SyntaxError? {
    var checker = JSONSyntaxChecker(bytes: bytes)
    do {
      checker.skipWhitespace()
      try checker.value()
      checker.skipWhitespace()
      if checker.index < bytes.count { throw checker.error("unexpected text after the JSON value") }
      return nil
    } catch let error as SyntaxError {
      return error
    } catch {
      return checker.error("\(error)")
    }
  }

  private mutating func value() throws {
    guard index < bytes.count else { throw error("unexpected end of file") }
    switch bytes[index] {
    case UInt8(ascii: "{"): try container(close: UInt8(ascii: "}"), keyed: true)
    case UInt8(ascii: "["): try container(close: UInt8(ascii: "]"), keyed: false)
    case UInt8(ascii: "\""): try string()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default: throw error("unexpected \(describe(bytes[index]))")
    }
  }

  private mutating func container(close: UInt8, keyed: Bool) throws {
    depth += 1
    guard depth <= Self.maximumDepth else { throw error("nested too deeply") }
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == close {
      index += 1
      depth -= 1
      return
    }
    while true {
      if keyed {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
          throw error("expected a string key")
        }
        try string()
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "expected \":\" after the key")
        skipWhitespace()
      }
      try value()
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of file") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        skipWhitespace()
        continue
      }
      try expect(close, "expected \",\" or \"\(Character(Unicode.Scalar(close)))\"")
      depth -= 1
      return
    }
  }

  private mutating func string() throws {
    let start = index
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { break }
        let escaped = bytes[index]
        if escaped == UInt8(ascii: "u") {
          let escapeStart = index - 1
          let value = try unicodeEscape()
          if (0xDC00...0xDFFF).contains(value) {
            index = escapeStart
            throw error("a low surrogate \\u escape without a high one before it")
          }
          if (0xD800...0xDBFF).contains(value) {
            var low: UInt32?
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            {
              index += 1
              low = try unicodeEscape()
            }
            guard let low, (0xDC00...0xDFFF).contains(low) else {
              index = escapeStart
              throw error("a high surrogate \\u escape without a low one after it")
            }
          }
        } else if Array(#""\/bfnrt"#.utf8).contains(escaped) {
          index += 1
        } else {
          throw error("invalid escape sequence")
        }
      case 0..<0x20:
        throw error("control character in a string (escape it)")
      default:
        index += 1
      }
    }
    index = start
    throw error("unterminated string")
  }

  /// Reads the four hex digits of a `\\u` escape; `index` is at the `u`.
  private mutating func unicodeEscape() throws -> UInt32 {
    var value: UInt32 = 0
    for offset in 1...4 {
      guard index + offset < bytes.count, let digit = bytes[index + offset].hexValue else {
        index += offset
        throw error("invalid \\u escape")
      }
      value = value << 4 | digit
    }
    index += 5
    return value
  }

  private mutating func number() throws {
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0 else { throw error("invalid number") }
    if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
      index = integerStart
      throw error("a number cannot start with 0")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw error("invalid number") }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits() > 0 else { throw error("invalid number") }
    }
  }

  private mutating func digits() -> Int {
    let start = index
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      index += 1
    }
    return index - start
  }

  private mutating func literal(_ word: String) throws {
    for expected in word.utf8 {
      guard index < bytes.count, bytes[index] == expected else {
        throw error("unexpected \(index < bytes.count ? describe(bytes[index]) : "end of file")")
      }
      index += 1
    }
  }

  private mutating func expect(_ byte: UInt8, _ message: String) throws {
    guard index < bytes.count, bytes[index] == byte else { throw error(message) }
    index += 1
  }

  private mutating func skipWhitespace() {
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
    {
      index += 1
    }
  }

  private func describe(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte)
      ? "character \"\(Character(Unicode.Scalar(byte)))\""
      : "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  /// An error at the current position.
  private func error(_ message: String) -> SyntaxError {
    let end = min(index, bytes.count)
    var line = 1
    var lineStart = 0
    for offset in 0..<end where bytes[offset] == 0x0A {
      line += 1
      lineStart = offset + 1
    }
    // Count scalars, not bytes: UTF-8 continuation bytes do not start a column.
    let column = 1 + bytes[lineStart..<end].count { $0 & 0xC0 != 0x80 }
    return SyntaxError(line: line, column: column, message: message)
  }
}

extension UInt8 {
  fileprivate var hexValue: UInt32? {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(self - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(self - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(self - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }
}
