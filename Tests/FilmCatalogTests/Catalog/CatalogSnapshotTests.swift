import Foundation
import Testing

@testable import FilmCatalog

@Suite struct CatalogSnapshotTests {
  private let films = [Film(id: "1", title: "One")]

  @Test func recordsTheSourcesAttributionForAnOfflineBuild() throws {
    let snapshot = CatalogSnapshot(
      films: films, query: "q", source: "https://api.themoviedb.org/3/search/movie",
      attribution: .tmdb)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "snapshot-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try snapshot.data().write(to: file)
    #expect(CatalogSnapshot.attribution(atPath: file.path) == .tmdb)
    #expect(try CatalogFile.load(path: file.path) == films)
    let contents = try CatalogFile.read(path: file.path).decode()
    #expect(contents.films == films)
    #expect(contents.attribution == .tmdb)
  }

  @Test func theCreditIsReadFromTheHeaderWhereverItIsInTheFile() throws {
    let credit =
      #"{"query": "", "source": "s", "attribution": {"text": "T", "url": "https://x.example/"}}"#
    let film = #"{"id": 1, "title": "One"}"#
    let layouts = [
      #"{"filmsite": \#(credit), "results": [\#(film)]}"#,
      #"{"results": [\#(film)], "page": 1, "filmsite": \#(credit)}"#,
      // Duplicate keys send the reader to the slow path, which must find the credit too.
      #"{"results": [\#(film)], "x": 1, "x": 2, "filmsite": \#(credit)}"#,
    ]
    for layout in layouts {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "snapshot-\(UUID().uuidString).json")
      defer { try? FileManager.default.removeItem(at: file) }
      try Data(layout.utf8).write(to: file)
      let contents = try CatalogFile.read(path: file.path).decode()
      #expect(contents.films == films)
      #expect(
        contents.attribution == Attribution(text: "T", url: "https://x.example/"), "\(layout)")
    }
    let plain = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: plain) }
    try Data("[\(film)]".utf8).write(to: plain)
    #expect(try CatalogFile.read(path: plain.path).decode().attribution == nil)
  }

  @Test func aSnapshotWithoutAttributionHasNoSuchKey() throws {
    let data = try CatalogSnapshot(films: films, query: "", source: "s").data()
    #expect(!String(decoding: data, as: UTF8.self).contains("attribution"))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "snapshot-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try data.write(to: file)
    #expect(CatalogSnapshot.attribution(atPath: file.path) == nil)
    #expect(CatalogSnapshot.attribution(atPath: file.path + ".missing") == nil)
  }

  @Test func anAttributionLinkThatIsNotHTTPIsIgnored() throws {
    let snapshot = CatalogSnapshot(
      films: films, query: "", source: "s",
      attribution: Attribution(text: "Credit", url: "javascript:alert(1)"))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "snapshot-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try snapshot.data().write(to: file)
    #expect(CatalogSnapshot.attribution(atPath: file.path) == nil)
  }
}

@Suite struct SnapshotJSONWriterTests {
  /// Every control character, quotes, backslashes, a slash, DEL, line and
  /// paragraph separators, a byte order mark, accents and an emoji.
  private static let hostile: String = {
    var text = ""
    for value in 0..<0x20 { text.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
    return text + "\"quoted\" back\\slash \\\" / \u{7F}\u{2028}\u{2029}\u{FEFF}é😀 </script>"
  }()

  private static let films = [
    Film(id: "1", title: "One"),
    Film(
      id: "tt0133093", title: hostile, year: 1999, runtime: 136, director: "Lana \"L\" W.\n",
      genres: ["Action", "Science\tFiction", ""], overview: "Line one.\r\nLine two.\u{0}",
      posterPath: "/a\\b.jpg"),
    Film(id: "", title: "", year: -1, runtime: 0, genres: ["\u{1F}"]),
  ]

  private static let pulledAt = Date(timeIntervalSince1970: 1_764_430_000)

  private func foundationBytes(_ snapshot: CatalogSnapshot) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(snapshot)
    data.append(UInt8(ascii: "\n"))
    return data
  }

  @Test(arguments: [
    ([Film](), nil),
    (films, nil),
    (films, Attribution(text: hostile, url: "https://example.com/?a=1&b=\"2\"")),
    ([Film(id: "1", title: "One")], Attribution.tmdb),
  ])
  func writesTheSameBytesAsFoundationsEncoder(films: [Film], attribution: Attribution?) throws {
    let snapshot = CatalogSnapshot(
      films: films, query: Self.hostile, source: "http://127.0.0.1:8080/search?query=\u{7}",
      pulledAt: Self.pulledAt, attribution: attribution)
    let written = try snapshot.data()
    #expect(written == (try foundationBytes(snapshot)))
  }

  @Test func escapesQuotesBackslashesAndControlCharacters() throws {
    let snapshot = CatalogSnapshot(
      films: [Film(id: "1", title: "a\"b\\c/d\u{0}\u{1}\u{8}\t\n\u{B}\u{C}\r\u{1B}\u{1F}\u{7F}é")],
      query: "", source: "s", pulledAt: Self.pulledAt)
    let text = String(decoding: try snapshot.data(), as: UTF8.self)
    #expect(
      text.contains(
        #""title" : "a\"b\\c/d\u0000\u0001\b\t\n\u000b\f\r\u001b\u001f"# + "\u{7F}é\""))
    // Nothing raw below U+0020 is left but the layout's own newlines.
    #expect(!text.utf8.contains { $0 < 0x20 && $0 != 0x0A })
  }

  @Test func hostileStringsComeBackUnchangedThroughTheCatalogReader() throws {
    let attribution = Attribution(text: Self.hostile, url: "https://example.com/\"x\"")
    let snapshot = CatalogSnapshot(
      films: Self.films, query: Self.hostile, source: "s", pulledAt: Self.pulledAt,
      attribution: attribution)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "snapshot-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    let data = try snapshot.data()
    try data.write(to: file)

    let contents = try CatalogFile.read(path: file.path).decode()
    #expect(contents.films == Self.films)
    #expect(contents.attribution == attribution)
    // The fast reader takes it, not only Foundation's decoder behind it.
    #expect(FilmJSONReader.readCatalog(data)?.0.films == Self.films)
  }

  @Test func theSameFilmsGiveTheSameBytes() throws {
    func bytes(_ films: [Film]) throws -> Data {
      try CatalogSnapshot(films: films, query: "q", source: "s", pulledAt: Self.pulledAt).data()
    }
    let first = try bytes(Self.films)
    // Films built again from scratch, so no storage is shared with the first run.
    let again = Self.films.map {
      Film(
        id: String($0.id), title: String($0.title), year: $0.year, runtime: $0.runtime,
        director: $0.director, genres: $0.genres, overview: $0.overview, posterPath: $0.posterPath)
    }
    #expect(try bytes(again) == first)
    #expect(try bytes(Array(Self.films.reversed())) != first)
  }
}
