import TOML
import Testing

@Suite struct KeyTests {
  @Test func bareQuotedAndLiteralKeysNameTheirText() throws {
    let table = try TOMLParser.parse(
      "bare-key_1 = 1\n\"quoted \\u00E9\" = 2\n'C:\\literal' = 3\n1234 = 4\n")
    #expect(table.keys == ["bare-key_1", "quoted é", "C:\\literal", "1234"])
  }

  @Test func emptyQuotedKeysAreAllowed() throws {
    #expect(try TOMLParser.parse("\"\" = 1") == ["": 1])
    #expect(try TOMLParser.parse("'' = 1") == ["": 1])
  }

  @Test func dottedKeysMakeNestedTables() throws {
    let table = try TOMLParser.parse("site . \"name\" .'x' = 1\nsite.other = 2")
    #expect(table == ["site": ["name": ["x": 1], "other": 2]])
  }

  @Test func wordsAndNumbersAreBareKeys() throws {
    let table = try TOMLParser.parse("true = 1\ninf = 2\n3.14 = 3")
    #expect(table == ["true": 1, "inf": 2, "3": ["14": 3]])
  }

  @Test func quotedAndBareSpellingsAreTheSameKey() {
    #expect(parseError("a = 1\n\"a\" = 2") == error(2, 1, "duplicate key \"a\""))
  }

  /// TOML does not normalize keys, so a precomposed "é" and "e" with a combining accent
  /// are two keys, though Swift's `==` calls the strings equal.
  @Test func keysDifferingOnlyInNormalizationAreDifferentKeys() throws {
    let table = try TOMLParser.parse("\"\u{E9}\" = 1\n\"e\u{301}\" = 2")
    #expect(table.count == 2)
    #expect(table["\u{E9}"] == 1)
    #expect(table["e\u{301}"] == 2)
  }

  @Test(arguments: [
    ("= 1", error(1, 1, "expected a key")),
    ("a", error(1, 2, "expected \"=\" after a key")),
    ("a b = 1", error(1, 3, "expected \"=\" after a key")),
    ("a. = 1", error(1, 4, "expected a key")),
    (".a = 1", error(1, 1, "expected a key")),
    ("a..b = 1", error(1, 3, "expected a key")),
    ("é = 1", error(1, 1, "expected a key")),
    ("\"\"\"a\"\"\" = 1", error(1, 1, "a multi-line string cannot be a key")),
    ("a\n= 1", error(1, 2, "expected \"=\" after a key")),
    ("a =", error(1, 4, "expected a value")),
    ("a = 1 b = 2", error(1, 7, "expected a newline after a value")),
  ])
  func malformedKeysAreRefused(document: String, expected: TOMLError) {
    #expect(parseError(document) == expected)
  }
}
