import Foundation
import Testing

@testable import FilmCatalog

/// The fast reader must give exactly the films Foundation's decoder gives, and
/// must give up (leaving the error to the slow path) on anything else.
@Suite struct FilmJSONReaderTests {
  private static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  private func slow(_ text: String) -> SourcePage? {
    try? CatalogDecoder.decodeWithFoundation(Data(text.utf8), file: "test.json")
  }

  private func fast(_ text: String) -> SourcePage? {
    FilmJSONReader.read(Data(text.utf8))
  }

  @Test(arguments: [
    #"[]"#,
    #" [ {"id": 1, "title": "A"} ] "#,
    #"[{"id": "tt01", "title": "B", "year": 1999, "runtime": 136, "director": "D", "genres": ["x", "y"], "overview": "O", "posterPath": "/p.jpg"}]"#,
    #"[{"id": -5, "title": "Neg", "year": null, "runtime": null, "director": null, "genres": null, "overview": null, "posterPath": null}]"#,
    #"[{"id": 1, "title": "Date", "release_date": "1999-10-15"}]"#,
    #"[{"id": 1, "title": "Empty date", "release_date": "", "releaseDate": "2001-01-01"}]"#,
    #"[{"id": 1, "title": "Blank date", "release_date": " \t"}]"#,
    #"[{"id": 1, "title": "Blank, then a date", "release_date": " ", "releaseDate": "2001-01-01"}]"#,
    #"[{"id": 1, "title": "Year wins", "year": 1990, "release_date": "1999-10-15"}]"#,
    #"[{"id": 1, "title": "Snake", "poster_path": "/s.jpg"}]"#,
    #"[{"id": 1, "title": "Both", "posterPath": null, "poster_path": "/s.jpg"}]"#,
    #"[{"id": 1, "title": "Esc \"q\" \\ \/ \b\f\n\r\t \u00e9 \ud83c\udfac \u0000"}]"#,
    #"[{"id": 1, "title": "Amélie 🎬", "extra": {"nested": [1, 2.5, -3e10, true, false, null, "s"]}}]"#,
    #"{"page": 1, "results": [{"id": 2, "title": "E"}], "total_pages": 3, "total_results": 40}"#,
    #"{"filmsite": {"query": "q", "source": "u"}, "results": [], "total_pages": null}"#,
    #"{"results": [{"id": 9223372036854775807, "title": "Max"}]}"#,
  ])
  func readsValidCatalogsAsFoundationDoes(text: String) throws {
    let expected = try #require(slow(text))
    let page = try #require(fast(text))
    #expect(page.films == expected.films)
    #expect(page.totalPages == expected.totalPages)
  }

  @Test(arguments: [
    #"[{"id": 1, "title": "A"},]"#,
    #"[{"id": 1}]"#,
    #"[{"title": "no id"}]"#,
    #"[{"id": 1, "title": null}]"#,
    #"[{"id": 1.0, "title": "float id"}]"#,
    #"[{"id": 01, "title": "zero"}]"#,
    #"[{"id": -0, "title": "minus zero"}]"#,
    #"[{"id": 1, "title": "A", "title": "B"}]"#,
    #"[{"id": 1, "ti\u0074le": "escaped key"}]"#,
    #"[{"id": 1, "title": "\ud800 alone"}]"#,
    "[{\"id\": 1, \"title\": \"raw\ttab\"}]",
    #"[{"id": 1, "title": "A", "year": "1999"}]"#,
    #"[{"id": 1, "title": "A", "release_date": "99-1-1"}]"#,
    #"[{"id": 1, "title": "A", "genres": ["x", null]}]"#,
    #"[{"id": 99999999999999999999, "title": "big"}]"#,
    #"{"page": 1}"#,
    #"[1]"#,
    #"[] []"#,
    #"{"results": [] "#,
    "\u{FEFF}[]",
  ])
  func givesUpOnAnythingElse(text: String) {
    #expect(fast(text) == nil)
  }

  @Test func givesUpOnInvalidUTF8() {
    var bytes = Array(#"[{"id": 1, "title": "A"}]"#.utf8)
    bytes[20] = 0xFF
    #expect(FilmJSONReader.read(Data(bytes)) == nil)
  }

  @Test func readsTheSampleCatalogAndTheHostileCorpusLikeFoundation() throws {
    for path in ["Catalog/films.json", "Tests/FilmSiteCLITests/Fixtures/hostile-films.json"] {
      let data = try Data(contentsOf: Self.repository.appendingPathComponent(path))
      let expected = try CatalogDecoder.decodeWithFoundation(data, file: path)
      let page = try #require(FilmJSONReader.read(data), "\(path) should take the fast path")
      #expect(page.films == expected.films, "\(path)")
      #expect(page.films.count > 50)
    }
  }

  /// Random one-byte edits of a catalog: whenever the fast reader accepts the
  /// result, Foundation's decoder must accept it too and give the same films.
  @Test func mutatedCatalogsNeverReadDifferently() throws {
    let original = Array(
      #"""
      {"page": 1, "total_pages": 2, "results": [
        {"id": 10, "title": "Heat \u00e9", "year": 1995, "runtime": 170, "director": "M",
         "genres": ["Crime", "Drama"], "overview": "A *heist* \"q\".", "poster_path": "/h.jpg"},
        {"id": "b-2", "title": "Alien", "release_date": "1979-05-25", "genres": [], "x": [1, {"y": null}]}
      ]}
      """#.utf8)
    var random = SplitMix64(seed: 2026)
    var accepted = 0
    for _ in 0..<3000 {
      let bytes = random.mutant(of: original)
      let data = Data(bytes)
      guard let page = FilmJSONReader.read(data) else { continue }
      accepted += 1
      // The reader and the syntax checker read JSON with one scanner: they agree.
      #expect(JSONSyntaxChecker.firstError(in: bytes) == nil)
      let expected = try? CatalogDecoder.decodeWithFoundation(data, file: "mutant.json")
      #expect(expected?.films == page.films, "\(String(decoding: bytes, as: UTF8.self))")
      #expect(expected?.totalPages == page.totalPages)
    }
    // Many edits (inside strings, digits) keep the catalog valid: the test compares those.
    #expect(accepted > 300)
  }
}

/// Large film lists are read in parts at once, each from a guessed film
/// start; these make the lists "large" so that every catalog is split.
@Suite struct FilmJSONReaderSplitTests {
  private func films(_ text: String, partBytes: Int) -> [Film]? {
    FilmJSONReader.read(Data(text.utf8), partBytes: partBytes)?.films
  }

  private func catalog(count: Int, overview: (Int) -> String) -> String {
    let films = (0..<count).map { number in
      #"{"id": \#(number), "title": "Film \#(number)", "overview": \#(overview(number))}"#
    }
    return "[\n" + films.joined(separator: ",\n") + "\n]"
  }

  @Test(arguments: [1, 40, 200, 1_000])
  func aSplitListReadsAsTheWholeList(partBytes: Int) throws {
    let text = catalog(count: 200) { #""Overview \#($0)""# }
    let expected = try #require(films(text, partBytes: .max))
    #expect(expected.count == 200)
    #expect(films(text, partBytes: partBytes) == expected)
  }

  /// An overview full of `, {` makes the guess land inside a string: the
  /// reading in order never stops there, and the films are still right.
  @Test func aGuessInsideAStringIsNotTaken() throws {
    let text = catalog(count: 60) { #""a, {b}, {\"c\": 1}, {"# + String($0) + "\"" }
    let expected = try CatalogDecoder.decodeWithFoundation(Data(text.utf8), file: "t.json").films
    let bytes = Array(text.utf8)
    // Each film is on a line of its own: its `{` follows a line feed.
    let filmStarts = Set(bytes.indices.filter { $0 > 0 && bytes[$0 - 1] == 0x0A })
    for partBytes in [1, 100, 2_000] {
      let guesses = bytes.withUnsafeBufferPointer {
        FilmJSONReader.guessedFilmStarts(after: 2, every: partBytes, in: $0)
      }
      #expect(guesses.contains { !filmStarts.contains($0) }, "no guess inside a string")
      #expect(films(text, partBytes: partBytes) == expected)
    }
  }

  @Test func aFaultInTheSecondHalfStillGivesUp() {
    var text = catalog(count: 100) { #""o\#($0)""# }
    text = text.replacingOccurrences(of: #""title": "Film 90""#, with: #""title": 90"#)
    #expect(films(text, partBytes: 1) == nil)
    #expect(films(text, partBytes: .max) == nil)
  }

  /// The mutation test again, with every list split: a split reading accepts
  /// exactly what the reading in order accepts, with the same films.
  @Test func mutatedCatalogsReadTheSameSplitOrNot() {
    let original = Array(catalog(count: 12) { #""x, {\#($0)}""# }.utf8)
    var random = SplitMix64(seed: 7)
    var accepted = 0
    for _ in 0..<3000 {
      let bytes = random.mutant(of: original)
      let data = Data(bytes)
      let whole = FilmJSONReader.read(data, partBytes: .max)
      let split = FilmJSONReader.read(data, partBytes: Int(random.next() % 400))
      #expect(split?.films == whole?.films, "\(String(decoding: bytes, as: UTF8.self))")
      if whole != nil { accepted += 1 }
    }
    #expect(accepted > 300)
  }
}

/// A small deterministic random number generator, so a failure can be replayed.
struct SplitMix64 {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  /// JSON's punctuation, digits and the letters of its literals: the bytes
  /// whose edits keep a catalog close to valid.
  static let alphabet = Array(#"{}[]":,.-+eE0123456789 \ntnfalsu"#.utf8)

  /// `bytes` with one byte replaced, removed, or inserted from `alphabet`.
  mutating func mutant(of bytes: [UInt8], from alphabet: [UInt8] = alphabet) -> [UInt8] {
    var bytes = bytes
    let position = Int(next() % UInt64(bytes.count))
    let replacement = alphabet[Int(next() % UInt64(alphabet.count))]
    switch next() % 3 {
    case 0: bytes[position] = replacement
    case 1: bytes.remove(at: position)
    default: bytes.insert(replacement, at: position)
    }
    return bytes
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
