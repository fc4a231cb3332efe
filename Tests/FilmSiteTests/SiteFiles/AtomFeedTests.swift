import FilmCatalog
import Foundation
import Testing

@testable import FilmSite

@Suite struct AtomFeedTests {
  private static let base = "https://example.org/"

  /// The text of `values` as Unicode scalars: Swift's literals refuse some noncharacters.
  static func scalars(_ values: UInt32...) -> String {
    String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init)))
  }

  /// A film released on `released` (`YYYY-MM-DD`), or in `year` only.
  private static func film(
    _ id: String, _ title: String, released: String? = nil, year: Int? = nil,
    overview: String? = nil
  ) -> (film: Film, route: Route) {
    let film = Film(id: id, title: title, year: year, overview: overview).with {
      $0.releaseDate = released
    }
    return (film, Route(["films", id]))
  }

  private static func text(_ file: OutputFile) -> String {
    String(decoding: file.contents, as: UTF8.self)
  }

  private static func day(_ text: String) throws -> ContentDate {
    ContentDate(try #require(CalendarDay(text)))
  }

  @Test func newestFilmsComeFirstUpToTheLimit() {
    let films = [
      Self.film("1", "Old", released: "1950-06-01"),
      Self.film("2", "Newest", released: "2024-03-09"),
      Self.film("3", "Middle", released: "1999-10-15"),
    ]
    let entries = AtomFeed.newestFilms(films, limit: 2)
    #expect(entries.map(\.title) == ["Newest", "Middle"])
    #expect(entries.map(\.route) == [Route(["films", "2"]), Route(["films", "3"])])
    #expect(AtomFeed.newestFilms(films, limit: 0).isEmpty)
    #expect(AtomFeed.newestFilms(films, limit: 10).count == 3)
  }

  @Test func filmsOfOneDayAreOrderedByRouteWhateverTheInputOrder() {
    let films = ["c", "a", "b"].map { Self.film($0, "Same day \($0)", released: "2001-01-01") }
    let expected = [Route(["films", "a"]), Route(["films", "b"]), Route(["films", "c"])]
    #expect(AtomFeed.newestFilms(films, limit: 3).map(\.route) == expected)
    #expect(AtomFeed.newestFilms(films.reversed(), limit: 3).map(\.route) == expected)
    // The limit cuts the same films off, whichever order they came in.
    #expect(
      AtomFeed.newestFilms(films.reversed(), limit: 2).map(\.route) == [expected[0], expected[1]])
  }

  @Test func aFilmWithoutAReleaseDateIsDatedByItsYearAndOneWithNeitherIsLeftOut() throws {
    let films = [
      Self.film("1", "Year only", year: 1999),
      Self.film("2", "Neither"),
      Self.film("3", "Not a day", released: "1999-02-30", year: 1998),
      Self.film("4", "Released", released: " 1999-01-02 ", year: 1999),
    ]
    let entries = AtomFeed.newestFilms(films, limit: 10)
    #expect(entries.map(\.title) == ["Released", "Year only", "Not a day"])
    #expect(
      try entries.map(\.updated) == [
        Self.day("1999-01-02"), Self.day("1999-01-01"), Self.day("1998-01-01"),
      ])
  }

  @Test func theFeedIsDatedByItsNewestEntryAndListsEntriesNewestFirst() throws {
    let entries = [
      FeedEntry(title: "Old", route: Route(["a"]), updated: try Self.day("2001-05-06")),
      FeedEntry(
        title: "Page", route: Route(["about"]),
        updated: try #require(
          ContentDate(
            year: 2026, month: 11, day: 30, hour: 9, minute: 5, second: 0, offsetMinutes: 60))),
    ]
    let text = Self.text(AtomFeed.file(title: "Films", baseURL: Self.base, entries: entries))
    #expect(text.contains("  <updated>2026-11-30T09:05:00+01:00</updated>\n  <author>"))
    let page = try #require(text.range(of: "<title>Page</title>"))
    let old = try #require(text.range(of: "<title>Old</title>"))
    #expect(page.lowerBound < old.lowerBound)
  }

  @Test func anEmptyFeedIsDatedAtTheEpochNotByTheClock() {
    let text = Self.text(AtomFeed.file(title: "Films", baseURL: Self.base, entries: []))
    #expect(text.contains("<updated>1970-01-01T00:00:00Z</updated>"))
    #expect(!text.contains("<entry>"))
  }

  @Test func linksAndIdsAreAbsoluteUnderASubPathBaseURL() throws {
    let base = "https://example.org/o'brien&co/films/"
    let entry = FeedEntry(
      title: "Vertigo", route: Route(["films", "426-vertigo"]), updated: try Self.day("1958-05-09"))
    let text = Self.text(AtomFeed.file(title: "Films", baseURL: base, entries: [entry]))
    let escaped = "https://example.org/o&apos;brien&amp;co/films/"
    #expect(text.contains("<id>\(escaped)</id>"))
    #expect(
      text.contains(
        "<link rel=\"self\" type=\"application/atom+xml\" href=\"\(escaped)feed.xml\"/>"))
    #expect(text.contains("<link rel=\"alternate\" type=\"text/html\" href=\"\(escaped)\"/>"))
    #expect(text.contains("href=\"\(escaped)films/426-vertigo/\"/>"))
    #expect(text.contains("<id>\(escaped)films/426-vertigo/</id>"))
    #expect(!text.contains("href=\"films/") && !text.contains("href=\"/"))
  }

  @Test(arguments: [
    ("</title><script>alert(1)</script>", "&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;"),
    ("a]]>b<![CDATA[c", "a]]&gt;b&lt;![CDATA[c"),
    ("\"quoted\" & 'single'", "&quot;quoted&quot; &amp; &apos;single&apos;"),
    ("nul\u{0}bell\u{7}esc\u{1B}vt\u{B}ff\u{C}", "nulbellescvtff"),
    ("not" + Self.scalars(0xFFFE, 0xFFFF) + "chars" + Self.scalars(0xFDD0, 0x1FFFE), "notchars"),
    ("tab\tline\nkept", "tab\tline\nkept"),
    (
      "\u{202E}evil\u{202C} \u{200F}rtl \u{2066}iso\u{2069}",
      "\u{202E}evil\u{202C} \u{200F}rtl \u{2066}iso\u{2069}"
    ),
    ("e\u{301} 🎬 \u{E000} ﷺ", "e\u{301} 🎬 \u{E000} ﷺ"),
  ])
  func hostileTitlesAndSummariesAreEscapedForXML(hostile: String, escaped: String) throws {
    let entry = FeedEntry(
      title: hostile, route: Route(["films", "1"]), updated: try Self.day("2000-01-01"),
      summary: "<b>" + hostile + "</b>")
    let text = Self.text(AtomFeed.file(title: hostile, baseURL: Self.base, entries: [entry]))
    #expect(text.contains("<title>\(escaped)</title>\n  <id>"))
    #expect(text.contains("<author><name>\(escaped)</name></author>"))
    #expect(text.contains("    <title>\(escaped)</title>\n"))
    #expect(text.contains("<summary>&lt;b&gt;\(escaped)&lt;/b&gt;</summary>"))
    #expect(!text.contains("<script") && !text.contains("]]>"))
    #expect(!text.unicodeScalars.contains(where: Escaping.isForbidden))
  }

  @Test func aBlankSummaryIsLeftOut() throws {
    let entry = FeedEntry(
      title: "A", route: Route(["a"]), updated: try Self.day("2000-01-01"), summary: " \n ")
    let text = Self.text(AtomFeed.file(title: "Films", baseURL: Self.base, entries: [entry]))
    #expect(!text.contains("<summary"))
  }

  @Test func theSameEntriesInAnyOrderGiveTheSameBytes() throws {
    let films = (1...30).map { number in
      Self.film(
        String(number), "Film \(number)",
        released: "20\(10 + number % 7)-0\(1 + number % 9)-1\(number % 10)",
        overview: "Overview \(number)")
    }
    let first = AtomFeed.file(
      title: "Films", baseURL: Self.base, entries: AtomFeed.newestFilms(films, limit: 12))
    for _ in 0..<5 {
      let shuffled = AtomFeed.newestFilms(films.shuffled(), limit: 12).shuffled()
      let again = AtomFeed.file(title: "Films", baseURL: Self.base, entries: shuffled)
      #expect(again.bytes == first.bytes)
    }
    #expect(first.path == "feed.xml")
  }

  @Test func aSmallFeedMatchesItsGoldenFile() throws {
    let films = try [
      Self.film(
        "426", "Vertigo", released: "1958-05-09",
        overview: "A retired detective with a fear of heights is hired to follow a woman."),
      Self.film("962", "The Gold Rush", year: 1925),
      Self.film("1", "Undated"),
    ].map { ($0.film, try $0.film.route()) }
    var entries = AtomFeed.newestFilms(films, limit: 10)
    entries.append(
      FeedEntry(
        title: "About this catalog", route: Route(["about"]),
        updated: try #require(
          ContentDate(
            year: 2026, month: 11, day: 30, hour: 18, minute: 30, second: 2, offsetMinutes: -300)),
        summary: "Who keeps it & why."))
    let file = AtomFeed.file(
      title: "Film Society", baseURL: "https://example.org/society/", entries: entries)
    try assertSnapshot(Self.text(file), named: "feed.xml")
  }
}
