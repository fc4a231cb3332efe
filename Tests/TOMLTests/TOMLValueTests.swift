import TOML
import Testing

@Suite struct TOMLValueTests {
  @Test func nanEqualsNanAndNegativeZeroDiffersFromZero() {
    #expect(TOMLValue.float(.nan) == .float(-.nan))
    #expect(TOMLValue.float(-0.0) != .float(0.0))
    #expect(TOMLValue.float(1) != .integer(1))
  }

  @Test func stringsCompareByUnicodeScalars() {
    #expect("\u{E9}" == "e\u{301}" as String)
    #expect(TOMLValue.string("\u{E9}") != .string("e\u{301}"))
  }

  @Test func tablesCompareByContentNotOrderOrPosition() throws {
    let first = try TOMLParser.parse("a = 1\nb = 2")
    let second = try TOMLParser.parse("\n\nb = 2\n  a = 1")
    #expect(first == second)
    #expect(first.keys != second.keys)
    #expect(first != ["a": 1])
  }

  @Test func accessorsReturnTheirKindOnly() {
    #expect(TOMLValue.string("x").stringValue == "x")
    #expect(TOMLValue.string("x").integerValue == nil)
    #expect(TOMLValue.integer(3).doubleValue == 3)
    #expect(TOMLValue.boolean(true).booleanValue == true)
    #expect(TOMLValue.array([1]).arrayValue == [1])
    #expect(TOMLValue.table(["a": 1]).tableValue == ["a": 1])
    #expect(TOMLValue.localDate(TOMLLocalDate(year: 1, month: 1, day: 1)).kindName == "local date")
  }

  @Test func missingKeysAreNil() throws {
    let table = try TOMLParser.parse("a = 1")
    #expect(table["b"] == nil)
    #expect(table.entry(forKey: "b") == nil)
  }
}
