/// Where a JSON text breaks the grammar, and how: what ``JSONScanner`` throws.
///
/// The offset is in bytes; ``JSONSyntaxChecker`` turns it into the line and
/// column a user sees.
struct JSONSyntaxError: Error, Equatable {
  /// The offset of the byte where the fault is (the text's length at its end).
  let offset: Int
  let problem: Problem

  enum Problem: Equatable {
    case unexpectedEndOfFile
    case unexpected(UInt8)
    case textAfterValue
    case nestedTooDeeply
    case expectedKey
    case expectedColon
    /// A member or element not followed by `,` or the container's closing bracket.
    case expectedCommaOr(UInt8)
    case unterminatedString
    case controlCharacter
    case invalidEscape
    case invalidUnicodeEscape
    case loneHighSurrogate
    case loneLowSurrogate
    case invalidNumber
    case leadingZero
  }

  /// The message a user reads after the line and column.
  var message: String {
    switch problem {
    case .unexpectedEndOfFile: return "unexpected end of file"
    case .unexpected(let byte):
      let shown =
        (0x21..<0x7F).contains(byte)
        ? "character \"\(Character(Unicode.Scalar(byte)))\""
        : "byte 0x\(String(byte, radix: 16, uppercase: true))"
      return "unexpected \(shown)"
    case .textAfterValue: return "unexpected text after the JSON value"
    case .nestedTooDeeply: return "nested too deeply"
    case .expectedKey: return "expected a string key"
    case .expectedColon: return "expected \":\" after the key"
    case .expectedCommaOr(let close):
      return "expected \",\" or \"\(Character(Unicode.Scalar(close)))\""
    case .unterminatedString: return "unterminated string"
    case .controlCharacter: return "control character in a string (escape it)"
    case .invalidEscape: return "invalid escape sequence"
    case .invalidUnicodeEscape: return "invalid \\u escape"
    case .loneHighSurrogate: return "a high surrogate \\u escape without a low one after it"
    case .loneLowSurrogate: return "a low surrogate \\u escape without a high one before it"
    case .invalidNumber: return "invalid number"
    case .leadingZero: return "a number cannot start with 0"
    }
  }
}
