import TOML
import Testing

/// Where keys, values and tables were written, so that a config reader can point at them.
@Suite struct PositionTests {
  private func at(_ line: Int, _ column: Int) -> TOMLPosition {
    TOMLPosition(line: line, column: column)
  }

  @Test func keyAndValuePositionsOfAKeyValuePair() throws {
    let table = try TOMLParser.parse("\n  title =  'Heat'\n")
    let entry = try #require(table.entry(forKey: "title"))
    #expect(entry.keyPosition == at(2, 3))
    #expect(entry.valuePosition == at(2, 12))
  }

  @Test func eachPartOfADottedKeyHasItsOwnPosition() throws {
    let table = try TOMLParser.parse("site.name = 1")
    let site = try #require(table.entry(forKey: "site"))
    #expect(site.keyPosition == at(1, 1))
    let name = try #require(site.value.tableValue?.entry(forKey: "name"))
    #expect(name.keyPosition == at(1, 6))
    #expect(name.valuePosition == at(1, 13))
  }

  @Test func tablesDefinedByHeadersPointAtTheHeader() throws {
    let table = try TOMLParser.parse("[a.b]\nx = 1\n\n [ a ]\ny = 2")
    let a = try #require(table.entry(forKey: "a"))
    #expect(a.keyPosition == at(4, 4))
    #expect(a.valuePosition == at(4, 2))
    #expect(a.value.tableValue?.position == at(4, 2))
    let b = try #require(a.value.tableValue?.entry(forKey: "b"))
    #expect(b.keyPosition == at(1, 4))
    #expect(b.valuePosition == at(1, 1))
  }

  @Test func eachTableOfAnArrayOfTablesPointsAtItsHeader() throws {
    let table = try TOMLParser.parse("[[film]]\n\n[[film]]\n")
    let entry = try #require(table.entry(forKey: "film"))
    #expect(entry.valuePosition == at(1, 1))
    let positions = entry.value.arrayValue?.compactMap { $0.tableValue?.position }
    #expect(positions == [at(1, 1), at(3, 1)])
  }

  @Test func inlineTablesPointAtTheirBrace() throws {
    let table = try TOMLParser.parse("p = { x = 1 }")
    #expect(table["p"]?.tableValue?.position == at(1, 5))
    #expect(table["p"]?.tableValue?.entry(forKey: "x")?.keyPosition == at(1, 7))
  }

  @Test func columnsCountUnicodeScalars() throws {
    let table = try TOMLParser.parse("'é🎬\te\u{301}' = 1 # é\nk = 2")
    #expect(table.entry(forKey: "é🎬\te\u{301}")?.valuePosition == at(1, 11))
    #expect(parseError("'é🎬' = 1 x") == error(1, 10, "expected a newline after a value"))
  }

  @Test func crlfLineEndingsCountAsOneLine() throws {
    let table = try TOMLParser.parse("a = 1\r\nb = 2\r\n")
    #expect(table.entry(forKey: "b")?.keyPosition == at(2, 1))
  }

  @Test func keysKeepDocumentOrder() throws {
    let table = try TOMLParser.parse("z = 1\na = 2\n[m]\n[b]")
    #expect(table.keys == ["z", "a", "m", "b"])
  }

  @Test func errorsPrintAsLineColonColonMessage() {
    let parsed = parseError("a = 1\na = 2")
    #expect(parsed?.description == "2:1: duplicate key \"a\"")
  }
}
