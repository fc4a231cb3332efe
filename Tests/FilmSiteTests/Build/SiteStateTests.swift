import Testing

@testable import FilmSite

/// The state a build leaves for the next one: it reads back as written, a
/// rebuild's copy changes only its films' hashes, and a damaged or foreign
/// file is no state at all.
@Suite struct SiteStateTests {
  /// Terms whose names hold what a line could not: line breaks, tabs,
  /// backslashes, spaces, control characters, two spellings of one letter.
  private static let terms: [[SiteState.TermName]] = [
    [.init(name: "Drama \"1\"", slug: "drama"), .init(name: "Sci Fi\\n", slug: "sci-fi-n")],
    [.init(name: "A\nB", slug: "a-b"), .init(name: "", slug: "_811c9dc5")],
    [.init(name: "1990", slug: "1990")],
    [
      .init(name: "Zoë \\ Zoe\u{308}", slug: "zoe-zoe"), .init(name: " ", slug: "x"),
      .init(name: "tab\tand\nline", slug: "tab"), .init(name: "水 & <b>", slug: "shui"),
      .init(name: "e\u{301}\u{1}", slug: "e"),
    ],
  ]

  /// Records whose links are their terms, as a build's are, with actors of
  /// each kind: spelt as their page's term, spelt otherwise, and with no page.
  private static func records(_ count: Int) -> [SiteState.Record] {
    (0..<count).map { number in
      let ranks: [[Int32]] = [
        number % 4 == 0 ? [1, 0] : [Int32(number % 2)], number % 2 == 0 ? [0] : [],
        number % 3 == 0 ? [0] : [], [Int32(number % 5), Int32((number + 2) % 5)],
      ]
      let names = ranks.enumerated().map { kind, kindRanks in
        kindRanks.map { rank in
          FilmPageLinks.Name(name: terms[kind][Int(rank)].name, slug: terms[kind][Int(rank)].slug)
        }
      }
      let first = terms[3][number % 5]
      let other = terms[3][(number + 2) % 5]
      return SiteState.Record(
        film: ContentHash(value: UInt64(number) &* 0x9E37_79B9_7F4A_7C15),
        footprint: ContentHash(value: UInt64(number + 1)),
        source: number % 4 == 1 ? nil : ContentHash(value: UInt64(number + 100)),
        inFeed: number % 3 == 0, warned: number % 2 == 1,
        leftOut: number % 2 == 1 || number % 5 == 2,
        links: FilmPageLinks(
          indexPage: number / 2 + 1, indexPath: number < 2 ? "" : "page/\(number / 2 + 1)/",
          genres: names[0], director: names[1].first, year: names[2].first, cast: names[3],
          actors: [
            .init(name: first.name, slug: first.slug, rank: Int32(number % 5)),
            .init(name: other.name + "\u{301}", slug: other.slug, rank: Int32((number + 2) % 5)),
            .init(name: "No page \\\t\(number)", slug: nil),
          ]),
        position: count - 1 - number, route: Route(["films", "\(number)-a-b"]), ranks: ranks)
    }
  }

  /// `line` with the field at `index` after its hashes, mark and links'
  /// digest (the place, route, ranks, index page, index path and actors)
  /// changed by `change`.
  private static func editing(_ line: String, field index: Int, _ change: (String) -> String)
    -> String
  {
    let start = line.utf8.index(line.utf8.startIndex, offsetBy: SiteState.placeStart)
    var fields = line[start...].split(
      separator: " ", maxSplits: 5, omittingEmptySubsequences: false
    )
    .map(String.init)
    fields[index] = change(fields[index])
    return String(line[..<start]) + fields.joined(separator: " ")
  }

  private static func bytes(
    _ records: [SiteState.Record], search: (site: ContentHash, chunks: [SearchChunk])? = nil
  ) -> [UInt8] {
    SiteState.bytes(
      fingerprint: ContentHash(value: 7), settings: ContentHash(value: 8),
      filmsKey: ContentHash(value: 10), pageSite: ContentHash(value: 9), files: 42,
      records: records, terms: terms, search: search)
  }

  /// Chunks whose group, name and words hold what a line could not, with
  /// one film at 0, and films far apart.
  private static let chunks: [SearchChunk] = [
    chunk("", "", [("", [0, 3])], key: 1),
    chunk("19", "1999", [("1999", [2])], key: 2),
    chunk("a b", "a b\tc\n", [("a b\tc\n", [0]), ("a b\tc\nd\\", [1, 3])], key: 3),
    chunk("ma", "mat", [("mat", [1, 8]), ("matrix", [2, 3, 5, 1_000_000])], key: 4),
    chunk("ma", "max", piece: "00000000000000ff", [("max", [4, 6])], key: 5),
  ]

  private static func chunk(
    _ group: String, _ name: String, piece: String = "", _ words: [(String, [Int32])], key: UInt64
  ) -> SearchChunk {
    SearchChunk(
      group: group, name: name, piece: piece, words: words.map { .init(text: $0.0, films: $0.1) },
      films: SearchIndex.union(words.map(\.1)), key: ContentHash(value: key))
  }

  @Test func theSearchChunksReadBackAsWrittenAndARebuildKeepsThem() throws {
    let records = Self.records(4)
    let state = try #require(
      SiteState(bytes: Self.bytes(records, search: (ContentHash(value: 5), Self.chunks))))
    #expect(state.searchSite == ContentHash(value: 5))
    #expect(state.searchChunks() == Self.chunks)
    #expect((0..<4).map { state.record(at: $0) } == records)
    for (kind, terms) in zip(SiteState.keptKinds, Self.terms) {
      #expect(state.terms(of: kind) == terms)
    }
    let next = try #require(
      SiteState(
        bytes: state.bytes(
          fingerprint: ContentHash(value: 70),
          updates: [
            SiteState.Update(
              offset: 1, film: ContentHash(value: 11), warned: false, leftOut: false)
          ],
          sources: nil)))
    #expect(next.searchSite == ContentHash(value: 5))
    #expect(next.searchChunks() == Self.chunks)
    // Without chunks, a state has none, and no key for them.
    let without = try #require(SiteState(bytes: Self.bytes(records)))
    #expect(without.searchSite == nil)
    #expect(without.searchChunks() == nil)
    let empty = try #require(
      SiteState(bytes: Self.bytes(records, search: (ContentHash(value: 5), []))))
    #expect(empty.searchChunks() == [])
  }

  @Test(arguments: [
    ("\t0,3", "\t0,0"),  // a position given twice
    ("\t0,3", "\t0,-3"),
    ("\t0,3", "\t,3"),
    ("\t0,3", "\t"),
    ("19\t1999\t\t1999\t2", "19\t2999\t\t2999\t2"),  // a name without its group
    ("19\t1999\t\t1999\t2", "19\t1999\t\t1998\t2"),  // a word without its name
    ("19\t1999\t\t1999\t2", "19\t1999\t"),  // no word
    ("19\t1999\t\t1999\t2", "19\t1999\t\t1999\t2\t1999x"),
    ("19\t1999\t\t1999\t2", "19\t1999\tzz\t1999\t2"),  // a piece that is no hash
    ("0000000000000002 19", "000000000000000g 19"),
    ("0000000000000002 19", "0000000000000002\t19"),
    ("\tmat\t1,7\t", "\tmat\\q\t1,7\t"),
    ("2,1,2,999995", "2,1,2,2147483647"),
  ])
  func aDamagedChunkLineIsNoChunks(line: String, damaged: String) throws {
    let bytes = Self.bytes(Self.records(4), search: (ContentHash(value: 5), Self.chunks))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.components(separatedBy: line).count == 2, "\(line.debugDescription) once")
    let edited = text.replacingOccurrences(of: line, with: damaged)
    let state = try #require(SiteState(resealing: Array(edited.utf8)))
    #expect(state.searchChunks() == nil)
    #expect(state.terms(of: .genres) == Self.terms[0])
  }

  @Test func manyTermsAndChunksReadBackInTheirOrder() throws {
    let records = Self.records(3)
    // More terms and chunks than one run of lines holds, so they are written
    // in several, and each kind's terms are read in several.
    let terms = Self.terms.enumerated().map { kind, kindTerms in
      kindTerms
        + (0..<9_000).map {
          SiteState.TermName(name: "Name \(kind) \($0)", slug: "n-\(kind)-\($0)")
        }
    }
    let chunks = (0..<100).map { number in
      Self.chunk(
        "c\(number)", "c\(number)x", [("c\(number)xy", [Int32(number), Int32(number + 7)])],
        key: UInt64(number))
    }
    let state = try #require(
      SiteState(
        bytes: SiteState.bytes(
          fingerprint: ContentHash(value: 7), settings: ContentHash(value: 8),
          filmsKey: ContentHash(value: 10), pageSite: ContentHash(value: 9), files: 42,
          records: records, terms: terms, search: (ContentHash(value: 5), chunks))))
    for (kind, kindTerms) in zip(SiteState.keptKinds, terms) {
      #expect(state.terms(of: kind) == kindTerms)
    }
    #expect(state.searchChunks() == chunks)
    #expect((0..<records.count).map { state.record(at: $0) } == records)
    // A damaged name in a kind's second run of lines is no terms of that kind.
    var text = String(
      decoding: state.bytes(fingerprint: ContentHash(value: 7), updates: [], sources: nil),
      as: UTF8.self)
    let line = "3 n-3-8500 Name 3 8500\n"
    let damaged = try #require(text.range(of: line))
    text.replaceSubrange(damaged, with: "3 n-3-8500 Name\\ 3 8500\n")
    let other = try #require(SiteState(resealing: Array(text.utf8)))
    #expect(other.terms(of: .cast) == nil)
    #expect(other.terms(of: .directors) == terms[1])
  }

  /// A term's line as the cast's would read it: `<kind> <slug> <name>`.
  @Test(
    arguments: [
      ("3 n-3-8500 Name  with\\tspaces\\\\ ", "Name  with\tspaces\\ "),
      ("3 n-3-8500 ", ""),
      ("3 n_3 Zoë", "Zoë"),
      ("3  Name", nil), ("3 n-3-8500", nil), ("33 n-3-8500 Name", nil), ("3 N-3 Name", nil),
      ("3 n-3 Name\\x", nil), ("3 n-3 Name\\", nil), ("3 n/3 Name", nil),
    ] as [(String, String?)])
  func aTermsLineIsItsKindSlugAndName(line: String, name: String?) throws {
    let terms = Self.terms
    let state = try #require(
      SiteState(
        bytes: SiteState.bytes(
          fingerprint: ContentHash(value: 7), settings: ContentHash(value: 8),
          filmsKey: ContentHash(value: 10), pageSite: ContentHash(value: 9), files: 42,
          records: [], terms: terms, search: nil)))
    var text = String(
      decoding: state.bytes(fingerprint: ContentHash(value: 7), updates: [], sources: nil),
      as: UTF8.self)
    // The cast's first term's line, its name escaped as written.
    let slug = try #require(terms[3].first).slug
    let start = try #require(text.range(of: "\n3 \(slug) "))
    let end = try #require(text[start.upperBound...].firstIndex(of: "\n"))
    text.replaceSubrange(start.lowerBound..<end, with: "\n" + line)
    let edited = try #require(SiteState(resealing: Array(text.utf8)))
    #expect(edited.terms(of: .cast)?.first?.name == name)
    #expect(
      edited.terms(of: .cast).map { Array($0.dropFirst()) }
        == (name == nil ? nil : Array(terms[3].dropFirst())))
  }

  @Test func aHeaderWhoseSearchFieldsDisagreeIsNoState() {
    let bytes = Self.bytes(Self.records(2), search: (ContentHash(value: 5), Self.chunks))
    let text = String(decoding: bytes, as: UTF8.self)
    let header = text.prefix { $0 != "\n" }
    // The search fields come before the film template's two and the seal; each edit is sealed again.
    let fields = header.split(separator: " ")
    #expect(fields[fields.count - 5] == "0000000000000005")
    for edit in ["- 5", "0000000000000005 4", "0000000000000005 6", "x 5"] {
      let edited =
        (fields.dropLast(5) + [Substring(edit)] + fields.suffix(3)).joined(separator: " ")
      #expect(
        SiteState(resealing: Array(text.replacingOccurrences(of: header, with: edited).utf8))
          == nil, "\(edit)")
    }
    #expect(SiteState(resealing: bytes) != nil)
  }

  @Test(arguments: ["", "<h1>{{title}}</h1>\n", "é ← \t{{{overview}}}\r\n\\n x 00"])
  func theFilmTemplateReadsBackAsWrittenAndARebuildKeepsOrReplacesIt(source: String) throws {
    let kept = KeptFilmTemplate(otherSettings: ContentHash(value: 11), source: Array(source.utf8))
    let bytes = SiteState.bytes(
      fingerprint: ContentHash(value: 7), settings: ContentHash(value: 8),
      filmsKey: ContentHash(value: 10), pageSite: ContentHash(value: 9), filmTemplate: kept,
      files: 42, records: Self.records(3), terms: Self.terms)
    let state = try #require(SiteState(bytes: bytes))
    #expect(state.filmTemplate == kept)
    #expect(try #require(SiteState(bytes: Self.bytes(Self.records(3)))).filmTemplate == nil)
    // A rebuild keeps it, or, after an edit of the template, gives its own settings.
    #expect(state.bytes(fingerprint: ContentHash(value: 7), updates: [], sources: nil) == bytes)
    let edited = KeptFilmTemplate(otherSettings: ContentHash(value: 11), source: Array("<p>".utf8))
    let next = try #require(
      SiteState(
        bytes: state.bytes(
          fingerprint: ContentHash(value: 12), updates: [], sources: nil,
          settings: (ContentHash(value: 13), ContentHash(value: 14), edited))))
    #expect(next.filmTemplate == edited)
    #expect(next.settings == ContentHash(value: 13))
    #expect(next.pageSite == ContentHash(value: 14))
    #expect(next.filmsKey == state.filmsKey)
  }

  @Test(arguments: [
    "- x", "x -", "-", "0000000000000011 3c70", "0000000000000011 x3c7", "0000000000000011 x3C70",
    "0000000000000011 x3g70", "000000000000001 x3c70", "0000000000000011 x3c70 x",
  ])
  func aFilmTemplateFieldThatIsNotWholeIsNoState(fields edit: String) throws {
    let kept = KeptFilmTemplate(otherSettings: ContentHash(value: 17), source: Array("<p".utf8))
    let bytes = SiteState.bytes(
      fingerprint: ContentHash(value: 7), settings: ContentHash(value: 8),
      filmsKey: ContentHash(value: 10), pageSite: ContentHash(value: 9), filmTemplate: kept,
      files: 42, records: Self.records(2), terms: Self.terms)
    let text = String(decoding: bytes, as: UTF8.self)
    let header = String(text.prefix { $0 != "\n" })
    #expect(header.contains(" 0000000000000011 x3c70 "))
    let edited = header.replacingOccurrences(
      of: " 0000000000000011 x3c70 ", with: " \(edit) ")
    #expect(
      SiteState(resealing: Array(text.replacingOccurrences(of: header, with: edited).utf8)) == nil)
    #expect(SiteState(resealing: bytes)?.filmTemplate == kept)
  }

  @Test func aStateReadsBackAsItWasWritten() throws {
    let records = Self.records(9)
    let state = try #require(SiteState(bytes: Self.bytes(records)))
    #expect(state.fingerprint == ContentHash(value: 7))
    #expect(state.settings == ContentHash(value: 8))
    #expect(state.filmsKey == ContentHash(value: 10))
    #expect(state.pageSite == ContentHash(value: 9))
    #expect(state.files == 42)
    #expect(state.count == records.count)
    for (offset, record) in records.enumerated() {
      #expect(state.record(at: offset) == record)
      #expect(state.filmHash(at: offset) == record.film)
      #expect(state.footprint(at: offset) == record.footprint)
      #expect(state.isInFeed(at: offset) == record.inFeed)
      #expect(state.sourceHash(at: offset) == record.source)
      #expect(state.hasWarned(at: offset) == record.warned)
      #expect(state.place(at: offset)?.position == record.position)
      #expect(state.position(at: offset) == record.position)
      #expect(state.place(at: offset)?.route == record.route)
      #expect(state.ranks(at: offset) == record.ranks)
    }
    for (kind, terms) in zip(SiteState.keptKinds, Self.terms) {
      #expect(state.terms(of: kind) == terms)
      #expect(
        state.terms(of: kind)?.map { Array($0.name.unicodeScalars) }
          == terms.map { Array($0.name.unicodeScalars) })
    }
    #expect(state.terms(of: .tags) == nil)
  }

  @Test func aLineKeptFromTheLastStateIsTheLineItsRecordMakes() throws {
    let records = Self.records(2500)
    let last = try #require(SiteState(bytes: Self.bytes(records)))
    // Every third film kept from the last state, at another offset: the films moved.
    let order = Array(records.indices.reversed())
    // As the next state is written (`SiteBuilder.nextState`): a kept line copied, the others made.
    let kept = SiteState.bytes(
      fingerprint: ContentHash(value: 7), settings: ContentHash(value: 8),
      filmsKey: ContentHash(value: 10), pageSite: ContentHash(value: 9), files: 42,
      filmCount: order.count, terms: Self.terms
    ) { offset, bytes in
      if offset % 3 == 0 {
        last.appendFilmLine(at: order[offset], to: &bytes)
      } else {
        SiteState.appendLine(
          of: records[order[offset]], cast: Self.terms[SiteState.castKind], to: &bytes)
      }
    }
    #expect(kept == Self.bytes(order.map { records[$0] }))
  }

  @Test func aLinesPlaceIsComparedFieldByField() throws {
    let records = Self.records(4)
    let state = try #require(SiteState(bytes: Self.bytes(records)))
    for (offset, record) in records.enumerated() {
      let (position, route) = (record.position, record.route)
      let (page, path) = (record.links.indexPage, record.links.indexPath)
      #expect(
        state.hasPlace(
          at: offset, position: position, route: route, indexPage: page, indexPath: path))
      let others: [(Int, Route, Int, String)] = [
        (position + 1, route, page, path), (position, route, page + 1, path),
        (position, route, page, path + "x"),
        (position, Route(route.components.dropLast()), page, path),
        (position, Route(route.components + ["x"]), page, path),
        (position, Route(["films", route.components[1] + "x"]), page, path),
        (position, Route(["films"] + [String(route.components[1].dropLast())]), page, path),
      ]
      for (otherPosition, otherRoute, otherPage, otherPath) in others {
        #expect(
          !state.hasPlace(
            at: offset, position: otherPosition, route: otherRoute, indexPage: otherPage,
            indexPath: otherPath))
      }
    }
  }

  @Test func aRebuildsStateChangesTheHashesAndMarksOfItsFilmsAlone() throws {
    let records = Self.records(6)
    let state = try #require(SiteState(bytes: Self.bytes(records)))
    let updates = [
      SiteState.Update(offset: 1, film: ContentHash(value: 11), warned: false, leftOut: false),
      SiteState.Update(offset: 4, film: records[4].film, warned: true, leftOut: true),
      // Left a value short without a warning: a blank poster path, say.
      SiteState.Update(offset: 5, film: records[5].film, warned: false, leftOut: true),
    ]
    let next = try #require(
      SiteState(
        bytes: state.bytes(fingerprint: ContentHash(value: 70), updates: updates, sources: nil)))
    #expect(next.fingerprint == ContentHash(value: 70))
    #expect(next.settings == state.settings)
    #expect(next.filmsKey == state.filmsKey)
    #expect(next.files == state.files)
    var expected = records
    expected[1].film = ContentHash(value: 11)
    expected[1].warned = false
    expected[1].leftOut = false
    expected[4].warned = true
    expected[4].leftOut = true
    expected[5].warned = false
    expected[5].leftOut = true
    // Updated without the bytes' hashes, a line keeps none: the last ones named other bytes.
    for offset in [1, 4, 5] { expected[offset].source = nil }
    #expect((0..<next.count).map { next.record(at: $0) } == expected)
    for kind in SiteState.keptKinds { #expect(next.terms(of: kind) == state.terms(of: kind)) }
  }

  @Test func aRebuildThatKnowsTheFilesBytesGivesEveryFilmItsSourceHash() throws {
    let records = Self.records(5)
    let state = try #require(SiteState(bytes: Self.bytes(records)))
    let sources = (0..<5).map { ContentHash(value: UInt64(500 + $0)) }
    let updates = [
      SiteState.Update(offset: 2, film: ContentHash(value: 22), warned: true, leftOut: true)
    ]
    let next = try #require(
      SiteState(
        bytes: state.bytes(fingerprint: ContentHash(value: 71), updates: updates, sources: sources))
    )
    var expected = records
    for offset in expected.indices { expected[offset].source = sources[offset] }
    expected[2].film = ContentHash(value: 22)
    expected[2].warned = true
    expected[2].leftOut = true
    #expect((0..<next.count).map { next.record(at: $0) } == expected)
    for kind in SiteState.keptKinds { #expect(next.terms(of: kind) == state.terms(of: kind)) }
  }

  @Test func aLargeRebuildsStateChangesItsFilmsAloneAcrossEveryRunOfLines() throws {
    // More lines than one run of the writer's, with updates and changed sources on both sides
    // of the runs' edges.
    let records = Self.records(2_600)
    let state = try #require(SiteState(bytes: Self.bytes(records)))
    let updated = [0, 1_023, 1_024, 2_047, 2_048, 2_599]
    let updates = updated.map {
      SiteState.Update(
        offset: $0, film: ContentHash(value: UInt64(7_000 + $0)), warned: $0 % 2 == 0,
        leftOut: $0 % 2 == 0 || $0 % 3 == 0)
    }
    var sources = records.map { $0.source ?? ContentHash(value: 1) }
    for offset in [5, 1_023, 1_025, 2_600 - 1] { sources[offset] = ContentHash(value: 9_999) }
    let next = try #require(
      SiteState(
        bytes: state.bytes(fingerprint: ContentHash(value: 72), updates: updates, sources: sources))
    )
    var expected = records
    for offset in expected.indices { expected[offset].source = sources[offset] }
    for update in updates {
      expected[update.offset].film = update.film
      expected[update.offset].warned = update.warned
      expected[update.offset].leftOut = update.leftOut
    }
    #expect(next.count == records.count)
    #expect((0..<next.count).map { next.record(at: $0) } == expected)
    for kind in SiteState.keptKinds { #expect(next.terms(of: kind) == state.terms(of: kind)) }
  }

  @Test func aFilmWhoseBytesAreTheSameKeepsItsHashAtItsPlaceInThePlan() throws {
    let records = Self.records(6)
    let state = try #require(SiteState(bytes: Self.bytes(records)))
    // The file's films now: the same bytes but for offset 2's; offsets 1 and 5 had no source hash.
    var sources = records.map { $0.source ?? ContentHash(value: 0) }
    sources[2] = ContentHash(value: 999)
    // The plan lists the source's films in reverse.
    let offsets = Array((0..<6).reversed())
    let known = try #require(
      state.filmHashes(of: offsets, sources: sources, filmsKey: ContentHash(value: 10)))
    for position in 0..<6 {
      let offset = offsets[position]
      let changed = offset == 2 || records[offset].source == nil
      #expect(known(position) == (changed ? nil : records[offset].film))
    }
    #expect(state.filmHashes(of: offsets, sources: sources, filmsKey: ContentHash(value: 8)) == nil)
    #expect(state.filmHashes(of: offsets, sources: nil, filmsKey: ContentHash(value: 10)) == nil)
  }

  @Test func aFilmKeepsItsHashAndRecordWhereverFilmsWereAddedOrRemovedBeforeIt() throws {
    let records = Self.records(6)
    let state = try #require(SiteState(bytes: Self.bytes(records)))
    // Two films added at the start and one in the middle; offset 3's film removed.
    let new = [ContentHash(value: 500), ContentHash(value: 501)]
    let sources =
      new + [0, 1, 2].map { records[$0].source ?? ContentHash(value: 0) }
      + [ContentHash(value: 502)] + [4, 5].map { records[$0].source ?? ContentHash(value: 0) }
    // Offsets 1 and 5 had no source hash, so nothing can be matched to them.
    let expected: [Int?] = [nil, nil, 0, nil, 2, nil, 4, nil]
    #expect(state.recordOffsets(sources: sources, count: sources.count) == expected)
    let known = try #require(
      state.filmHashes(
        of: Array(sources.indices), sources: sources, filmsKey: ContentHash(value: 10)))
    for (position, record) in expected.enumerated() {
      #expect(known(position) == record.map { records[$0].film })
    }
    // Without the bytes' hashes, only a film at the same place in as many films can be its record.
    #expect(state.recordOffsets(sources: nil, count: 6) == Array(0..<6))
    #expect(state.recordOffsets(sources: nil, count: 7) == nil)
    #expect(state.recordOffsets(sources: Array(sources.prefix(3)), count: 8) == nil)
    // A state without the bytes' hashes (the last build's films came from
    // elsewhere) has no record that films from a file's bytes can be matched to.
    let unsourced = try #require(
      SiteState(
        bytes: Self.bytes(
          records.map { record in
            var record = record
            record.source = nil
            return record
          })))
    #expect(
      unsourced.recordOffsets(sources: sources, count: sources.count)
        == Array(repeating: nil, count: sources.count))
  }

  /// The records found by the films' bytes, against a dictionary of the
  /// first record of each source hash: films kept, added and removed, records
  /// without a source, and two records with one source.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func recordsAreFoundByTheFilmsBytesAsADictionaryFindsThem(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var records = Self.records(300)
    for offset in records.indices {
      switch random.next() % 10 {
      case 0: records[offset].source = nil
      // A repeat of an earlier record's hash, or a hash sharing its low bits.
      case 1: records[offset].source = records[Int(random.next() % UInt64(offset + 1))].source
      case 2: records[offset].source = ContentHash(value: random.next() << 20 | 5)
      default: records[offset].source = ContentHash(value: random.next())
      }
    }
    let state = try #require(SiteState(bytes: Self.bytes(records)))
    var first: [ContentHash: Int] = [:]
    for (offset, record) in records.enumerated() {
      if let source = record.source, first[source] == nil { first[source] = offset }
    }
    let sources = (0..<400).map { _ in
      random.next() % 3 == 0
        ? ContentHash(value: random.next())
        : records[Int(random.next() % 300)].source ?? ContentHash(value: 5)
    }
    #expect(state.recordOffsets(sources: sources, count: 400) == sources.map { first[$0] })
  }

  @Test func aStateChangedAfterItWasSealedIsNoState() throws {
    let bytes = Self.bytes(Self.records(4), search: (ContentHash(value: 5), Self.chunks))
    let state = try #require(SiteState(bytes: bytes))
    let first = try #require(state.fieldRanges(at: 0))
    let second = try #require(state.fieldRanges(at: 1))
    // Each edit leaves every line well formed: only the seal tells.
    var swapped = bytes
    let (one, two) = (Array(bytes[first.position]), Array(bytes[second.position]))
    #expect(one != two)
    swapped.replaceSubrange(second.position, with: one)
    swapped.replaceSubrange(first.position, with: two)
    var marked = bytes
    marked[state.lines[2].lowerBound + SiteState.markStart] = UInt8(ascii: "0")
    var renamed = bytes
    let term = try #require(state.termLines.first)
    renamed[term.upperBound - 1] = UInt8(ascii: "Z")
    // The file's last byte before its line break, in the last chunk's line.
    var chunk = bytes
    let last = try #require(state.searchLines.last).upperBound - 1
    chunk[last] = chunk[last] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
    // The header's count of the site's files (its sixth field).
    var header = bytes
    let headerEnd = try #require(state.lines.first).lowerBound - 1
    let text = String(decoding: bytes[..<headerEnd], as: UTF8.self)
    let files = text.split(separator: " ")[6]
    #expect(files == "\(state.files)")
    let start = text.utf8.distance(from: text.utf8.startIndex, to: files.utf8.startIndex)
    header.replaceSubrange(
      start..<start + files.utf8.count, with: Array("\(state.files + 1)".utf8))
    for edited in [swapped, marked, renamed, chunk, header] {
      #expect(edited != bytes)
      #expect(SiteState(bytes: edited) == nil)
      // Sealed again, the same bytes are a state: the seal is what refused them.
      #expect(SiteState(resealing: edited) != nil)
    }
  }

  @Test func aStateCutShortOrOfAnotherFormatIsNoState() {
    let bytes = Self.bytes(Self.records(4))
    #expect(SiteState(bytes: Array(bytes.dropLast())) == nil)
    #expect(SiteState(bytes: Array(bytes.dropLast(40))) == nil)
    #expect(SiteState(bytes: []) == nil)
    // Sealed again below, so that the check each edit meets is the one named.
    var otherVersion = bytes
    otherVersion[SiteState.formatLine.utf8.count - 1] = UInt8(ascii: "8")
    #expect(SiteState(resealing: otherVersion) == nil)
    // One film's line lost: the count in the header no longer matches.
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let fewer = lines.enumerated().filter { $0.offset != 2 }.map(\.element)
    #expect(SiteState(resealing: Array(fewer.joined(separator: [UInt8(ascii: "\n")]))) == nil)
    #expect(SiteState(resealing: bytes) != nil)
  }

  /// A planned rebuild with the state's taxonomies takes a film's actors
  /// from its line, with the plan's terms of the cast: the ones it was written with.
  @Test func aFilmsActorPagesReadWithThePlansCastAreTheRecordedOnes() throws {
    let records = Self.records(6)
    let state = try #require(SiteState(bytes: Self.bytes(records)))
    let cast = Self.terms[3].map { Term(kind: .cast, name: $0.name, slug: $0.slug, films: []) }
    for (offset, record) in records.enumerated() {
      #expect(state.actorPages(at: offset, cast: cast) == record.links.actors)
    }
    // Ranks past the terms given are a damaged line, or other terms.
    #expect(state.actorPages(at: 0, cast: Array(cast.prefix(2))) == nil)
    #expect(state.actorPages(at: 1, cast: []) == nil)
  }

  /// New actors put among the terms move the recorded ones: each actor's
  /// page is the term at its rank's place now, with that place as its rank.
  @Test func aFilmsActorPagesFollowTheirTermsToTheirPlacesNow() throws {
    let records = Self.records(6)
    let state = try #require(SiteState(bytes: Self.bytes(records)))
    let kept = Self.terms[3].map { Term(kind: .cast, name: $0.name, slug: $0.slug, films: []) }
    // Two new terms, first and third: the kept ones move to 1, 3, 4, 5 and 6.
    let new = { (name: String) in Term(kind: .cast, name: name, slug: name, films: []) }
    let cast = [new("aa")] + kept.prefix(1) + [new("bb")] + kept.dropFirst()
    let places: [Int32] = [1, 3, 4, 5, 6]
    for (offset, record) in records.enumerated() {
      let moved = record.links.actors.map { actor in
        FilmPageLinks.ActorPage(
          name: actor.name, slug: actor.slug, rank: actor.rank.map { places[Int($0)] })
      }
      #expect(state.actorPages(at: offset, cast: cast, moved: (places, [:])) == moved)
      // Read at the recorded ranks instead, the new terms would be taken for them.
      #expect(state.actorPages(at: offset, cast: cast) != moved)
    }
    // A rank with no place now is a damaged line.
    #expect(state.actorPages(at: 0, cast: cast, moved: ([1], [:])) == nil)
  }

  /// An actor recorded with no page gets the page of a new term with their
  /// name (as `String` compares names), and only they do; the others keep
  /// their recorded pages.
  @Test func anActorWithNoPageGetsTheNewTermNamedAsThey() throws {
    let records = Self.records(4)
    let state = try #require(SiteState(bytes: Self.bytes(records)))
    let kept = Self.terms[3].map { Term(kind: .cast, name: $0.name, slug: $0.slug, films: []) }
    let pageless = "No page \\\t2"
    let cast = kept + [Term(kind: .cast, name: pageless, slug: "no-page-2", films: [])]
    let places: [Int32] = [0, 1, 2, 3, 4]
    for (offset, record) in records.enumerated() {
      let expected = record.links.actors.map { actor in
        actor.name == pageless
          ? FilmPageLinks.ActorPage(name: actor.name, slug: "no-page-2", rank: 5) : actor
      }
      #expect(
        state.actorPages(at: offset, cast: cast, moved: (places, [pageless: 5]))
          == expected)
      // Not named among the new terms, they keep no page.
      #expect(state.actorPages(at: offset, cast: cast, moved: (places, [:])) == record.links.actors)
    }
    // A name the line spells otherwise (decomposed) than the new term
    // (precomposed), which `String` takes as the same name.
    var spelt = records[1]
    spelt.links = FilmPageLinks(
      indexPage: spelt.links.indexPage, indexPath: spelt.links.indexPath,
      genres: spelt.links.genres, director: spelt.links.director, year: spelt.links.year,
      cast: spelt.links.cast, actors: [.init(name: "Zoe\u{308}", slug: nil)])
    spelt.position = 0
    let single = try #require(SiteState(bytes: Self.bytes([spelt])))
    #expect(
      single.actorPages(at: 0, cast: cast, moved: (places, ["Zo\u{EB}": 5]))
        == [.init(name: "Zoe\u{308}", slug: "no-page-2", rank: 5)])
  }

  /// A film whose actors keep their pages has the digest of the links its
  /// line records, whatever moved; one with an actor whose term went, or
  /// recorded with no page and named as a new term, has none: its links
  /// are made again.
  @Test func aFilmsLinksAreKeptWhileItsActorsKeepTheirPages() throws {
    let records = Self.records(6)
    let state = try #require(SiteState(bytes: Self.bytes(records)))
    for (offset, record) in records.enumerated() {
      #expect(state.linksDigest(at: offset) == record.links.digest)
      #expect(
        state.keptLinksDigest(at: offset, castCount: 5, castPlaces: nil, added: [:])
          == record.links.digest)
      #expect(
        state.keptLinksDigest(
          at: offset, castCount: 7, castPlaces: [1, 3, 4, 5, 6], added: ["aa": 0, "bb": 2])
          == record.links.digest)
      // The term at rank 2 went: the films whose actors had it lose their page.
      let ranks = record.links.actors.compactMap(\.rank)
      #expect(
        (state.keptLinksDigest(
          at: offset, castCount: 4, castPlaces: [0, 1, -1, 2, 3], added: [:]) == nil)
          == ranks.contains(2))
      // A rank past the terms is a damaged line.
      #expect(state.keptLinksDigest(at: offset, castCount: 1, castPlaces: nil, added: [:]) == nil)
      // The film's own actor with no page is named as a new term; another film's is not.
      let pageless = "No page \\\t\(offset)"
      #expect(
        state.keptLinksDigest(
          at: offset, castCount: 6, castPlaces: [0, 1, 2, 3, 4], added: [pageless: 5]) == nil)
      #expect(
        state.keptLinksDigest(
          at: offset, castCount: 6, castPlaces: [0, 1, 2, 3, 4],
          added: ["No page \\\t\(offset + 1)": 5]) == record.links.digest)
    }
    // A name spelt otherwise (decomposed) than the new term (precomposed)
    // is the same name to `String`, as to ``SiteState/actorPages(at:cast:moved:)``.
    var spelt = records[1]
    spelt.links = FilmPageLinks(
      indexPage: 1, indexPath: "", actors: [.init(name: "Zoe\u{308}", slug: nil)])
    spelt.position = 0
    let single = try #require(SiteState(bytes: Self.bytes([spelt])))
    #expect(
      single.keptLinksDigest(
        at: 0, castCount: 6, castPlaces: [0, 1, 2, 3, 4], added: ["Zo\u{EB}": 5]) == nil)
  }

  /// A line whose links are kept, written from the last line with the film's
  /// place now and its actors' ranks moved, is the line its record makes
  /// with its links made, as a planned build makes them.
  @Test func aLineWrittenFromItsKeptLinksIsTheLineItsRecordMakes() throws {
    let records = Self.records(40)
    let state = try #require(SiteState(bytes: Self.bytes(records)))
    // Two new actors' terms, first and third: the kept ones move to 1, 3, 4, 5 and 6.
    let cast =
      [SiteState.TermName(name: "aa", slug: "aa")] + Self.terms[3].prefix(1)
      + [SiteState.TermName(name: "bb", slug: "bb")] + Self.terms[3].dropFirst()
    let places: [Int32] = [1, 3, 4, 5, 6]
    for moved in [nil, places] {
      for (offset, record) in records.enumerated() {
        // The film moved two places down, to another index page, and its names' ranks moved.
        var next = record
        next.position = record.position + 2
        let ranks = record.ranks.enumerated().map { kind, kindRanks in
          kind == SiteState.castKind ? kindRanks.map { moved?[Int($0)] ?? $0 } : kindRanks
        }
        next.ranks = ranks
        let links = record.links
        next.links = FilmPageLinks(
          indexPage: links.indexPage + 1, indexPath: "page/\(links.indexPage + 1)/",
          genres: links.genres, director: links.director, year: links.year, cast: links.cast,
          actors: links.actors.map { actor in
            .init(
              name: actor.name, slug: actor.slug, rank: actor.rank.map { moved?[Int($0)] ?? $0 })
          })
        (next.warned, next.leftOut, next.source) = (false, true, ContentHash(value: 3))
        var made: [UInt8] = []
        SiteState.appendLine(
          of: next, cast: moved == nil ? Self.terms[3] : cast, to: &made)
        var written: [UInt8] = []
        SiteState.appendStart(
          film: next.film, footprint: next.footprint, source: next.source,
          mark: SiteState.mark(inFeed: next.inFeed, warned: false, leftOut: true), to: &written)
        #expect(
          state.appendKeptLinks(
            fromLineAt: offset, position: next.position, route: next.route,
            forEachRank: { kind, body in ranks[kind].forEach(body) },
            indexPage: next.links.indexPage,
            indexPath: next.links.indexPath, castPlaces: moved, to: &written))
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: made, as: UTF8.self))
      }
    }
    // A term that went is not written: nothing is.
    var written: [UInt8] = [1]
    #expect(
      !state.appendKeptLinks(
        fromLineAt: 0, position: 0, route: records[0].route, forEachRank: { _, _ in }, indexPage: 1,
        indexPath: "", castPlaces: [-1, -1, -1, -1, -1], to: &written))
    #expect(written == [1])
  }

  @Test func aDamagedLineIsNoRecord() throws {
    var bytes = Self.bytes(Self.records(3))
    let second = try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) + 1
    bytes[second + 40] = UInt8(ascii: "!")  // inside the source hash
    let state = try #require(SiteState(resealing: bytes))
    #expect(state.record(at: 0) == nil)
    #expect(state.record(at: 1) != nil)
  }

  @Test func aLineWhosePlaceIsDamagedHasNoPlaceAndNoRecord() throws {
    let records = Self.records(5)
    let text = String(decoding: Self.bytes(records), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The place of the second film is no longer a number.
    lines[2] = Self.editing(lines[2], field: 0) { "x" + $0 }
    // The third film's line has lost everything after its place.
    let third = lines[3]
    lines[3] = String(
      third[..<third.utf8.index(third.utf8.startIndex, offsetBy: SiteState.placeStart + 10)])
    // The fourth's index page is no number, and the fifth's place has ten digits.
    lines[4] = Self.editing(lines[4], field: 3) { $0 + "x" }
    lines[5] = Self.editing(lines[5], field: 0) { _ in "1234567890" }
    let state = try #require(SiteState(resealing: Array(lines.joined(separator: "\n").utf8)))
    #expect(state.place(at: 0)?.position == records[0].position)
    #expect(state.position(at: 0) == records[0].position)
    #expect(state.ranks(at: 0) == records[0].ranks)
    #expect(state.record(at: 0) == records[0])
    for offset in 1..<5 {
      // A damaged line has no field at all, even those that read well alone.
      #expect(state.place(at: offset) == nil)
      #expect(state.position(at: offset) == nil)
      #expect(state.ranks(at: offset) == nil)
      #expect(state.record(at: offset) == nil)
    }
  }

  @Test(
    arguments: [
      ("2", nil), ("3", nil), ("8", nil), ("x", nil), ("4", true), ("6", true), ("0", false),
    ] as [(String, Bool?)])
  func aFilmsMarkSaysWhetherItWasLeftAValueShort(mark: String, leftOut: Bool?) throws {
    let records = Self.records(1)
    var text = String(decoding: Self.bytes(records), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    // The mark is the line's 52nd byte, after three hashes and their spaces.
    var line = Array(lines[1].utf8)
    line[51] = UInt8(ascii: Unicode.Scalar(mark) ?? "x")
    text = text.replacingOccurrences(of: lines[1], with: String(decoding: line, as: UTF8.self))
    let state = try #require(SiteState(resealing: Array(text.utf8)))
    // A mark that is no digit of the format, or says a film warned without a
    // value left out, is damaged: the film is taken as warned and left short.
    #expect(state.hasLeftOut(at: 0) == (leftOut ?? true))
    #expect(state.hasWarned(at: 0) == (leftOut == nil || mark == "6"))
  }

  @Test func damagedRanksActorsOrTermsAreNone() throws {
    let records = Self.records(4)
    let text = String(decoding: Self.bytes(records), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The first film's ranks end without their `/`; the second's have a letter.
    lines[1] = Self.editing(lines[1], field: 2) { String($0.dropLast()) }
    lines[2] = Self.editing(lines[2], field: 2) { "x" + $0 }
    // The third film's first actor names a page past the cast's terms; the
    // fourth's last actor ends in half an escape.
    lines[3] = Self.editing(lines[3], field: 5) { "=99" + $0.drop { $0 != "\t" } }
    lines[4] = Self.editing(lines[4], field: 5) { $0 + "\\" }
    // A term's name ends in half an escape.
    let termLine = try #require(lines.firstIndex { $0.hasPrefix("1 a-b ") })
    lines[termLine] += "\\"
    let state = try #require(SiteState(resealing: Array(lines.joined(separator: "\n").utf8)))
    #expect(state.ranks(at: 0) == nil)
    #expect(state.ranks(at: 1) == nil)
    #expect(state.ranks(at: 2) == records[2].ranks)
    for offset in 0..<4 { #expect(state.record(at: offset) == nil) }
    let cast = Self.terms[3].map { Term(kind: .cast, name: $0.name, slug: $0.slug, films: []) }
    #expect(state.actorPages(at: 0, cast: cast) == records[0].links.actors)
    #expect(state.actorPages(at: 2, cast: cast) == nil)
    #expect(state.actorPages(at: 3, cast: cast) == nil)
    #expect(state.terms(of: .directors) == nil)
    #expect(state.terms(of: .genres) == Self.terms[0])
  }
}
