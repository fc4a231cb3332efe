import FilmSiteSupport
import Foundation
import Testing

@testable import FilmCatalog

/// The one reading of a release date's year, which catalogs and TMDB share.
@Suite struct ReleaseDateTests {
  @Test(arguments: [
    ("1999-10-15", 1999), ("1999", 1999), ("0042-01-01", 42), ("2001-ish", 2001),
    ("2001é", 2001),
  ])
  func theYearIsTheFirstFourDigits(date: String, year: Int) {
    #expect(ReleaseDate.year(of: date) == year)
  }

  /// Four characters that are not four ASCII digits, a combining mark on
  /// the fourth digit included, are no year.
  @Test(arguments: [
    "", "99", "199", "soon", "+999-10-15", "-999-10-15", "１９９９-10-15", "1999\u{301}-10-15",
    " 1999",
  ])
  func anythingElseHasNoYear(date: String) {
    #expect(ReleaseDate.year(of: date) == nil)
  }

  /// The year a catalog reads is the year `Character`s give, which is what
  /// Foundation's decoder sees.
  @Test(arguments: ["1999-10-15", "1999\u{301}", "1999\u{200D}x", "1999é", "12345"])
  func agreesWithTheFirstFourCharacters(date: String) {
    let characters = date.prefix(4)
    let expected =
      characters.count == 4 && characters.allSatisfy { $0.isASCII && $0.isNumber }
      ? Int(characters) : nil
    #expect(ReleaseDate.year(of: date) == expected)
  }

  /// TMDB's results and catalogs read years alike; a catalog's odd date is an
  /// error the user can fix, while a search result's is an unknown year.
  @Test(arguments: ["2007-03-02", "", " ", "soon", "99-1-1"])
  func tmdbResultsTakeTheSameYearOrNone(date: String) throws {
    let json = #"{"id": 1, "title": "T", "release_date": "\#(date)"}"#
    let movie = try JSONDecoder().decode(TMDBSearchResults.Movie.self, from: Data(json.utf8))
    #expect(movie.year == ReleaseDate.year(of: date))
    let catalog = Data("[\(json)]".utf8)
    if date.isBlank || ReleaseDate.year(of: date) != nil {
      #expect(try CatalogDecoder.decode(catalog, file: "t.json").first?.year == movie.year)
    } else {
      #expect(throws: CatalogError.self) { try CatalogDecoder.decode(catalog, file: "t.json") }
    }
  }

  /// A blank release date is no date: a film without a `year` then has an
  /// unknown year, as one with an empty date has, rather than stopping the
  /// build, since its pages leave a blank date out without a warning.
  @Test(arguments: [" ", "\t ", "\u{3000}", "\n"])
  func aBlankDateInACatalogIsAnUnknownYear(date: String) throws {
    let encoded = try #require(String(data: JSONEncoder().encode(date), encoding: .utf8))
    let catalog = Data(#"[{"id": 1, "title": "T", "release_date": \#(encoded)}]"#.utf8)
    let films = try CatalogDecoder.decode(catalog, file: "t.json")
    #expect(films.count == 1)
    #expect(films.first?.year == nil)
    #expect(films.first?.releaseDate == date)
  }
}
