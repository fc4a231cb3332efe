import FilmCatalog
import Testing

@testable import FilmSite

/// The last build's taxonomies, kept for a rebuild (new names put among
/// them, terms left with no film taken out), are the taxonomies made from
/// the names; a rebuild they cannot serve makes them from the names.
@Suite struct KeptTermsTests {
  /// Names that recur, two spelt two ways (`é`, `Zoë`), and two whose slugs meet.
  private static let names = [
    "Drama", "Comedy", "Zoë", "Zoe\u{308}", "é", "e\u{301}", "Ann Lee", "Ann-Lee", "Bo", "Cy",
  ]

  /// A film with names from ``names``, and with `fresh` gives a new name
  /// instead of one of them, about one time in three.
  private static func randomFilm(
    id: Int, using random: inout SplitMix64, fresh: ((inout SplitMix64) -> String)? = nil
  ) -> Film {
    func name() -> String {
      if let fresh, random.chance(33) { return fresh(&random) }
      return random.pick(names)
    }
    let year = random.chance(20) ? nil : random.int(1990...1993)
    let director = random.chance(20) ? nil : name()
    let genres = (0..<random.int(0...2)).map { _ in name() }
    let cast = (0..<random.int(0...4)).map { _ in Film.CastMember(name: name()) }
    return Film(
      id: String(id), title: "Film \(random.int(0...40))", year: year, director: director,
      genres: genres
    ).with { $0.cast = cast }
  }

  /// What a state keeps of `plan`: each kind's terms, and each film's ranks by its source offset.
  private static func kept(of plan: SitePlan) -> (
    terms: [[SiteState.TermName]], ranks: [[[Int32]]]
  ) {
    let terms = SiteState.keptKinds.map { kind in
      plan.browse[kind].terms.map { SiteState.TermName(name: $0.name, slug: $0.slug) }
    }
    var ranks = [[[Int32]]](repeating: [], count: plan.films.count)
    for (position, offset) in plan.sourceOffsets.enumerated() {
      ranks[offset] = SiteState.keptKinds.map {
        Array(plan.browse[$0].ranks(ofFilmAt: position))
      }
    }
    return (terms, ranks)
  }

  private static func expectSame(
    _ kept: BrowseIndex, _ reference: BrowseIndex, films: Int, _ comment: Comment
  ) {
    for kind in TaxonomyKind.allCases {
      let (left, right) = (kept[kind], reference[kind])
      #expect(left.terms == right.terms, comment)
      #expect(
        left.terms.map { Array($0.name.utf8) } == right.terms.map { Array($0.name.utf8) }, comment)
      for position in 0..<films {
        #expect(left.ranks(ofFilmAt: position) == right.ranks(ofFilmAt: position), comment)
      }
      // Every name a film has, new ones too, is found as the reference finds it.
      var named = Set(names + ["nobody"])
      for position in 0..<films {
        named.formUnion(right.terms(ofFilmAt: position).map(\.name))
      }
      for name in named.sorted() {
        #expect(left.term(named: name) == right.term(named: name), comment)
      }
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func keptTermsAreTheTermsMadeFromTheNames(seed: UInt64) throws {
    let served = try Self.servedRounds(seed: seed, fresh: nil)
    // Most rounds change no name's spelling or set, and the kept terms serve them.
    #expect(served.all >= 5, "seed \(seed): served \(served.all) of 25")
  }

  /// More films than one run of ranks (``KeptTerms`` reads them a few
  /// thousand at a time, on every core), so that runs are joined.
  @Test func theRanksOfManyFilmsAreJoinedInTheirOrder() throws {
    let served = try Self.servedRounds(seed: 41, fresh: nil, films: 9_000...9_000, rounds: 3)
    #expect(served.all >= 2, "served \(served.all) of 3")
  }

  /// A damaged state whose terms hold one name spelt two ways: a film that
  /// spells it either way would be under two terms. The same terms with
  /// another name in its place serve.
  @Test(arguments: [("Zoe\u{308}", true), ("Cy", false)])
  func keptTermsWithOneNameTwiceAreNotUsed(added name: String, isRepeat: Bool) throws {
    let films = [
      Film(id: "1", title: "A", director: "Zoë"), Film(id: "2", title: "B", director: "Ann"),
      Film(id: "3", title: "C", director: "Ann"),
    ]
    let plan = try SitePlan(films: films, configuration: SiteConfiguration())
    var (terms, ranks) = Self.kept(of: plan)
    let directors = try #require(SiteState.keptKinds.firstIndex(of: .directors))
    terms[directors].append(SiteState.TermName(name: name, slug: "x"))
    // Film C is recorded under the added term, so that every term has a film.
    ranks[2][directors] = [Int32(terms[directors].count - 1)]
    let lost = [Set<Int32>](repeating: [], count: SiteState.keptKinds.count)
    let browse = KeptTerms(terms: terms, ranks: ranks, lost: lost).browse(
      films: plan.films, sourceOffsets: plan.sourceOffsets, castPagesPerFilm: 3)
    #expect((browse == nil) == isRepeat)
  }

  /// Fresh names that each film has alone, most of them: removing or
  /// renaming a film leaves their terms with no film.
  private static func loneName(using random: inout SplitMix64) -> String {
    switch random.int(0...9) {
    case 0: return "黒澤明"
    case 1: return "Solo \(random.int(0...5))"
    default: return "Lone \(random.int(0...100_000))"
    }
  }

  @Test(arguments: [21, 22, 23, 24, 25, 26] as [UInt64])
  func termsLeftWithNoFilmAreTakenOutOfTheKeptTerms(seed: UInt64) throws {
    let served = try Self.servedRounds(seed: seed, fresh: Self.loneName)
    #expect(
      served.withTermsGone >= 3 && served.withBoth >= 1,
      """
      seed \(seed): served \(served.withTermsGone) with terms gone, \(served.withBoth) of them \
      with names added too, \(served.all) in all
      """)
  }

  /// New names: numbered (`Agent 2` sorts before `Agent 10`), some with the
  /// slug of a kept name (`agent 7` and `Agent 7`, `Agent-7`), some with none
  /// (`黒澤明`), some spelt two ways.
  private static func freshName(using random: inout SplitMix64) -> String {
    let number = random.int(0...400)
    switch random.int(0...9) {
    case 0: return "agent \(number % 20)"
    case 1: return "Agent-\(number % 20)"
    case 2: return random.pick(["黒澤明", "小津安二郎", "Émile \(number)", "E\u{301}mile \(number)"])
    default: return "Agent \(number)"
    }
  }

  @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
  func newNamesPutAmongTheKeptTermsAreTheTermsMadeFromTheNames(seed: UInt64) throws {
    let served = try Self.servedRounds(seed: seed, fresh: Self.freshName)
    // Many rounds bring new names, and the kept terms take some of them in
    // (a name with a kept slug, a slugless name left with no film or a new year
    // makes them again).
    #expect(
      served.withNewNames >= 3,
      "seed \(seed): served \(served.withNewNames) with new names, \(served.all) in all")
  }

  /// Rounds of random edits (retitle, rename, remove, add), each planned
  /// from the last round's kept terms and from the names, compared where the
  /// kept terms serve; how many rounds they served, and how many of those
  /// with new names.
  private static func servedRounds(
    seed: UInt64, fresh: ((inout SplitMix64) -> String)?,
    films filmCount: ClosedRange<Int> = 1...120,
    rounds: Int = 25
  ) throws -> (all: Int, withNewNames: Int, withTermsGone: Int, withBoth: Int) {
    var random = SplitMix64(seed: seed)
    var films = (0..<random.int(filmCount)).map {
      Self.randomFilm(id: $0, using: &random, fresh: fresh)
    }
    var nextID = films.count
    var served = (all: 0, withNewNames: 0, withTermsGone: 0, withBoth: 0)
    for round in 0..<rounds {
      let configuration = SiteConfiguration(castPagesPerFilm: 3)
      let last = try SitePlan(films: films, configuration: configuration)
      let (terms, lastRanks) = Self.kept(of: last)
      // The last build's record of each film, by its offset now; nil when it changed.
      var records: [Int?] = Array(films.indices)
      for _ in 0..<random.int(1...3) {
        switch random.int(0...5) {
        case 0, 1, 2:
          // Retitled, or given other names, which may be new to its terms
          // or spelt another way.
          let offset = random.int(0...films.count - 1)
          let title = "Film \(random.int(0...40))"
          films[offset] =
            random.chance(50)
            ? films[offset].with { $0.title = title }
            : Self.randomFilm(id: Int(films[offset].id) ?? 0, using: &random, fresh: fresh)
          records[offset] = nil
        case 3 where films.count > 1:
          let offset = random.int(0...films.count - 1)
          films.remove(at: offset)
          records.remove(at: offset)
        default:
          let offset = random.int(0...films.count)
          films.insert(
            Self.randomFilm(id: nextID, using: &random, fresh: fresh), at: offset)
          records.insert(nil, at: offset)
          nextID += 1
        }
      }
      let matched = Set(records.compactMap { $0 })
      var lost = [Set<Int32>](repeating: [], count: SiteState.keptKinds.count)
      for offset in lastRanks.indices where !matched.contains(offset) {
        for kind in lost.indices { lost[kind].formUnion(lastRanks[offset][kind]) }
      }
      let kept = KeptTerms(
        terms: terms, ranks: records.map { $0.map { lastRanks[$0] } }, lost: lost)
      let reference = try SitePlan(films: films, configuration: configuration)
      guard
        let browse = kept.browse(
          films: reference.films, sourceOffsets: reference.sourceOffsets, castPagesPerFilm: 3)
      else { continue }
      served.all += 1
      // The names of each kind's terms, the last build's and the reference's.
      let names = SiteState.keptKinds.indices.map { kind in
        (
          last: Set(terms[kind].map(\.name)),
          now: Set(reference.browse[SiteState.keptKinds[kind]].terms.map(\.name))
        )
      }
      let grew = names.contains { !$0.now.isSubset(of: $0.last) }
      let shrank = names.contains { !$0.last.isSubset(of: $0.now) }
      if grew { served.withNewNames += 1 }
      if shrank { served.withTermsGone += 1 }
      if grew && shrank { served.withBoth += 1 }
      #expect(browse.placesMoved == (grew || shrank), "seed \(seed), round \(round)")
      // Each recorded actor's term's place now, -1 for one that went; none when the cast kept its places.
      let cast = try #require(SiteState.keptKinds.firstIndex(of: .cast))
      let castNow = reference.browse.cast.terms.map { Array($0.name.utf8) }
      let castThen = terms[cast].map { Array($0.name.utf8) }
      let places =
        castNow == castThen
        ? nil : castThen.map { name in Int32(castNow.firstIndex(of: name) ?? -1) }
      #expect(browse.castPlaces == places, "seed \(seed), round \(round)")
      Self.expectSame(
        browse.index, reference.browse, films: films.count, "seed \(seed), round \(round)")
    }
    return served
  }

  /// The kept terms of films directed by `directors`, one each (A, B, C…),
  /// browsed with the film directed by `gone` removed.
  private static func browseWithFilmRemoved(directors: [String], gone: String) throws -> (
    kept: (index: BrowseIndex, placesMoved: Bool, castPlaces: [Int32]?)?, reference: SitePlan
  ) {
    let films = directors.enumerated().map { offset, director in
      Film(
        id: String(offset + 1), title: String(UnicodeScalar(UInt8(65 + offset))), year: 1990,
        director: director
      ).with { $0.cast = [Film.CastMember(name: director)] }
    }
    let configuration = SiteConfiguration()
    let last = try SitePlan(films: films, configuration: configuration)
    let (terms, ranks) = Self.kept(of: last)
    let offset = try #require(directors.firstIndex(of: gone))
    var lost = [Set<Int32>](repeating: [], count: SiteState.keptKinds.count)
    for kind in lost.indices { lost[kind].formUnion(ranks[offset][kind]) }
    var fewer = films
    fewer.remove(at: offset)
    var records = ranks.map { Optional($0) }
    records.remove(at: offset)
    let plan = try SitePlan(films: fewer, configuration: configuration)
    let kept = KeptTerms(terms: terms, ranks: records, lost: lost)
    return (
      kept.browse(films: plan.films, sourceOffsets: plan.sourceOffsets, castPagesPerFilm: 3), plan
    )
  }

  @Test(arguments: ["Ann", "Bo", "Cy"])
  func aTermLeftWithNoFilmIsTakenOut(gone: String) throws {
    let (kept, plan) = try Self.browseWithFilmRemoved(directors: ["Ann", "Bo", "Cy"], gone: gone)
    let browse = try #require(kept)
    #expect(browse.placesMoved)
    #expect(browse.index.directors.terms.map(\.name) == ["Ann", "Bo", "Cy"].filter { $0 != gone })
    Self.expectSame(browse.index, plan.browse, films: 2, "without \(gone)")
    // The actors' places: each recorded rank's now, -1 for the one that went.
    let places = ["Ann", "Bo", "Cy"].map { name -> Int32 in
      name == gone ? -1 : Int32(plan.browse.cast.terms.firstIndex { $0.name == name } ?? -2)
    }
    #expect(browse.castPlaces == places)
  }

  /// An actor added and another gone in one build: the places of the
  /// recorded terms go through both, the added name's and the gone one's.
  @Test func aNameAddedAndAnotherGoneInOneBuildMoveTheKeptTermsThroughBoth() throws {
    let films = [
      Film(id: "1", title: "A").with { $0.cast = [Film.CastMember(name: "Bo")] },
      Film(id: "2", title: "B").with { $0.cast = [Film.CastMember(name: "Cy")] },
      Film(id: "3", title: "C").with { $0.cast = [Film.CastMember(name: "Di")] },
    ]
    let configuration = SiteConfiguration()
    let (terms, ranks) = Self.kept(of: try SitePlan(films: films, configuration: configuration))
    var lost = [Set<Int32>](repeating: [], count: SiteState.keptKinds.count)
    for kind in lost.indices { lost[kind].formUnion(ranks[1][kind]) }
    // Film B now billed "Al", who sorts first: Cy's term goes.
    let changed = [films[0], films[1].with { $0.cast = [Film.CastMember(name: "Al")] }, films[2]]
    let plan = try SitePlan(films: changed, configuration: configuration)
    let browse = try #require(
      KeptTerms(terms: terms, ranks: [ranks[0], nil, ranks[2]], lost: lost).browse(
        films: plan.films, sourceOffsets: plan.sourceOffsets, castPagesPerFilm: 3))
    #expect(browse.index.cast.terms.map(\.name) == ["Al", "Bo", "Di"])
    // Bo, Cy and Di were 0, 1 and 2; now Bo is 1, Cy is gone, Di is 2.
    #expect(browse.castPlaces == [1, -1, 2])
    Self.expectSame(browse.index, plan.browse, films: 3, "Al for Cy")
  }

  /// A term that goes whose slug another term shares or starts with: the
  /// other's slug could change (`ann-lee` passes to `Ann-Lee`), so the
  /// terms are made again; a name with no slug of its own (`黒澤明`) too.
  @Test(arguments: [
    (["Ann Lee", "Ann-Lee", "Bo"], "Ann Lee"), (["Ann Lee", "Ann-Lee", "Bo"], "Ann-Lee"),
    (["黒澤明", "小津安二郎", "Bo"], "黒澤明"), (["黒澤明", "Bo"], "黒澤明"),
  ])
  func aTermLeftWithNoFilmWhoseSlugOthersDependOnMakesTheTermsAgain(
    directors: [String], gone: String
  ) throws {
    let (kept, plan) = try Self.browseWithFilmRemoved(directors: directors, gone: gone)
    #expect(kept == nil)
    // The reference has the term no longer.
    #expect(!plan.browse.directors.terms.contains { $0.name == gone })
  }

  @Test func aTermGoneBesideALostRankOutOfRangeMakesTheTermsAgain() throws {
    let films = [
      Film(id: "1", title: "A", director: "Ann"), Film(id: "2", title: "B", director: "Bo"),
    ]
    let configuration = SiteConfiguration()
    let (terms, ranks) = Self.kept(of: try SitePlan(films: films, configuration: configuration))
    let plan = try SitePlan(films: [films[0]], configuration: configuration)
    // A state whose removed film named a director rank past the kept ones.
    var lost = [Set<Int32>](repeating: [], count: SiteState.keptKinds.count)
    lost[1] = [Int32(terms[1].count + 5)]
    let kept = KeptTerms(terms: terms, ranks: [ranks[0]], lost: lost)
    #expect(
      kept.browse(films: plan.films, sourceOffsets: plan.sourceOffsets, castPagesPerFilm: 3)
        == nil)
  }

  @Test func aYearLeftWithNoFilmIsTakenOut() throws {
    let films = [
      Film(id: "1", title: "A", year: 1990), Film(id: "2", title: "B", year: 1991),
      Film(id: "3", title: "C", year: 1992),
    ]
    let configuration = SiteConfiguration()
    let (terms, ranks) = Self.kept(of: try SitePlan(films: films, configuration: configuration))
    var lost = [Set<Int32>](repeating: [], count: SiteState.keptKinds.count)
    for kind in lost.indices { lost[kind].formUnion(ranks[1][kind]) }
    let plan = try SitePlan(films: [films[0], films[2]], configuration: configuration)
    let browse = try #require(
      KeptTerms(terms: terms, ranks: [ranks[0], ranks[2]], lost: lost).browse(
        films: plan.films, sourceOffsets: plan.sourceOffsets, castPagesPerFilm: 3))
    #expect(browse.index.years.terms.map(\.name) == ["1990", "1992"])
    Self.expectSame(browse.index, plan.browse, films: 2, "without 1991")
  }

  /// The kept terms of two films directed by `Ann Lee` and `Bo`, and a third
  /// film added between them with `director` and `year`, browsed from them.
  private static func browseWithAddedFilm(director: String, year: Int = 1990) throws -> (
    kept: (index: BrowseIndex, placesMoved: Bool, castPlaces: [Int32]?)?, reference: SitePlan
  ) {
    let films = [
      Film(id: "1", title: "A", year: 1990, director: "Ann Lee", genres: ["Drama"]),
      Film(id: "2", title: "C", year: 1990, director: "Bo", genres: ["Drama"]),
    ]
    let configuration = SiteConfiguration()
    let (terms, ranks) = Self.kept(of: try SitePlan(films: films, configuration: configuration))
    let added = films + [Film(id: "3", title: "B", year: year, director: director)]
    let plan = try SitePlan(films: added, configuration: configuration)
    let none = [Set<Int32>](repeating: [], count: SiteState.keptKinds.count)
    let kept = KeptTerms(terms: terms, ranks: ranks + [nil], lost: none)
    return (
      kept.browse(films: plan.films, sourceOffsets: plan.sourceOffsets, castPagesPerFilm: 3),
      plan
    )
  }

  @Test(arguments: ["Cy", "Ann", "Ann Leeds", "Aa", "Zed", "Bo 2"])
  func aNewNameWithASlugOfItsOwnIsPutAmongTheKeptTerms(director: String) throws {
    let (kept, plan) = try Self.browseWithAddedFilm(director: director)
    let browse = try #require(kept)
    #expect(browse.placesMoved)
    #expect(browse.index.directors.terms.count == 3)
    Self.expectSame(browse.index, plan.browse, films: 3, "director \(director)")
  }

  @Test(arguments: ["Ann-Lee", "ann lee", "ANN LEE", "黒澤明"])
  func aNewNameThatCouldChangeAKeptSlugMakesTheTermsAgain(director: String) throws {
    let (kept, _) = try Self.browseWithAddedFilm(director: director)
    #expect(kept == nil)
  }

  /// Names whose folded keys tie (numbers compare by value, `07` as `7`)
  /// but whose slugs differ: only the order's tie-break, by exact
  /// characters, puts them in their places.
  @Test(arguments: [("Ann Lee 07", "Ann Lee 7"), ("Ann Lee 7", "Ann Lee 07"), ("Bo 2", "Bo 02")])
  func aNewNameTyingAKeptOneIsPutByItsExactCharacters(added: String, kept: String) throws {
    let films = [
      Film(id: "1", title: "A", year: 1990, director: kept, genres: ["Drama"]),
      Film(id: "2", title: "C", year: 1990, director: "Cy", genres: ["Drama"]),
    ]
    let configuration = SiteConfiguration()
    let (terms, ranks) = Self.kept(of: try SitePlan(films: films, configuration: configuration))
    let more = films + [Film(id: "3", title: "B", year: 1990, director: added)]
    let plan = try SitePlan(films: more, configuration: configuration)
    let none = [Set<Int32>](repeating: [], count: SiteState.keptKinds.count)
    let browse = try #require(
      KeptTerms(terms: terms, ranks: ranks + [nil], lost: none).browse(
        films: plan.films, sourceOffsets: plan.sourceOffsets, castPagesPerFilm: 3))
    #expect(browse.placesMoved)
    #expect(
      browse.index.directors.terms.map(\.name) == plan.browse.directors.terms.map(\.name))
    Self.expectSame(browse.index, plan.browse, films: 3, "\(added) beside \(kept)")
  }

  @Test func aNewNameBesideALostRankOutOfRangeMakesTheTermsAgain() throws {
    let films = [
      Film(id: "1", title: "A", director: "Ann"), Film(id: "2", title: "B", director: "Bo"),
    ]
    let configuration = SiteConfiguration()
    let (terms, ranks) = Self.kept(of: try SitePlan(films: films, configuration: configuration))
    let plan = try SitePlan(
      films: films + [Film(id: "3", title: "C", director: "Cy")], configuration: configuration)
    // A state whose removed film named a director rank past the kept ones.
    var lost = [Set<Int32>](repeating: [], count: SiteState.keptKinds.count)
    lost[1] = [Int32(terms[1].count + 5)]
    let kept = KeptTerms(terms: terms, ranks: ranks + [nil], lost: lost)
    #expect(
      kept.browse(films: plan.films, sourceOffsets: plan.sourceOffsets, castPagesPerFilm: 3)
        == nil)
  }

  @Test func aNewYearMakesTheTermsAgain() throws {
    #expect(try Self.browseWithAddedFilm(director: "Ann Lee", year: 1991).kept == nil)
    let same = try #require(try Self.browseWithAddedFilm(director: "Ann Lee").kept)
    #expect(!same.placesMoved)
  }

  @Test func aTermWhoseFirstFilmNowSpellsItOtherwiseIsMadeAgain() throws {
    // "Zoë" is spelt precomposed by film A, decomposed by film B; A is first.
    let films = [
      Film(id: "1", title: "A", director: "Zoë"), Film(id: "2", title: "B", director: "Zoe\u{308}"),
    ]
    let configuration = SiteConfiguration()
    let last = try SitePlan(films: films, configuration: configuration)
    #expect(Array(last.browse.directors.terms[0].name.utf8) == Array("Zoë".utf8))
    let (terms, ranks) = Self.kept(of: last)
    // A is retitled to come after B: B's spelling is the term's now.
    let retitled = [Film(id: "1", title: "C", director: "Zoë"), films[1]]
    let plan = try SitePlan(films: retitled, configuration: configuration)
    var lost = [Set<Int32>](repeating: [], count: SiteState.keptKinds.count)
    for kind in lost.indices { lost[kind].formUnion(ranks[0][kind]) }
    let kept = KeptTerms(terms: terms, ranks: [nil, ranks[1]], lost: lost)
    #expect(
      kept.browse(films: plan.films, sourceOffsets: plan.sourceOffsets, castPagesPerFilm: 3) == nil)
    #expect(Array(plan.browse.directors.terms[0].name.utf8) == Array("Zoe\u{308}".utf8))
  }

  /// The state a build of `plan` leaves, its films' bytes stood for by their offsets.
  private static func state(of plan: SitePlan) throws -> SiteState {
    var records = [SiteState.Record?](repeating: nil, count: plan.films.count)
    for (position, offset) in plan.sourceOffsets.enumerated() {
      records[offset] = SiteState.Record(
        film: ContentHash(value: UInt64(offset)), footprint: ContentHash(value: 0),
        source: ContentHash(value: UInt64(offset + 1)), inFeed: false, warned: false,
        leftOut: false, links: FilmPageLinks(forFilmAt: position, of: plan), position: position,
        route: plan.films[position].route,
        ranks: SiteState.keptKinds.map { Array(plan.browse[$0].ranks(ofFilmAt: position)) })
    }
    let bytes = SiteState.bytes(
      fingerprint: ContentHash(value: 1), settings: ContentHash(value: 2),
      filmsKey: ContentHash(value: 3), pageSite: ContentHash(value: 4), files: 0,
      records: records.compactMap { $0 }, terms: kept(of: plan).terms)
    let state = try #require(SiteState(bytes: bytes))
    for offset in records.indices { #expect(state.record(at: offset) == records[offset]) }
    return state
  }

  @Test func aFilmWhoseRanksAreDamagedIsLookedUpByItsNames() throws {
    let films = [
      Film(id: "1", title: "A", director: "Ann", genres: ["Drama"]),
      Film(id: "2", title: "B", director: "Bo", genres: ["Drama", "Noir"]),
      Film(id: "3", title: "C", director: "Ann", genres: ["Noir", "War"]).with {
        $0.cast = [.init(name: "Cy"), .init(name: "Di")]
      },
    ]
    let plan = try SitePlan(films: films, configuration: SiteConfiguration())
    let state = try Self.state(of: plan)
    // The last byte of film 3's ranks, after its cast's: the ranks read before
    // the damage leave its cast out, and its actors' terms with no film.
    var bytes = state.bytes
    let ranks = try #require(state.fieldRanges(at: 2)).ranks
    bytes[ranks.upperBound - 1] = UInt8(ascii: "x")
    let damaged = try #require(SiteState(resealing: bytes))
    #expect(damaged.ranks(at: 2) == nil)
    #expect(damaged.ranks(at: 1) == state.ranks(at: 1))
    let kept = try #require(KeptTerms(state: damaged, records: [0, 1, 2]))
    let browse = try #require(
      kept.browse(films: plan.films, sourceOffsets: plan.sourceOffsets, castPagesPerFilm: 3))
    Self.expectSame(browse.index, plan.browse, films: films.count, "damaged ranks")
  }

  @Test func aStateReadBackGivesTheOrderAndTermsOfAFreshPlan() throws {
    let films = [
      Film(id: "1", title: "A", director: "Zoë", genres: ["Drama"]),
      Film(id: "2", title: "B", director: "Zoe\u{308}", genres: ["Drama", "Noir"]),
      Film(id: "3", title: "C", director: "Ann", genres: ["Noir"]),
      Film(id: "4", title: "D", director: "Ann", genres: ["Drama"]),
    ]
    let configuration = SiteConfiguration()
    let state = try Self.state(of: try SitePlan(films: films, configuration: configuration))

    // Film 3 retitled to come last: every name is as it was.
    let retitled = [
      films[0], films[1], Film(id: "3", title: "E", director: "Ann", genres: ["Noir"]), films[3],
    ]
    let plan = try SitePlan(films: retitled, configuration: configuration)
    let records: [Int?] = [0, 1, nil, 3]
    let order = try #require(KeptOrder(state: state, records: records).ordered(retitled))
    #expect(order.sourceOffsets == plan.sourceOffsets)
    #expect(order.films.map(\.route) == plan.films.map(\.route))
    let kept = try #require(KeptTerms(state: state, records: records))
    let browse = try #require(
      kept.browse(films: plan.films, sourceOffsets: plan.sourceOffsets, castPagesPerFilm: 3))
    Self.expectSame(browse.index, plan.browse, films: retitled.count, "retitled")

    // Film 1, which spelt Zoë's term, removed: film 2 spells it now, which
    // only the removed film's record tells.
    let fewer = Array(films.dropFirst())
    let smaller = try SitePlan(films: fewer, configuration: configuration)
    let removed = try #require(KeptTerms(state: state, records: [1, 2, 3]))
    #expect(
      removed.browse(
        films: smaller.films, sourceOffsets: smaller.sourceOffsets, castPagesPerFilm: 3) == nil)
    #expect(Array(smaller.browse.directors.terms[1].name.utf8) == Array("Zoe\u{308}".utf8))
  }
}
