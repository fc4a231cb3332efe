import TOML
import Testing

/// The redefinition rules: what headers, dotted keys and key/value pairs may add to tables
/// already read, and what they may not.
@Suite struct TableDefinitionTests {
  @Test func headersFillTheirTable() throws {
    let table = try TOMLParser.parse(
      "title = 'x'\n[owner]\nname = 'Tom'\n[owner.address]\ncity = 'Oslo'")
    #expect(table == ["title": "x", "owner": ["name": "Tom", "address": ["city": "Oslo"]]])
  }

  @Test func aHeaderMayDefineATableThatADeeperHeaderCreated() throws {
    let table = try TOMLParser.parse("[a.b.c]\nd = 1\n[a]\ne = 2")
    #expect(table == ["a": ["b": ["c": ["d": 1]], "e": 2]])
  }

  @Test func headersMayAddSubTablesToTablesMadeByDottedKeys() throws {
    let table = try TOMLParser.parse(
      "[fruit]\napple.color = 'red'\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true"
    )
    #expect(
      table == [
        "fruit": ["apple": ["color": "red", "taste": ["sweet": true], "texture": ["smooth": true]]]
      ])
  }

  @Test func dottedKeysMayGoIntoATableThatADeeperHeaderCreated() throws {
    let table = try TOMLParser.parse("[a.b.c]\n[a]\nb.d = 1")
    #expect(table == ["a": ["b": ["c": [:], "d": 1]]])
  }

  @Test func arraysOfTablesAppendOneTablePerHeader() throws {
    let table = try TOMLParser.parse(
      "[[film]]\ntitle = 'Heat'\n[film.cast]\nlead = 'Pacino'\n[[film]]\ntitle = 'Alien'\n"
        + "[[film.cast.extra]]\nname = 'x'")
    #expect(
      table == [
        "film": [
          ["title": "Heat", "cast": ["lead": "Pacino"]],
          ["title": "Alien", "cast": ["extra": [["name": "x"]]]],
        ]
      ])
  }

  @Test(arguments: [
    ("a = 1\na = 2", error(2, 1, "duplicate key \"a\"")),
    ("a.b = 1\na.b = 2", error(2, 1, "duplicate key \"a.b\"")),
    ("[t]\n'x y' = 1\n\"x y\" = 2", error(3, 1, "duplicate key \"'x y'\"")),
    ("[a]\n[a]", error(2, 1, "table \"a\" is already defined")),
    ("[a]\nb = 1\n[a.b]", error(3, 1, "\"a.b\" is already defined as an integer")),
    ("a.b = 1\n[a]", error(2, 1, "table \"a\" is already defined by dotted keys")),
    ("[a]\nb.c = 1\n[a.b]", error(3, 1, "table \"a.b\" is already defined by dotted keys")),
    ("[a.b]\n[a]\nb.c = 1", error(3, 1, "table \"b\" is already defined by a header")),
    ("[a.b.c]\n[a]\nb = 1", error(3, 1, "duplicate key \"b\"")),
    ("a = 1\na.b = 2", error(2, 1, "\"a\" is already defined as an integer")),
    ("a = 'x'\n[a.b]", error(2, 1, "\"a\" is already defined as a string")),
    ("a = {}\n[a]", error(2, 1, "inline table \"a\" cannot be extended")),
    ("a = {b = 1}\na.c = 2", error(2, 1, "inline table \"a\" cannot be extended")),
    ("a = {b = {}}\n[a.b.c]", error(2, 1, "inline table \"a\" cannot be extended")),
    ("a = [1]\na.b = 2", error(2, 1, "\"a\" is already defined as an array")),
    ("a = []\n[[a]]", error(2, 1, "cannot append to static array \"a\"")),
    ("a = [{}]\n[a.b]", error(2, 1, "\"a\" is already defined as an array")),
    ("[a]\n[[a]]", error(2, 1, "\"a\" is already defined as a table")),
    ("[[a]]\n[a]", error(2, 1, "\"a\" is already defined as an array of tables")),
    ("[x]\n[[x.a]]\n[x]", error(3, 1, "table \"x\" is already defined")),
    ("[[x.a]]\n[x]\na.b = 1", error(3, 1, "\"a\" is already defined as an array of tables")),
    ("a = {b = 1, b = 2}", error(1, 13, "duplicate key \"b\"")),
    ("a = {b = {}, b.c = 1}", error(1, 14, "inline table \"b\" cannot be extended")),
  ])
  func redefinitionsAreRefused(document: String, expected: TOMLError) {
    #expect(parseError(document) == expected)
  }

  @Test(arguments: [
    ("[]", error(1, 2, "expected a key")),
    ("[a", error(1, 3, "expected \"]\" after the key of a table header")),
    ("[a]]", error(1, 4, "expected a newline after a table header")),
    ("[a] b = 1", error(1, 5, "expected a newline after a table header")),
    ("[[a]", error(1, 4, "expected \"]]\" after the key of an array of tables")),
    ("[[a] ]", error(1, 4, "expected \"]]\" after the key of an array of tables")),
    ("[ [a] ]", error(1, 3, "expected a key")),
  ])
  func malformedHeadersAreRefused(document: String, expected: TOMLError) {
    #expect(parseError(document) == expected)
  }

  @Test func headersMayHaveSpacesAroundTheirKey() throws {
    #expect(try TOMLParser.parse("[ a . 'b' ]\n[[ c ]]") == ["a": ["b": [:]], "c": [[:]]])
  }
}
