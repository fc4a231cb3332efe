/// Reads TOML 1.0 documents.
///
/// ```swift
/// let table = try TOMLParser.parse("title = \"Heat\"\nyear = 1995\n")
/// table["year"]  // .integer(1995)
/// ```
public struct TOMLParser {
  /// How deeply tables and arrays may nest, counting each table of a dotted key or header.
  /// A document that nests deeper is refused rather than risk running out of stack.
  public static let maximumDepth = 128

  /// Reads a whole document.
  /// - Throws: ``TOMLError`` at the first place the text is not valid TOML.
  public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
    try parse(Array(text.utf8))
  }

  /// Reads a whole document from its UTF-8 bytes.
  /// - Throws: ``TOMLError`` when the bytes are not UTF-8 or not valid TOML.
  public static func parse(_ bytes: some Sequence<UInt8>) throws(TOMLError) -> TOMLTable {
    var parser = TOMLParser(bytes: Array(bytes))
    return try parser.parseDocument()
  }

  let bytes: [UInt8]
  var offset = 0
  private var locator: SourceLocator

  private init(bytes: [UInt8]) {
    self.bytes = bytes
    self.locator = SourceLocator(bytes: bytes)
  }

  // MARK: - Reading bytes

  /// The byte `ahead` bytes past the current one, or `nil` past the end.
  func peek(_ ahead: Int = 0) -> UInt8? {
    let index = offset + ahead
    return index < bytes.count ? bytes[index] : nil
  }

  func peek(is ascii: Unicode.Scalar, _ ahead: Int = 0) -> Bool {
    peek(ahead) == UInt8(ascii: ascii)
  }

  mutating func position(at target: Int) -> TOMLPosition {
    locator.position(at: target)
  }

  mutating func error(_ message: String, at target: Int) -> TOMLError {
    TOMLError(at: position(at: target), message)
  }

  mutating func skipWhitespace() {
    while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
      offset += 1
    }
  }

  /// Reads a line feed or a CR LF pair; returns false, reading nothing, when neither is next.
  mutating func readNewline() throws(TOMLError) -> Bool {
    if peek(is: "\n") {
      offset += 1
      return true
    }
    guard peek(is: "\r") else { return false }
    guard peek(is: "\n", 1) else {
      throw error("a carriage return must be followed by a line feed", at: offset)
    }
    offset += 2
    return true
  }

  /// Reads a comment from its `#` up to, not including, the end of the line.
  mutating func skipComment() throws(TOMLError) {
    offset += 1
    while let byte = peek(), byte != UInt8(ascii: "\n") {
      if byte == UInt8(ascii: "\r") && peek(is: "\n", 1) { return }
      if isControl(byte) && byte != UInt8(ascii: "\t") {
        throw error("\(describeControl(byte)) is not allowed in a comment", at: offset)
      }
      offset += 1
    }
  }

  /// Reads spaces, tabs, comments and newlines, as allowed between the elements of an array.
  mutating func skipWhitespaceCommentsAndNewlines() throws(TOMLError) {
    while true {
      skipWhitespace()
      if peek(is: "#") {
        try skipComment()
      } else if try !readNewline() {
        return
      }
    }
  }

  /// Reads what may follow a value or a header on its line: spaces, a comment, the newline.
  private mutating func readEndOfLine(after what: String) throws(TOMLError) {
    skipWhitespace()
    if peek(is: "#") { try skipComment() }
    guard peek() != nil else { return }
    guard try readNewline() else {
      throw error("expected a newline after \(what)", at: offset)
    }
  }

  // MARK: - The document

  private mutating func parseDocument() throws(TOMLError) -> TOMLTable {
    if let invalid = firstInvalidUTF8Offset(in: bytes) {
      let byte = "0x" + digits(Int(bytes[invalid]), 2, radix: 16)
      throw error("invalid UTF-8 byte \(byte)", at: invalid)
    }
    // "A TOML file must be a valid UTF-8 encoded Unicode document", which may start with
    // a byte order mark; elsewhere U+FEFF is an ordinary character.
    if startsWithByteOrderMark(bytes) { offset = 3 }
    let root = TableBuilder(
      origin: .header, position: TOMLPosition(line: 1, column: 1), depth: 0)
    var section = root
    while true {
      skipWhitespace()
      guard let byte = peek() else { break }
      switch byte {
      case UInt8(ascii: "#"):
        try skipComment()
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        _ = try readNewline()
      case UInt8(ascii: "["):
        section = try parseHeader(in: root)
        try readEndOfLine(after: "a table header")
      default:
        try parseKeyValue(into: section)
        try readEndOfLine(after: "a value")
      }
    }
    return root.build()
  }

  /// Reads `[key]` or `[[key]]` and returns the table that the following lines fill.
  private mutating func parseHeader(in root: TableBuilder) throws(TOMLError) -> TableBuilder {
    let start = offset
    let header = position(at: start)
    let isArray = peek(is: "[", 1)
    offset += isArray ? 2 : 1
    skipWhitespace()
    let key = try parseKey()
    skipWhitespace()
    if isArray {
      guard peek(is: "]"), peek(is: "]", 1) else {
        throw error("expected \"]]\" after the key of an array of tables", at: offset)
      }
      offset += 2
      return try root.appendTable(key, header: header)
    }
    guard peek(is: "]") else {
      throw error("expected \"]\" after the key of a table header", at: offset)
    }
    offset += 1
    return try root.defineTable(key, header: header)
  }

  /// Reads `key = value` and adds it to `table`.
  mutating func parseKeyValue(into table: TableBuilder) throws(TOMLError) {
    let key = try parseKey()
    if let first = key.first {
      // The tables of a dotted key; the value is checked when read, if it is a container.
      try TableBuilder.checkDepth(table.depth + key.count - 1, at: first.position)
    }
    skipWhitespace()
    guard peek(is: "=") else { throw error("expected \"=\" after a key", at: offset) }
    offset += 1
    skipWhitespace()
    let valuePosition = position(at: offset)
    let value = try parseValue(depth: table.depth + key.count)
    try table.insert(value, at: key, valuePosition: valuePosition)
  }

  // MARK: - Keys

  /// Reads a simple or dotted key, with any spaces around its dots.
  mutating func parseKey() throws(TOMLError) -> [KeyPart] {
    var parts = [try parseKeyPart()]
    while true {
      let beforeSpace = offset
      skipWhitespace()
      guard peek(is: ".") else {
        offset = beforeSpace
        return parts
      }
      offset += 1
      skipWhitespace()
      parts.append(try parseKeyPart())
    }
  }

  private mutating func parseKeyPart() throws(TOMLError) -> KeyPart {
    let start = offset
    let position = position(at: start)
    switch peek() {
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      if peek(1) == peek() && peek(2) == peek() {
        throw error("a multi-line string cannot be a key", at: start)
      }
      return KeyPart(text: try parseString(), position: position)
    case let byte? where isBareKeyByte(byte):
      while let byte = peek(), isBareKeyByte(byte) { offset += 1 }
      return KeyPart(
        text: String(decoding: bytes[start..<offset], as: UTF8.self), position: position)
    default:
      throw error("expected a key", at: start)
    }
  }
}

/// Whether the byte is a control character: U+0000 to U+001F, or U+007F.
func isControl(_ byte: UInt8) -> Bool {
  byte < 0x20 || byte == 0x7F
}

/// `control character U+0007`, or the name of the newline characters.
func describeControl(_ byte: UInt8) -> String {
  switch byte {
  case UInt8(ascii: "\n"): return "a newline"
  case UInt8(ascii: "\r"): return "a carriage return"
  default: return "control character U+" + digits(Int(byte), 4, radix: 16)
  }
}
