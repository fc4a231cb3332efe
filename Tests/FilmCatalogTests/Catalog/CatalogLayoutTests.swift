import Foundation
import Testing

@testable import FilmCatalog

/// Where a catalog file's films lie, found without decoding them: each range
/// decodes alone to the film a decode of the whole file gives, and a file
/// the fast reader would not read has no layout, so only that decode tells.
@Suite struct CatalogLayoutTests {
  private static let films = [
    #"{"id": 1, "title": "One", "genres": ["Drama"], "cast": [{"name": "A", "character": "B"}]}"#,
    #"{"id": 2, "title": "Two \u00e9", "overview": "Nested {\"braces\"} and [brackets]"}"#,
    #"{"id": 3, "title": "Three", "vote_average": 7.5, "runtime": null}"#,
  ]
  private static let credit =
    #"{"query": "", "source": "s", "attribution": {"text": "T", "url": "https://x.example/"}}"#

  private static let documents = [
    "[" + films.joined(separator: ",") + "]",
    " [\n  " + films.joined(separator: ",\n  ") + "\n]\n",
    #"{"filmsite": \#(credit), "total_pages": 1, "results": [\#(films.joined(separator: ", "))]}"#,
    #"{"results": [\#(films.joined(separator: ","))], "page": 1, "total_pages": null}"#,
  ]

  private func file(_ text: String) -> CatalogFile {
    CatalogFile(path: "films.json", bytes: Data(text.utf8))
  }

  @Test(arguments: documents)
  func eachFilmsRangeDecodesToTheFilmTheWholeFileGives(document: String) throws {
    let catalog = file(document)
    let layout = try #require(catalog.layout())
    let contents = try catalog.decode()
    #expect(layout.films.count == contents.films.count)
    let films = layout.films.map { catalog.film(at: $0, of: layout) }
    #expect(films == contents.films)
    #expect(catalog.attribution(of: layout) == contents.attribution)
    // Each range is the object's bytes, braces and all.
    for (range, text) in zip(layout.films, Self.films) {
      #expect(catalog.bytes[range] == Data(text.utf8))
    }
  }

  @Test func anEmptyListHasNoFilms() throws {
    #expect(try #require(file("[]").layout()).films.isEmpty)
    #expect(try #require(file(#"{"results": []}"#).layout()).films.isEmpty)
  }

  @Test(arguments: [
    "[" + films.joined(separator: ",") + "] x",  // something after the list
    "[" + films.joined(separator: ",") + ",]",  // a trailing comma
    "[" + films[0] + ", 4]",  // an element that is not an object
    #"{"page": 1}"#,  // no results
    #"{"results": [], "results": []}"#,  // results twice
    #"{"results": [], "total_pages": 1.5}"#,  // a page count that is not an integer
    #"{"r\u0065sults": []}"#,  // an escaped key
    "\"films\"",
  ])
  func aFileTheFastReaderWouldNotReadHasNoLayout(document: String) {
    #expect(file(document).layout() == nil)
  }

  @Test func bytesThatAreNotUTF8OutsideTheFilmsMeanNoLayout() {
    var bytes = Data(("[" + Self.films.joined(separator: ",") + "]").utf8)
    #expect(CatalogFile(path: "f", bytes: bytes).layout() != nil)
    bytes.insert(0xFF, at: bytes.count - 1)
    #expect(CatalogFile(path: "f", bytes: bytes).layout() == nil)
  }

  @Test func aRangeThatIsNotOneWholeFilmDecodesToNothing() throws {
    let catalog = file("[" + Self.films.joined(separator: ",") + "]")
    let layout = try #require(catalog.layout())
    let first = layout.films[0]
    #expect(catalog.film(at: first.lowerBound..<first.upperBound - 1, of: layout) == nil)
    #expect(catalog.film(at: first.lowerBound..<layout.films[1].upperBound, of: layout) == nil)
    #expect(catalog.film(at: 0..<catalog.bytes.count + 1, of: layout) == nil)
    // A film the fast reader leaves to the slow path (a key given twice).
    let twice = file(#"[{"id": 1, "title": "One", "title": "Again"}]"#)
    let twiceLayout = try #require(twice.layout())
    #expect(twice.film(at: twiceLayout.films[0], of: twiceLayout) == nil)
  }

  @Test func aFilmsBytesThatAreNotUTF8DecodeToNothing() throws {
    var bytes = Data(#"[{"id": 1, "title": "One"}]"#.utf8)
    bytes.insert(0xC3, at: bytes.count - 4)
    let catalog = CatalogFile(path: "f", bytes: bytes)
    let layout = try #require(catalog.layout())
    #expect(catalog.film(at: layout.films[0], of: layout) == nil)
  }
}

/// A long film list's layout is found in parts on every core, each from a
/// guessed film start (as ``FilmJSONReaderSplitTests`` reads its films);
/// these make every list "long", and hold the layout to the one found in order.
@Suite struct CatalogLayoutSplitTests {
  private func layout(_ bytes: [UInt8], partBytes: Int) -> CatalogLayout? {
    CatalogFile(path: "films.json", bytes: Data(bytes)).layout(partBytes: partBytes)
  }

  /// Films with cast members' objects (where most guesses land) and
  /// overviews full of `, {` (guesses inside a string).
  private func catalog(count: Int) -> [UInt8] {
    let films = (0..<count).map { number in
      #"{"id": \#(number), "title": "Film \#(number)", "overview": "a, {b}, {\"c\": \#(number)}, {", "#
        + #""cast": [{"name": "A\#(number)"}, {"name": "B", "character": "C"}]}"#
    }
    return Array(("[\n" + films.joined(separator: ",\n") + "\n]").utf8)
  }

  @Test(arguments: [1, 40, 200, 1_000])
  func aSplitListHasTheLayoutOfTheWholeList(partBytes: Int) throws {
    let bytes = catalog(count: 150)
    let expected = try #require(layout(bytes, partBytes: .max))
    #expect(expected.films.count == 150)
    #expect(layout(bytes, partBytes: partBytes) == expected)
    // In a snapshot's envelope, with keys after the list too.
    let envelope =
      Array(#"{"filmsite": {"query": ""}, "results": "#.utf8) + bytes
      + Array(#", "total_pages": 1}"#.utf8)
    let inOrder = try #require(layout(envelope, partBytes: .max))
    #expect(inOrder.films.count == 150)
    #expect(layout(envelope, partBytes: partBytes) == inOrder)
  }

  @Test func aFaultInTheSecondHalfStillMeansNoLayout() throws {
    var text = String(decoding: catalog(count: 100), as: UTF8.self)
    text = text.replacingOccurrences(of: #""title": "Film 90", "#, with: #""title": "Film 90" "#)
    #expect(layout(Array(text.utf8), partBytes: .max) == nil)
    #expect(layout(Array(text.utf8), partBytes: 1) == nil)
  }

  /// Mutants of a catalog: a layout found in parts exists exactly when the
  /// one found in order does, and is the same.
  @Test func mutatedCatalogsHaveTheSameLayoutSplitOrNot() {
    let original = catalog(count: 12)
    var random = SplitMix64(seed: 11)
    var found = 0
    for _ in 0..<3000 {
      let bytes = random.mutant(of: original)
      let whole = layout(bytes, partBytes: .max)
      let split = layout(bytes, partBytes: Int(random.next() % 400))
      #expect(split == whole, "\(String(decoding: bytes, as: UTF8.self))")
      if whole != nil { found += 1 }
    }
    // Many edits (inside strings, digits) keep the catalog valid: the test compares those.
    #expect(found > 300)
  }
}
