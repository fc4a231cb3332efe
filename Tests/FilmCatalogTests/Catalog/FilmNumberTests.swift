import Foundation
import Testing

@testable import FilmCatalog

/// A film's `rating` is the one JSON number that is not an integer. The
/// snapshot writer must write it as `JSONEncoder` does, and the fast reader
/// must read it as `JSONDecoder` does, bit for bit, or give up.
@Suite struct SnapshotJSONWriterNumberTests {
  private static let pulledAt = Date(timeIntervalSince1970: 1_764_430_000)

  private func snapshot(_ ratings: [Double]) -> CatalogSnapshot {
    let films = ratings.enumerated().map { index, rating in
      Film(id: String(index), title: "Film \(index)").with { $0.rating = rating }
    }
    return CatalogSnapshot(films: films, query: "", source: "s", pulledAt: Self.pulledAt)
  }

  private func foundationBytes(_ snapshot: CatalogSnapshot) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(snapshot) + Data("\n".utf8)
  }

  @Test(arguments: [
    -0.0, 0, 1e-7, 1e22, 8.0, 7.123, 0.1 + 0.2, 10, 1e15, 1e16, 1e21, 1e-6, 1e-4, -1.5,
    123_456_789.125, 9_007_199_254_740_993, .ulpOfOne, .leastNonzeroMagnitude,
    .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
  ])
  func writesARatingAsJSONEncoderDoes(rating: Double) throws {
    let snapshot = snapshot([rating])
    let written = try snapshot.data()
    #expect(written == (try foundationBytes(snapshot)))
    // And it reads back as the same number, on both paths.
    let fast = try #require(FilmJSONReader.read(written)?.films.first?.rating)
    let slow = try CatalogDecoder.decodeWithFoundation(written, file: "s.json").films.first?.rating
    #expect(fast.bitPattern == rating.bitPattern)
    #expect(slow?.bitPattern == rating.bitPattern)
  }

  /// Doubles from random bit patterns: every exponent, both signs, subnormals.
  @Test func writesRandomRatingsAsJSONEncoderDoes() throws {
    var random = SplitMix64(seed: 17)
    var ratings: [Double] = []
    while ratings.count < 2_000 {
      let value = Double(bitPattern: random.next())
      if value.isFinite { ratings.append(value) }
    }
    let snapshot = snapshot(ratings)
    let written = try snapshot.data()
    #expect(written == (try foundationBytes(snapshot)))
    let read = try #require(FilmJSONReader.read(written)).films.map { $0.rating?.bitPattern }
    #expect(read == ratings.map(\.bitPattern))
  }

  /// `JSONEncoder` refuses a number JSON cannot spell; so does the writer,
  /// naming the film and the field, rather than writing a snapshot that
  /// cannot be read back.
  @Test(arguments: [Double.infinity, -.infinity, .nan])
  func refusesARatingJSONCannotSpell(rating: Double) {
    let snapshot = CatalogSnapshot(
      films: [
        Film(id: "1", title: "One"), Film(id: "tt2", title: "Two").with { $0.rating = rating },
      ],
      query: "", source: "s", pulledAt: Self.pulledAt)
    #expect(throws: EncodingError.self) { try foundationBytes(snapshot) }
    let error = SnapshotJSONWriter.NonFiniteNumber(film: "tt2", field: "rating", value: rating)
    #expect(throws: error) { try snapshot.data() }
    #expect(
      error.localizedDescription
        == #"film tt2: field "rating" is \#(rating), which JSON cannot hold"#)
  }
}

@Suite struct FilmJSONReaderNumberTests {
  /// The rating of `[{"id": 1, "title": "T", key: number}]` read by `JSONDecoder`
  /// through the catalog's slow path; `nil` when it refuses the catalog.
  private func slow(_ number: String, key: String = "rating") -> Double?? {
    let json = Data(#"[{"id": 1, "title": "T", "\#(key)": \#(number)}]"#.utf8)
    return (try? CatalogDecoder.decodeWithFoundation(json, file: "t.json"))?.films.first?.rating
  }

  /// The same, read by the fast reader; `nil` when it gives up.
  private func fast(_ number: String, key: String = "rating") -> Double?? {
    let json = Data(#"[{"id": 1, "title": "T", "\#(key)": \#(number)}]"#.utf8)
    return FilmJSONReader.read(json)?.films.first?.rating
  }

  /// The fast reader gives up where Foundation refuses, and otherwise reads
  /// the same bits (`-0` stays negative) or gives up. Returns whether it read
  /// the number.
  @discardableResult
  private func expectAgreement(
    _ number: String, key: String = "rating", sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    let expected = slow(number, key: key)
    guard let read = fast(number, key: key) else { return false }
    #expect(expected != nil, "Foundation refuses \(number)", sourceLocation: sourceLocation)
    #expect(
      read?.bitPattern == expected??.bitPattern, "\(number)", sourceLocation: sourceLocation)
    return true
  }

  @Test(arguments: [
    ("7.8", 7.8), ("8", 8), ("1E2", 100), ("1e+2", 100), ("1E-2", 0.01), ("0.1e1", 1),
    ("-0", -0.0), ("-0.0", -0.0), ("0.30000000000000004", 0.1 + 0.2),
    ("123456789012345678901234567890", 1.2345678901234568e29),
    ("9007199254740993", 9_007_199_254_740_992), ("4.9e-324", .leastNonzeroMagnitude),
    ("2.4703282292062328e-324", .leastNonzeroMagnitude),
    ("1.7976931348623157e308", .greatestFiniteMagnitude),
    ("1.7976931348623158e308", .greatestFiniteMagnitude),
  ])
  func readsNumbersAsFoundationDoes(number: String, value: Double) throws {
    for key in ["rating", "vote_average"] {
      let expected = try #require(slow(number, key: key), "Foundation reads \(number)")
      #expect(expected?.bitPattern == value.bitPattern, "\(number)")
      let read = try #require(fast(number, key: key), "the fast path takes \(number)")
      #expect(read?.bitPattern == value.bitPattern, "\(number)")
    }
  }

  /// Numbers a `Double` cannot hold: too large, or so small that they would
  /// round to zero. Foundation refuses them, and the fast path gives up.
  @Test(arguments: [
    "1e400", "-1e400", "1e0400", "1.7976931348623159e308", "10e308", "1e-400", "-1e-400",
    "2e-324", "2.4703282292062327e-324", "1e-0400",
    "0." + String(repeating: "0", count: 400) + "1",
  ])
  func givesUpOnNumbersFoundationRefuses(number: String) {
    #expect(slow(number) == nil)
    #expect(fast(number) == nil)
  }

  /// Foundation reads `0e10` and `0.0e5` but refuses `0e8` and `-0.0e5`:
  /// the fast path leaves every zero with an exponent to it.
  @Test(arguments: [
    "0e8", "0E1", "0e0", "0e10", "-0e3", "0e+8", "0e-1", "0.0e5", "-0.0e5", "0.000e3", "0.0e-400",
  ])
  func leavesAZeroWithAnExponentToFoundation(number: String) {
    #expect(fast(number) == nil)
  }

  @Test(arguments: ["0", "-0", "0.0", "-0.0", "0.000", "-0.000000"])
  func readsZerosWithoutAnExponent(number: String) throws {
    let expected = try #require(slow(number), "Foundation reads \(number)")
    let read = try #require(fast(number), "the fast path takes \(number)")
    #expect(read?.bitPattern == expected?.bitPattern)
    #expect(read?.sign == (number.hasPrefix("-") ? .minus : .plus))
  }

  /// Number texts of every shape JSON allows, with digits and exponents
  /// around the edges of `Double`'s range.
  @Test func randomNumbersReadAsFoundationReadsThem() {
    var random = SplitMix64(seed: 2026)
    var read = 0
    for _ in 0..<3_000 {
      if expectAgreement(random.numberText()) { read += 1 }
    }
    // Most numbers are in range: the test compares those.
    #expect(read > 2_000)
  }
}

/// Random JSON number texts, from the generator the catalog tests share.
extension SplitMix64 {
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  mutating func digits(_ count: Int) -> String {
    String((0..<count).map { _ in Character(String(below(10))) })
  }

  /// A JSON number: an optional minus, an integer part without a leading
  /// zero, an optional fraction and an optional exponent that reaches past
  /// `Double`'s range at both ends.
  mutating func numberText() -> String {
    var text = below(4) == 0 ? "-" : ""
    let integerDigits = below(3) == 0 ? 1 : 1 + below(25)
    let integer = digits(integerDigits)
    text += integer.count > 1 && integer.hasPrefix("0") ? "1" + integer.dropFirst() : integer
    if below(2) == 0 { text += "." + digits(1 + below(25)) }
    if below(2) == 0 {
      text += ["e", "E"][below(2)] + ["", "+", "-"][below(3)]
      text += String(below(3) == 0 ? below(10) : 280 + below(70))
    }
    return text
  }
}
