import TOML
import Testing

@Suite struct ArrayAndInlineTableTests {
  @Test func arraysMayMixKindsAndNest() throws {
    let table = try TOMLParser.parse("a = [1, 'two', [3.0, [true]], {four = 4}, []]")
    #expect(table == ["a": [1, "two", [3.0, [true]], ["four": 4], []]])
  }

  @Test func arraysMaySpanLinesWithCommentsAndATrailingComma() throws {
    let table = try TOMLParser.parse("a = [ # start\n  1,\r\n  # between\n  2, # after\n]\n")
    #expect(table == ["a": [1, 2]])
  }

  @Test func inlineTablesMayUseDottedKeysAndNest() throws {
    let table = try TOMLParser.parse("p = { name.first = 'Tom', name.last = 'P', pt = { x = 1 } }")
    #expect(table == ["p": ["name": ["first": "Tom", "last": "P"], "pt": ["x": 1]]])
  }

  @Test func valuesInsideAnInlineTableMaySpanLines() throws {
    let table = try TOMLParser.parse("t = { s = '''a\nb''', a = [\n1,\n] }")
    #expect(table == ["t": ["s": "a\nb", "a": [1]]])
  }

  @Test(arguments: [
    ("a = [", error(1, 5, "unterminated array")),
    ("a = [1", error(1, 5, "unterminated array")),
    ("a = [1 2]", error(1, 8, "expected \",\" or \"]\" after an array element")),
    ("a = [,]", error(1, 6, "expected a value")),
    ("a = [1,,2]", error(1, 8, "expected a value")),
    ("a = {", error(1, 5, "unterminated inline table")),
    ("a = {b = 1", error(1, 5, "unterminated inline table")),
    ("a = {b = 1,}", error(1, 12, "an inline table cannot end with a comma")),
    ("a = {,}", error(1, 6, "expected a key")),
    ("a = {b = 1\n}", error(1, 11, "an inline table must be on a single line")),
    ("a = {\nb = 1}", error(1, 6, "an inline table must be on a single line")),
    ("a = {b = 1 c = 2}", error(1, 12, "expected \",\" or \"}\" after a value in an inline table")),
    ("a = {b = 1 # c\n}", error(1, 12, "expected \",\" or \"}\" after a value in an inline table")),
    ("a = {b}", error(1, 7, "expected \"=\" after a key")),
  ])
  func malformedContainersAreRefused(document: String, expected: TOMLError) {
    #expect(parseError(document) == expected)
  }
}
