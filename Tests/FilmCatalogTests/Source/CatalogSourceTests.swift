import Testing

@testable import FilmCatalog

@Suite struct CatalogSourceTests {
  @Test func defaultPageSizeIsTwenty() {
    #expect(CatalogSource.defaultPageSize == 20)
    #expect(CatalogSource(films: []).pageSize == 20)
  }

  @Test func pagesHoldTwentyFilmsInCatalogOrder() async throws {
    let films = numberedFilms(45)
    let source = CatalogSource(films: films)

    let pages = try await (1...4).asyncMap { try await source.search("", page: $0) }

    #expect(pages.map(\.count) == [20, 20, 5, 0])
    #expect(pages[0] == Array(films[0..<20]))
    #expect(pages[1] == Array(films[20..<40]))
    #expect(pages[2] == Array(films[40..<45]))
  }

  @Test func lastPageIsFullWhenFilmsDivideEvenly() async throws {
    let source = CatalogSource(films: numberedFilms(40))
    #expect(try await source.search("", page: 2).count == 20)
    #expect(try await source.search("", page: 3).isEmpty)
  }

  @Test(arguments: [0, -1, Int.min, 100, Int.max])
  func pageOutsideTheCatalogIsEmpty(page: Int) async throws {
    let source = CatalogSource(films: numberedFilms(45))
    #expect(try await source.search("", page: page).isEmpty)
  }

  @Test func emptyCatalogHasAnEmptyFirstPage() async throws {
    #expect(try await CatalogSource(films: []).search("", page: 1).isEmpty)
  }

  @Test(arguments: [
    ("KUBRICK", ["shining", "odyssey"]),
    ("kubrick", ["shining", "odyssey"]),
    ("the", ["shining", "matrix"]),
    ("MATRIX", ["matrix"]),
    ("wachowski", ["matrix"]),
    ("amelie", ["amelie"]),
    ("AMÉLIE", ["amelie"]),
    ("jeunet", ["amelie"]),
    ("Malmo", ["malmo"]),
    ("  kubrick\n", ["shining", "odyssey"]),
    ("2001", ["odyssey"]),
  ])
  func queryMatchesTitleOrDirectorIgnoringCaseAndDiacritics(
    query: String, expectedIDs: [String]
  ) async throws {
    let films = try await CatalogSource(films: catalog).search(query, page: 1)
    #expect(films.map(\.id) == expectedIDs)
  }

  @Test(arguments: ["", " ", "   \t\n "])
  func blankQueryMatchesEveryFilm(query: String) async throws {
    let films = try await CatalogSource(films: catalog).search(query, page: 1)
    #expect(films == catalog)
  }

  @Test func queryWithNoMatchesGivesAnEmptyFirstPage() async throws {
    let source = CatalogSource(films: catalog)
    #expect(try await source.search("tarkovsky", page: 1).isEmpty)
  }

  @Test func filmWithoutDirectorIsMatchedByTitle() async throws {
    let films = [Film(id: "1", title: "Unknown Director"), Film(id: "2", title: "Other")]
    let source = CatalogSource(films: films)
    #expect(try await source.search("unknown", page: 1) == [films[0]])
    #expect(try await source.search("director", page: 1) == [films[0]])
  }

  @Test func filteredResultsArePagedInCatalogOrder() async throws {
    // Odd-numbered films are directed by Kubrick: 23 of the 45.
    let films = (1...45).map { number in
      Film(
        id: "\(number)", title: "Film \(number)",
        director: number.isMultiple(of: 2) ? "Agnès Varda" : "Stanley Kubrick")
    }
    let source = CatalogSource(films: films, pageSize: 10)

    let pages = try await (1...4).asyncMap { try await source.search("kubrick", page: $0) }

    #expect(pages.map(\.count) == [10, 10, 3, 0])
    #expect(pages.joined().map(\.id) == (1...45).filter { !$0.isMultiple(of: 2) }.map(String.init))
  }

  @Test func changingTheQueryChangesTheResults() async throws {
    let source = CatalogSource(films: catalog)
    #expect(try await source.search("kubrick", page: 1).map(\.id) == ["shining", "odyssey"])
    #expect(try await source.search("matrix", page: 1).map(\.id) == ["matrix"])
    #expect(try await source.search("kubrick", page: 1).map(\.id) == ["shining", "odyssey"])
    #expect(try await source.search("", page: 1) == catalog)
  }

  @Test func customPageSizeSetsTheFilmsPerPage() async throws {
    let films = numberedFilms(15)
    let source = CatalogSource(films: films, pageSize: 7)

    let pages = try await (1...4).asyncMap { try await source.search("", page: $0) }

    #expect(source.pageSize == 7)
    #expect(pages.map(\.count) == [7, 7, 1, 0])
    #expect(Array(pages.joined()) == films)
  }

  @Test(arguments: [0, -5, Int.min])
  func pageSizeBelowOneBecomesOne(pageSize: Int) async throws {
    let films = numberedFilms(3)
    let source = CatalogSource(films: films, pageSize: pageSize)

    #expect(source.pageSize == 1)
    #expect(try await source.search("", page: 2) == [films[1]])
    #expect(try await source.search("", page: 4).isEmpty)
  }

  @Test func hugePageSizeDoesNotOverflow() async throws {
    let films = numberedFilms(3)
    let source = CatalogSource(films: films, pageSize: .max)

    #expect(try await source.search("", page: 1) == films)
    #expect(try await source.search("", page: 2).isEmpty)
    #expect(try await source.search("", page: 3).isEmpty)
  }
}

private let catalog = [
  Film(id: "shining", title: "The Shining", year: 1980, director: "Stanley Kubrick"),
  Film(id: "amelie", title: "Amélie", year: 2001, director: "Jean-Pierre Jeunet"),
  Film(id: "odyssey", title: "2001: A Space Odyssey", year: 1968, director: "Stanley Kubrick"),
  Film(id: "matrix", title: "The Matrix", year: 1999, director: "Lana Wachowski"),
  Film(id: "malmo", title: "Malmö Nights", director: "Unknown"),
]

private func numberedFilms(_ count: Int) -> [Film] {
  (1...count).map { Film(id: "\($0)", title: "Film \($0)") }
}

extension ClosedRange<Int> {
  /// Maps the range in order, awaiting each element before the next.
  fileprivate func asyncMap<T>(_ transform: (Int) async throws -> T) async rethrows -> [T] {
    var results: [T] = []
    for element in self { results.append(try await transform(element)) }
    return results
  }
}
