import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// The index's lines kept as bytes in one buffer (``SearchLines``): each film's
/// line is found by its position, whether the lines were made for some
/// positions or appended run by run, and a chunk is the films' lines in
/// order, each as ``SearchIndex/line(of:castPagesPerFilm:)`` makes it.
@Suite struct SearchLinesTests {
  private static let films = [
    Film(id: "1", title: "Heat", year: 1995, director: "Michael Mann"),
    Film(id: "2", title: "\"Quoted\" & <b>tagged</b>\n", year: nil, director: nil),
    Film(id: "3", title: "Amélie", year: 2001, director: "Jean-Pierre Jeunet").with {
      $0.cast = [
        Film.CastMember(name: "Audrey Tautou", character: nil),
        Film.CastMember(name: "Mathieu \\ Kassovitz", character: nil),
      ]
    },
    Film(id: "4", title: "8½", year: 1963, director: "Federico Fellini"),
  ]
  private let entries: [(film: Film, route: Route)]

  init() throws {
    entries = try Self.films.map { (film: $0, route: try $0.route()) }
  }

  private func line(_ position: Int32) -> [UInt8] {
    SearchIndex.line(of: entries[Int(position)], castPagesPerFilm: 2)
  }

  private func chunk(_ positions: [Int32]) -> [UInt8] {
    Array(
      ("[\n" + positions.map { String(decoding: line($0), as: UTF8.self) }.joined(separator: ",\n")
        + "\n]\n").utf8)
  }

  @Test func aLineIsOneJSONArrayOfTheFilmsFields() throws {
    let parsed = try #require(
      try JSONSerialization.jsonObject(with: Data(line(1))) as? [Any])
    #expect(parsed.count == 4)
    #expect(parsed[0] as? String == "\"Quoted\" & <b>tagged</b>\n")
    #expect(parsed[1] is NSNull && parsed[2] is NSNull)
    #expect(parsed[3] as? String == entries[1].route.description)
    let actors = try #require(
      try JSONSerialization.jsonObject(with: Data(line(2))) as? [Any])
    #expect(actors[4] as? [String] == ["Audrey Tautou", "Mathieu \\ Kassovitz"])
    #expect(!line(1).contains(UInt8(ascii: "\n")))
  }

  /// The line's bytes as the index has always written them: escapes,
  /// `null` for what a film lacks, a year before the common era.
  @Test func aLineIsWrittenAsTheIndexWritesIt() throws {
    let film = Film(id: "1", title: "Q\"B\\C\u{1}", year: -5, director: nil)
    let route = try film.route()
    let line = SearchIndex.line(of: (film: film, route: route), castPagesPerFilm: 2)
    #expect(
      String(decoding: line, as: UTF8.self)
        == #"["Q\"B\\C\u0001",null,-5,""# + route.description + #""]"#)
  }

  @Test func linesMadeForSomePositionsAreFoundByThem() {
    let lines = SearchLines(of: [1, 3], in: entries, castPagesPerFilm: 2)
    #expect(lines.hash(at: 1) == line(1).withUnsafeBytes { ContentHash($0) })
    #expect(lines.hash(at: 3) == line(3).withUnsafeBytes { ContentHash($0) })
    #expect(lines.hash(at: 0) == nil)
    #expect(lines.hash(at: 2) == nil)
    #expect(lines.hash(at: 9) == nil)
    // The films without a line here are made by the caller, in their place.
    var asked: [Int32] = []
    let made = lines.chunk([0, 1, 2, 3]) { position in
      asked.append(position)
      return line(position)
    }
    #expect(asked == [0, 2])
    #expect(made == chunk([0, 1, 2, 3]))
  }

  /// Lines made on every core, in runs of a few hundred films, are joined in
  /// the positions' order.
  @Test func linesMadeInSeveralRunsAreFoundByThem() throws {
    let many = try (0..<1_200).map { number in
      let film = Film(id: "\(number)", title: "Film \(number)", year: 1900 + number % 100)
      return (film: film, route: try film.route())
    }
    let positions = Array(stride(from: Int32(1), to: 1_200, by: 2))
    let lines = SearchLines(of: positions, in: many, castPagesPerFilm: 2)
    func line(_ position: Int32) -> [UInt8] {
      SearchIndex.line(of: many[Int(position)], castPagesPerFilm: 2)
    }
    for position in Int32(0)..<1_200 {
      let expected = position % 2 == 1 ? line(position).withUnsafeBytes { ContentHash($0) } : nil
      #expect(lines.hash(at: position) == expected, "film \(position)")
    }
    let made = lines.chunk(positions) { position in
      Issue.record("film \(position) has a line")
      return []
    }
    let expected =
      "[\n"
      + positions.map { String(decoding: line($0), as: UTF8.self) }
      .joined(separator: ",\n") + "\n]\n"
    #expect(made == Array(expected.utf8))
  }

  @Test func linesAppendedRunByRunAreAtPositionsFromZero() {
    var lines = SearchLines()
    for range in [0..<1, 1..<3, 3..<4] {
      var run = SearchLines.Run()
      for position in range {
        let entry = entries[position]
        run.add(
          entry,
          actors: Taxonomy.names(of: entry.film, kind: .cast, castPagesPerFilm: 2))
      }
      lines.append(run)
    }
    for position in Int32(0)..<4 {
      #expect(lines.hash(at: position) == line(position).withUnsafeBytes { ContentHash($0) })
    }
    #expect(lines.hash(at: 4) == nil)
    let made = lines.chunk([3, 0, 2]) { position in
      Issue.record("film \(position) has a line")
      return []
    }
    #expect(made == chunk([3, 0, 2]))
    #expect(lines.chunk([]) { _ in [] } == Array("[\n\n]\n".utf8))
  }

  /// A chunk's file is read back into its lines (for ``KeptSearchLines``), each
  /// the bytes the film's line was made as, escapes and all.
  @Test func aChunksFileIsReadBackIntoItsLines() throws {
    let bytes = chunk([0, 1, 2, 3])
    let ranges = try #require(SearchLines.lineRanges(inChunk: bytes))
    #expect(ranges.map { Array(bytes[$0]) } == (0..<4).map { line(Int32($0)) })
    let one = chunk([2])
    #expect(try #require(SearchLines.lineRanges(inChunk: one)).map { Array(one[$0]) } == [line(2)])
  }

  @Test(arguments: [
    "", "[\n\n]\n", "[\n[1]\n]", "[[1]\n]\n", "[\n[1]\n[2]\n]\n", "[\n[1],\n\n]\n",
    "[\n,\n[2]\n]\n",
  ])
  func bytesOfAnotherShapeHaveNoLines(text: String) {
    #expect(SearchLines.lineRanges(inChunk: Array(text.utf8)) == nil)
  }

  /// A file gives its lines only when the manifest lists it with the
  /// chunk's key, its bytes are as written, and its lines give that key.
  @Test func aFileGivesItsLinesOnlyWhenTheyGiveItsChunksKey() throws {
    let site = ContentHash(value: 3)
    let films: [Int32] = [0, 2, 3]
    let key = SearchIndex.chunkKey("ma", films: films, site: site) {
      line($0).withUnsafeBytes { ContentHash($0) }
    }
    let bytes = chunk(films)
    func reuse(listed: ContentHash, bytes: [UInt8]?) -> PageReuse {
      PageReuse(
        entry: { _, _ in nil }, group: { _, _, _ in nil },
        current: { path in
          path == "search/ma.json"
            ? OutputManifest.Entry(
              hash: ContentHash(value: 0), size: 0, modified: .now, key: listed)
            : nil
        },
        bytes: { _, _ in bytes })
    }
    func lines(_ reuse: PageReuse, name: String = "ma", count: Int = 3) -> [[UInt8]]? {
      let chunk = KeptSearchLines.LastChunk(
        path: "search/ma.json", key: key, name: name,
        newPositions: Array(repeating: 0, count: count))
      return KeptSearchLines.lines(of: chunk, reusing: reuse, site: site).map { read in
        read.lines.map { Array(read.bytes[$0.range]) }
      }
    }
    #expect(lines(reuse(listed: key, bytes: bytes)) == films.map(line))
    #expect(lines(reuse(listed: ContentHash(value: 9), bytes: bytes)) == nil)
    #expect(lines(reuse(listed: key, bytes: nil)) == nil)
    #expect(lines(reuse(listed: key, bytes: chunk([0, 3, 2]))) == nil)
    #expect(lines(reuse(listed: key, bytes: bytes), name: "mb") == nil)
    #expect(lines(reuse(listed: key, bytes: bytes), count: 2) == nil)
  }
}
