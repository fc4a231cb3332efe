import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

@Suite struct BuildFingerprintTests {
  private static let film = Film(
    id: "1", title: "Heat", year: 1995, runtime: 170, director: "Michael Mann",
    genres: ["Crime", "Drama"], overview: "A *heist*.", posterPath: "/heat.jpg")

  private func fingerprint(
    _ films: [Film], configuration: SiteConfiguration = SiteConfiguration(),
    theme: String = Fixtures.templatesDirectory
  ) throws -> ContentHash {
    try BuildFingerprint.make(
      films: films, theme: Theme.load(from: theme), configuration: configuration)
  }

  @Test func sameInputsGiveTheSameFingerprint() throws {
    #expect(try fingerprint([Self.film]) == fingerprint([Self.film]))
  }

  @Test func everyByteOfALargeCatalogCounts() {
    // Hashed a mebibyte at a time on every core: a byte in a later part counts too.
    var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 3 << 20)
    let before = BuildFingerprint.hash(of: Data(bytes))
    #expect(BuildFingerprint.hash(of: Data(bytes)) == before)
    bytes[(2 << 20) + 5] = UInt8(ascii: "y")
    #expect(BuildFingerprint.hash(of: Data(bytes)) != before)
    #expect(
      BuildFingerprint.hash(of: Data(bytes.dropLast())) != BuildFingerprint.hash(of: Data(bytes)))
  }

  @Test func everyFieldOfAFilmCounts() throws {
    // Every field of the table, new ones too, is pinned by BuildFingerprintFieldTests.
    let f = Self.film
    let variants = [
      Film(
        id: "2", title: f.title, year: f.year, runtime: f.runtime, director: f.director,
        genres: f.genres, overview: f.overview, posterPath: f.posterPath),
      Film(
        id: f.id, title: "Heat!", year: f.year, runtime: f.runtime, director: f.director,
        genres: f.genres, overview: f.overview, posterPath: f.posterPath),
      Film(
        id: f.id, title: f.title, year: nil, runtime: f.runtime, director: f.director,
        genres: f.genres, overview: f.overview, posterPath: f.posterPath),
      Film(
        id: f.id, title: f.title, year: f.year, runtime: 171, director: f.director,
        genres: f.genres, overview: f.overview, posterPath: f.posterPath),
      Film(
        id: f.id, title: f.title, year: f.year, runtime: f.runtime, director: nil,
        genres: f.genres, overview: f.overview, posterPath: f.posterPath),
      Film(
        id: f.id, title: f.title, year: f.year, runtime: f.runtime, director: f.director,
        genres: ["Crime Drama"], overview: f.overview, posterPath: f.posterPath),
      Film(
        id: f.id, title: f.title, year: f.year, runtime: f.runtime, director: f.director,
        genres: f.genres, overview: "A heist.", posterPath: f.posterPath),
      Film(
        id: f.id, title: f.title, year: f.year, runtime: f.runtime, director: f.director,
        genres: f.genres, overview: f.overview, posterPath: nil),
    ]
    let original = try fingerprint([f])
    for variant in variants {
      #expect(try fingerprint([variant]) != original, "\(variant)")
    }
  }

  @Test func orderSettingsAndThemeCount() throws {
    let other = Film(id: "2", title: "Alien")
    #expect(try fingerprint([Self.film, other]) != fingerprint([other, Self.film]))
    #expect(
      try fingerprint([Self.film], configuration: SiteConfiguration(pageSize: 10))
        != fingerprint([Self.film]))

    let theme = FileManager.default.temporaryDirectory.appendingPathComponent(
      "filmsite-fingerprint-\(UUID().uuidString)"
    ).path
    try FileManager.default.copyItem(atPath: Fixtures.templatesDirectory, toPath: theme)
    defer { try? FileManager.default.removeItem(atPath: theme) }
    let before = try fingerprint([Self.film], theme: theme)
    try "body { color: red }".write(
      toFile: theme + "/assets/extra.css", atomically: true, encoding: .utf8)
    #expect(try fingerprint([Self.film], theme: theme) != before)
  }

  /// The theme counts as it is loaded, links followed: a theme folder that is a
  /// link must not make every build look up to date.
  @Test func aThemeReachedThroughALinkCounts() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "filmsite-fingerprint-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Fixtures.templatesDirectory, toPath: root + "/real")
    try FileManager.default.createSymbolicLink(
      atPath: root + "/Templates", withDestinationPath: root + "/real")
    let before = try fingerprint([Self.film], theme: root + "/Templates")
    let layout = try String(contentsOfFile: root + "/real/layout.html", encoding: .utf8)
    try (layout + "<!-- changed -->\n").write(
      toFile: root + "/real/layout.html", atomically: true, encoding: .utf8)
    #expect(try fingerprint([Self.film], theme: root + "/Templates") != before)
  }
}
