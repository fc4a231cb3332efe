import TOML
import Testing

/// What surrounds the statements: comments, blank lines, line endings, and the encoding.
@Suite struct DocumentTests {
  @Test func emptyAndCommentOnlyDocumentsAreEmptyTables() throws {
    for document in ["", "\n\n", "# comment", "  # comment\r\n\t\n"] {
      #expect(try TOMLParser.parse(document) == [:])
    }
  }

  @Test func commentsMayHoldAnythingButControlCharacters() throws {
    #expect(try TOMLParser.parse("a = 1 #\té 🎬 \"' = [\nb = 2#") == ["a": 1, "b": 2])
  }

  @Test func bytesAndStringsParseAlike() throws {
    let text = "title = \"Heat\"\n"
    #expect(try TOMLParser.parse(Array(text.utf8)) == TOMLParser.parse(text))
  }

  @Test func aLeadingByteOrderMarkIsSkippedAndTakesNoColumn() throws {
    let table = try TOMLParser.parse("\u{FEFF}a = 1")
    #expect(table.entry(forKey: "a")?.keyPosition == TOMLPosition(line: 1, column: 1))
    #expect(parseError("\u{FEFF}a = 1 x") == error(1, 7, "expected a newline after a value"))
  }

  @Test(arguments: [
    ("# \u{1}", error(1, 3, "control character U+0001 is not allowed in a comment")),
    ("a = 1 # \u{7F}", error(1, 9, "control character U+007F is not allowed in a comment")),
    ("# a\rb", error(1, 4, "a carriage return is not allowed in a comment")),
    ("a = 1\r", error(1, 6, "a carriage return must be followed by a line feed")),
    ("a = 1\rb = 2", error(1, 6, "a carriage return must be followed by a line feed")),
    ("\r", error(1, 1, "a carriage return must be followed by a line feed")),
    ("\u{FEFF}\u{FEFF}a = 1", error(1, 1, "expected a key")),
    ("a = 1\n\u{FEFF}b = 2", error(2, 1, "expected a key")),
    ("a = 1\u{C}", error(1, 6, "expected a newline after a value")),
    ("a = @", error(1, 5, "expected a value")),
  ])
  func strayCharactersAreRefused(document: String, expected: TOMLError) {
    #expect(parseError(document) == expected)
  }

  @Test(
    arguments: [
      ([0x61, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22], error(1, 6, "invalid UTF-8 byte 0xFF")),
      ([0x23, 0xC3], error(1, 2, "invalid UTF-8 byte 0xC3")),
      ([0x23, 0xC0, 0xAF], error(1, 2, "invalid UTF-8 byte 0xC0")),
      ([0x23, 0xED, 0xA0, 0x80], error(1, 2, "invalid UTF-8 byte 0xED")),
      ([0x23, 0xF4, 0x90, 0x80, 0x80], error(1, 2, "invalid UTF-8 byte 0xF4")),
      ([0x0A, 0xC3, 0xA9, 0x80], error(2, 2, "invalid UTF-8 byte 0x80")),
    ] as [([UInt8], TOMLError)])
  func invalidUTF8IsRefusedWhereItStarts(bytes: [UInt8], expected: TOMLError) {
    #expect(parseError(bytes) == expected)
  }
}
