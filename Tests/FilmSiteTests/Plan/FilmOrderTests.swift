import Testing

@testable import FilmCatalog
@testable import FilmSite

@Suite struct FilmOrderTests {
  private func titles(_ films: [Film]) -> [String] { FilmOrder.sorted(films).map(\.title) }

  @Test func sortsByTitleIgnoringCaseAndAccentsWithNumbersByValue() {
    let films = ["b", "Film 10", "Amélie", "film 2", "Zulu", "alien", "Film 1", "8½", "10 Things"]
      .enumerated().map { Film(id: String($0.offset), title: $0.element) }
    #expect(
      titles(films) == [
        "8½", "10 Things", "alien", "Amélie", "b", "Film 1", "film 2", "Film 10", "Zulu",
      ])
  }

  @Test func tiesBreakOnExactTitleThenYearThenID() {
    let films = [
      Film(id: "b", title: "Heat", year: 1995), Film(id: "a", title: "Heat", year: 1995),
      Film(id: "c", title: "Heat"), Film(id: "d", title: "Heat", year: 1986),
      Film(id: "e", title: "HEAT", year: 2000),
    ]
    #expect(FilmOrder.sorted(films).map(\.id) == ["e", "d", "a", "b", "c"])
  }

  @Test func orderDoesNotDependOnTheInputOrder() {
    var generator = SystemRandomNumberGenerator()
    let films = (0..<500).map { number in
      Film(
        id: String(number), title: ["Heat", "heat", "Héat", "Alien", "", "2001", "千"][number % 7],
        year: number % 3 == 0 ? nil : 1990 + number % 5)
    }
    let expected = FilmOrder.sorted(films)
    for _ in 0..<5 {
      #expect(FilmOrder.sorted(films.shuffled(using: &generator)) == expected)
    }
  }

  /// Past 4,096 films the list is sorted in parts on every core and merged;
  /// each neighbouring pair must still be in the order a two-film sort gives.
  @Test func aListSortedInPartsIsInOrderThroughout() {
    var generator = SystemRandomNumberGenerator()
    let words = ["Heat", "heat", "Héat", "Alien", "", "2001", "千", "Film 10", "film 9", "Zulu"]
    let films = (0..<12_000).map { number in
      Film(
        id: String(number), title: words[number % words.count] + " \(number % 97)",
        year: number % 3 == 0 ? nil : 1990 + number % 5)
    }
    let sorted = FilmOrder.sorted(films.shuffled(using: &generator))
    #expect(Set(sorted.map(\.id)).count == films.count)
    let outOfOrder = zip(sorted, sorted.dropFirst()).filter { pair in
      FilmOrder.sorted([pair.1, pair.0]) != [pair.0, pair.1]
    }
    #expect(outOfOrder.isEmpty)
    #expect(FilmOrder.sorted(films.reversed()) == sorted)
  }

  @Test func leadingZerosDoNotChangeANumbersValue() {
    let films = [
      "Film 3", "Film 002", "Film 2", "Film 10b", "Film 10", "Film 0", "Film", "Film 2 b",
    ]
    .enumerated().map { Film(id: String($0.offset), title: $0.element) }
    // "Film 002" and "Film 2" have the same key; the exact title breaks the tie.
    #expect(
      titles(films) == [
        "Film", "Film 0", "Film 002", "Film 2", "Film 2 b", "Film 3", "Film 10", "Film 10b",
      ])
  }
}
