import FilmCatalog
import Testing

@testable import FilmSite

/// The last build's order, kept for the films that did not change, with the
/// others placed by a binary search, is the order a sort of every film gives.
@Suite struct KeptOrderTests {
  /// Titles that fold alike, differ only in case or accents, or hold numbers,
  /// so that most comparisons go past the folded title.
  private static let titles = [
    "Film 2", "Film 10", "film 2", "Fílm 2", "Alien", "alien", "Aliens", "Ælien", "Zoë", "Zoe",
    "The Film", "", "!!!", "10 Things", "9 Lives", "Café", "Cafe", "CAFÉ", "Ω", "a", "A",
  ]

  private static func randomFilm(id: Int, using random: inout SplitMix64) -> Film {
    let title = random.pick(titles) + (random.chance(50) ? " \(random.int(0...30))" : "")
    return Film(
      id: String(id), title: title, year: random.chance(20) ? nil : random.int(1990...1995))
  }

  /// `films` in site order with their routes, as a plan with no kept order makes them.
  private static func reference(_ films: [Film]) throws -> (
    films: [(film: Film, route: Route)], sourceOffsets: [Int]
  ) {
    let routed = try films.enumerated().map { offset, film in
      (film: film, route: try film.route(), offset: offset)
    }
    let sorted = FilmOrder.sorted(routed) { $0.film }
    return (sorted.map { ($0.film, $0.route) }, sorted.map(\.offset))
  }

  /// Each film's place in `order` and its route, by its offset in the source.
  private static func places(
    of order: (films: [(film: Film, route: Route)], sourceOffsets: [Int])
  ) -> [(position: Int, route: Route)?] {
    var places = [(position: Int, route: Route)?](repeating: nil, count: order.films.count)
    for (position, offset) in order.sourceOffsets.enumerated() {
      places[offset] = (position, order.films[position].route)
    }
    return places
  }

  private static func expectSame(
    _ kept: (films: [(film: Film, route: Route)], sourceOffsets: [Int])?,
    _ reference: (films: [(film: Film, route: Route)], sourceOffsets: [Int]),
    _ comment: Comment
  ) {
    #expect(kept?.sourceOffsets == reference.sourceOffsets, comment)
    #expect(kept?.films.map(\.film) == reference.films.map(\.film), comment)
    #expect(kept?.films.map(\.route) == reference.films.map(\.route), comment)
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func changedFilmsPlacedAmongTheKeptOnesGiveTheSortedOrder(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var films = (0..<random.int(0...300)).map { Self.randomFilm(id: $0, using: &random) }
    var nextID = films.count
    for round in 0..<12 {
      let last = try Self.reference(films)
      // Each film's place by its offset; an edited or added film has none.
      var places = Self.places(of: last)
      let lastCount = films.count
      for _ in 0..<random.int(0...6) {
        switch random.int(0...3) {
        case 0 where !films.isEmpty:
          // Retitled (its route and place change) or given another year.
          let offset = random.int(0...films.count - 1)
          let other = Self.randomFilm(id: 0, using: &random)
          films[offset] = Film(
            id: films[offset].id, title: random.chance(70) ? other.title : films[offset].title,
            year: other.year)
          places[offset] = nil
        case 1 where !films.isEmpty:
          let offset = random.int(0...films.count - 1)
          films.remove(at: offset)
          places.remove(at: offset)
        default:
          let offset = random.int(0...films.count)
          films.insert(Self.randomFilm(id: nextID, using: &random), at: offset)
          places.insert(nil, at: offset)
          nextID += 1
        }
      }
      let kept = KeptOrder(places: places, lastCount: lastCount)
      Self.expectSame(
        kept.ordered(films), try Self.reference(films), "seed \(seed), round \(round)")
    }
  }

  @Test func aPlanWithTheKeptOrderIsThePlanWithout() throws {
    var random = SplitMix64(seed: 99)
    let films = (0..<200).map { Self.randomFilm(id: $0, using: &random) }
    let configuration = SiteConfiguration(pageSize: 7)
    let last = try SitePlan(films: films, configuration: configuration)
    var places = Self.places(of: (last.films, last.sourceOffsets))
    var edited = films
    for offset in stride(from: 3, to: films.count, by: 17) {
      edited[offset] = Film(id: films[offset].id, title: "Retitled \(offset)", year: 1990)
      places[offset] = nil
    }
    let kept = KeptOrder(places: places, lastCount: films.count)
    let plan = try SitePlan(films: edited, configuration: configuration, kept: kept)
    let reference = try SitePlan(films: edited, configuration: configuration)
    Self.expectSame(
      (plan.films, plan.sourceOffsets), (reference.films, reference.sourceOffsets), "")
    #expect(plan.lists.map(\.route) == reference.lists.map(\.route))
    #expect(plan.lists.map(\.positions) == reference.lists.map(\.positions))
  }

  @Test func keptPlacesThatCannotBeTheLastOrderAreNotUsed() throws {
    let films = (0..<4).map { Film(id: String($0), title: "Film \($0)") }
    let order = try Self.reference(films)
    let places = Self.places(of: order)
    #expect(KeptOrder(places: places, lastCount: 4).ordered(films) != nil)
    // Another number of films than places.
    #expect(KeptOrder(places: places, lastCount: 4).ordered(Array(films.dropLast())) == nil)
    // Two films at one place.
    var twice = places
    twice[1] = places[2]
    #expect(KeptOrder(places: twice, lastCount: 4).ordered(films) == nil)
    // A place past the last build's films.
    var past = places
    past[0] = (4, places[0]?.route ?? .root)
    #expect(KeptOrder(places: past, lastCount: 4).ordered(films) == nil)
  }

  @Test func aChangedFilmWhoseRouteIsAnothersLeavesTheOrderToThePlan() throws {
    // Film 7 is retitled to the title that gives film 7's id the same route as
    // a kept film of the same id: the plan reports the duplicate, the kept
    // order does not hide it.
    let films = [
      Film(id: "7", title: "Café"), Film(id: "8", title: "Other"), Film(id: "7", title: "Cafe"),
    ]
    let places: [(position: Int, route: Route)?] = [
      (0, try films[0].route()), (1, try films[1].route()), nil,
    ]
    #expect(try films[0].route() == films[2].route())
    #expect(KeptOrder(places: places, lastCount: 3).ordered(films) == nil)
    #expect(throws: SiteError.self) {
      try SitePlan(
        films: films, configuration: SiteConfiguration(),
        kept: KeptOrder(places: places, lastCount: 3))
    }
    // Two changed films with one route.
    let bothChanged: [(position: Int, route: Route)?] = [nil, (1, try films[1].route()), nil]
    #expect(KeptOrder(places: bothChanged, lastCount: 3).ordered(films) == nil)
    // A changed film whose id cannot be a path.
    let unroutable = [Film(id: "", title: "No id")]
    #expect(KeptOrder(places: [nil], lastCount: 0).ordered(unroutable) == nil)
  }

  @Test func aKeptRouteThatIsNotTheFilmsPageIsNotUsed() throws {
    let films = [Film(id: "1", title: "A"), Film(id: "2", title: "B")]
    let route = try films[0].route()
    for wrong in [
      Route(["films", "2-a"]), Route(["x", route.components[1]]), Route.root,
      Route(["films", "1-../x"]), Route(["films", "1a"]), Route(["films", "12-a"]),
      Route(["films", "1-A"]),
    ] {
      let places: [(position: Int, route: Route)?] = [(0, wrong), (1, try films[1].route())]
      #expect(KeptOrder(places: places, lastCount: 2).ordered(films) == nil)
    }
    let places: [(position: Int, route: Route)?] = [(0, route), (1, try films[1].route())]
    #expect(KeptOrder(places: places, lastCount: 2).ordered(films) != nil)
    // A film page with no slug is its id's folder alone.
    let bare: [(position: Int, route: Route)?] = [
      (0, Route(["films", "1"])), (1, try films[1].route()),
    ]
    #expect(KeptOrder(places: bare, lastCount: 2).ordered(films) != nil)
  }
}
