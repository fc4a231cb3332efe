import Testing

@testable import FilmCatalog

/// A film is a value: its copies share their fields, but equality and
/// hashing go by the fields alone.
@Suite struct FilmTests {
  private static let heat = Film(
    id: "949", title: "Heat", year: 1995, runtime: 170, director: "Michael Mann",
    genres: ["Crime", "Drama"], overview: "A *heist*.", posterPath: "/heat.jpg")

  private func rebuilt(_ film: Film, title: String? = nil, genres: [String]? = nil) -> Film {
    Film(
      id: film.id, title: title ?? film.title, year: film.year, runtime: film.runtime,
      director: film.director, genres: genres ?? film.genres, overview: film.overview,
      posterPath: film.posterPath)
  }

  @Test func filmsMadeApartWithTheSameFieldsAreEqualAndHashAlike() {
    let copy = rebuilt(Self.heat)
    #expect(copy == Self.heat)
    #expect(Set([copy, Self.heat]).count == 1)
    #expect(copy.hashValue == Self.heat.hashValue)
  }

  @Test func anyFieldMakesADifference() {
    #expect(rebuilt(Self.heat, title: "Heat!") != Self.heat)
    #expect(rebuilt(Self.heat, genres: ["Crime"]) != Self.heat)
    #expect(Film(id: "949", title: "Heat") != Film(id: "949", title: "Heat", year: 1995))
    #expect(Film(id: "1", title: "A", director: nil) != Film(id: "1", title: "A", director: ""))
  }

  @Test func aMirrorShowsEveryField() {
    let children = Mirror(reflecting: Self.heat).children
    #expect(
      children.map(\.label) == [
        "id", "title", "year", "runtime", "director", "genres", "overview", "posterPath",
        "originalTitle", "tagline", "releaseDate", "rating", "voteCount", "cast", "writers",
        "countries", "backdropPath", "trailer", "imdbId", "homepage",
      ])
    #expect(children.first?.value as? String == "949")
  }
}
