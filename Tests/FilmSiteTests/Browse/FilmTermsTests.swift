import FilmSiteSupport
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// The terms a taxonomy keeps for each film are the terms its names, as
/// ``Taxonomy/names(of:kind:castPagesPerFilm:)`` gives them, are found by.
@Suite struct FilmTermsTests {
  /// Names that trim, repeat, differ in spelling but not as text, or only in case.
  private static let pieces = [
    "Drama", " Drama", "Drama ", "drama", "Agnès Varda", "Agne\u{301}s Varda", "  ", "", "黒澤明",
    "B", "b", "Noir",
  ]

  private static func randomFilm(_ id: Int, using generator: inout some RandomNumberGenerator)
    -> Film
  {
    func some(_ count: ClosedRange<Int>) -> [String] {
      (0..<Int.random(in: count, using: &generator)).map { _ in
        pieces.randomElement(using: &generator) ?? ""
      }
    }
    let cast = some(0...8).map { Film.CastMember(name: $0) }
    return Film(
      id: String(id), title: "F\(id)",
      year: Bool.random(using: &generator) ? Int.random(in: 1990...1995, using: &generator) : nil,
      director: Bool.random(using: &generator) ? pieces.randomElement(using: &generator) : nil,
      genres: some(0...4)
    ).with { $0.cast = cast }
  }

  @Test func eachFilmsTermsAreTheTermsOfItsNames() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<50 {
      let films = (0..<Int.random(in: 1...60, using: &generator)).map {
        Self.randomFilm($0, using: &generator)
      }
      let castPagesPerFilm = Int.random(in: 1...6, using: &generator)
      let browse = BrowseIndex(films: films, castPagesPerFilm: castPagesPerFilm)
      for kind in [TaxonomyKind.genres, .directors, .years, .cast] {
        for (position, film) in films.enumerated() {
          let looked = Taxonomy.names(of: film, kind: kind, castPagesPerFilm: castPagesPerFilm)
            .map { browse[kind].term(named: $0) }
          #expect(looked.allSatisfy { $0 != nil })
          #expect(
            browse.terms(ofFilmAt: position, kind: kind).map(\.slug) == looked.map { $0?.slug },
            "\(kind) of \(film)")
        }
      }
    }
  }

  @Test func aNotesTagsAreItsTermsInTheNotesOrder() {
    let films = (1...3).map { Film(id: "\($0)", title: "F\($0)") }
    let tags = [["noir", "Paris"], [], ["Paris", "noir", "1960s"]]
    let browse = BrowseIndex(films: films, tags: tags, castPagesPerFilm: 5)
    #expect(browse.terms(ofFilmAt: 0, kind: .tags).map(\.name) == ["noir", "Paris"])
    #expect(browse.terms(ofFilmAt: 1, kind: .tags).isEmpty)
    #expect(browse.terms(ofFilmAt: 2, kind: .tags).map(\.name) == ["Paris", "noir", "1960s"])
  }
}
