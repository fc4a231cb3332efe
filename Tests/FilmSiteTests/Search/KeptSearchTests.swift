import Foundation
import Synchronization
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// The search index a rebuild makes from the last build's chunks
/// (``KeptSearch``) is the one ``SearchIndex`` makes from every film: the
/// same chunks, films, keys and bytes, after random retitles, new directors,
/// years and casts, additions and removals; and it asks to reuse exactly
/// the chunks the full index would.
@Suite struct KeptSearchTests {
  /// Few words, many sharing their first letters, so groups split and merge.
  private static let words = [
    "matrix", "mad", "max", "man", "mars", "the", "heat", "her", "1999", "19th", "über", "ma",
    "m", "!!",
  ]
  private static let people = ["Ann Marsh", "Ben Max", "Cy Heat", "Dee", "Mads Mo", "Ümit"]
  private static let site = ContentHash(value: 7)
  private static let limit = 6

  private static func film(_ id: Int, using random: inout SplitMix64) -> Film {
    let title = (0..<random.int(1...3)).map { _ in random.pick(words) }.joined(separator: " ")
    return Film(
      id: String(id), title: title, year: random.chance(80) ? random.int(1998...2000) : nil,
      director: random.chance(70) ? random.pick(people) : nil
    ).with { film in
      film.cast = (0..<random.int(0...3)).map { _ in
        Film.CastMember(name: random.pick(people), character: nil)
      }
    }
  }

  private struct Index: Equatable {
    var chunks: [SearchChunk] = []
    var rendered: [String: [UInt8]] = [:]
    var reused: Set<String> = []
  }

  private static func collect(_ batch: [SiteFile], into index: inout Index) {
    for file in batch {
      switch file {
      case .rendered(let file): index.rendered[file.path] = file.bytes
      case .reused(let path, _): index.reused.insert(path)
      }
    }
  }

  /// Reuse of the files of `last` (paths and keys) whose keys are asked
  /// for, but for those `isLost` names (hand-edited or deleted since), told
  /// whether the key asked for is the file's; `files` gives the bytes of
  /// each file as written, which `read` may change.
  private static func reuse(
    of last: [SearchChunk], files: [String: [UInt8]] = [:],
    isLost: @escaping @Sendable (String, Bool) -> Bool = { _, _ in false },
    read: @escaping @Sendable ([UInt8]) -> [UInt8] = { $0 }
  ) -> PageReuse {
    let keys = Dictionary(
      last.map { (SearchIndex.folder + "/" + $0.fileName, $0.key) },
      uniquingKeysWith: { first, _ in first })
    @Sendable func entry(_ key: ContentHash) -> OutputManifest.Entry {
      OutputManifest.Entry(hash: ContentHash(value: 0), size: 0, modified: .now, key: key)
    }
    return PageReuse(
      entry: { path, key in
        guard !isLost(path, keys[path] == key), keys[path] == key else { return nil }
        return entry(key)
      },
      group: { _, _, _ in nil },
      current: { path in keys[path].map(entry) },
      bytes: { path, _ in isLost(path, false) ? nil : files[path].map(read) })
  }

  private static func full(_ entries: [(film: Film, route: Route)], reusing reuse: PageReuse)
    -> Index
  {
    var index = Index()
    index.chunks = SearchIndex.files(
      for: entries, key: ContentHash(value: 1), site: site, maximumChunkFilms: limit,
      castPagesPerFilm: 2, reusing: reuse
    ) { collect($0, into: &index) }
    return index
  }

  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
  func keptChunksAreTheChunksOfEveryFilm(seed: UInt64) throws {
    try Self.checkKeptChunks(seed: seed)
  }

  /// With the last chunks' files to read, a film whose bytes did not change
  /// has its line read from them: only the changed and added films are
  /// decoded, and the index is the one every film's lines make.
  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
  func keptFilmsLinesAreReadFromTheLastFiles(seed: UInt64) throws {
    try Self.checkKeptChunks(seed: seed, readsFiles: true)
  }

  /// A file whose lines do not give its chunk's key (here, in another order)
  /// gives no line: its films' lines are made from the films.
  @Test(arguments: [UInt64(1), 2, 3])
  func aFileWhoseLinesDoNotGiveItsKeyGivesNone(seed: UInt64) throws {
    try Self.checkKeptChunks(seed: seed, readsFiles: true, reordersLines: true)
  }

  /// A file that is lost gives no line: its films' lines come from other
  /// files that hold them, or are made from the films.
  @Test(arguments: [UInt64(4), 5, 6])
  func aLostFilesFilmsHaveTheirLinesFromOtherFilesOrTheFilms(seed: UInt64) throws {
    try Self.checkKeptChunks(seed: seed, readsFiles: true) { path, _ in
      path.utf8.count % 3 == 0
    }
  }

  /// `bytes`, a chunk's file, with its lines in the other order.
  private static func reordered(_ bytes: [UInt8]) -> [UInt8] {
    guard let ranges = SearchLines.lineRanges(inChunk: bytes), ranges.count > 1 else {
      return bytes
    }
    let lines = ranges.reversed().map { String(decoding: bytes[$0], as: UTF8.self) }
    return Array(("[\n" + lines.joined(separator: ",\n") + "\n]\n").utf8)
  }

  /// A chunk whose films kept their lines but whose file is not as written is
  /// made again with the bytes the full index has, though the rebuild made
  /// no line of its films for a key.
  @Test(arguments: [UInt64(7), 8, 9])
  func aKeptChunkWhoseFileIsLostIsMadeAgain(seed: UInt64) throws {
    // Each time a file with the key asked for is found lost.
    let lost = Mutex(0)
    try Self.checkKeptChunks(seed: seed) { path, keyMatches in
      guard path.utf8.count % 2 == 1 else { return false }
      if keyMatches { lost.withLock { $0 += 1 } }
      return true
    }
    #expect(lost.withLock { $0 } > 0)
  }

  /// Edits films at random, round after round, and holds each round's kept
  /// index to the full one. With `readsFiles`, the last files' bytes are
  /// there to read (with their lines in the other order, if `reordersLines`),
  /// the films are decoded later, and with every file as written (none
  /// reordered and no `isLost` given) only the films without a last position are.
  private static func checkKeptChunks(
    seed: UInt64, readsFiles: Bool = false, reordersLines: Bool = false,
    isLost: (@Sendable (String, Bool) -> Bool)? = nil
  ) throws {
    let everyFileAsWritten = !reordersLines && isLost == nil
    let isLost = isLost ?? { _, _ in false }
    var random = SplitMix64(seed: seed)
    var films = (0..<random.int(20...80)).map { Self.film($0, using: &random) }
    var nextID = films.count
    let first = try SitePlan(films: films, configuration: SiteConfiguration()).films
    var last = Self.full(first, reusing: .none)
    // The current site's chunk files, as the rounds leave them.
    var files = last.rendered
    // The kept films whose lines the rounds needed, read or made, and those decoded.
    var keptLinesNeeded = 0
    var keptDecoded = 0
    var lastIDs = first.map(\.film)
    var kept = 0
    for round in 0..<15 {
      for _ in 0..<random.int(1...4) {
        let index = random.int(0...films.count - 1)
        switch random.int(0...5) {
        case 0:
          let title = random.pick(Self.words) + " " + random.pick(Self.words)
          films[index] = films[index].with { $0.title = title }
        case 1:
          let director = random.pick(Self.people)
          films[index] = films[index].with { $0.director = director }
        case 2:
          let year = random.int(1998...2001)
          films[index] = films[index].with { $0.year = year }
        case 3:
          let actor = random.pick(Self.people)
          films[index] = films[index].with {
            $0.cast = [Film.CastMember(name: actor, character: nil)]
          }
        case 4 where films.count > 5: films.remove(at: index)
        default:
          films.insert(Self.film(nextID, using: &random), at: index)
          nextID += 1
        }
      }
      let entries = try SitePlan(films: films, configuration: SiteConfiguration()).films
      // A film that did not change is at its last position and its new one.
      var lastPosition: [String: Int] = [:]
      for (position, film) in lastIDs.enumerated() { lastPosition[film.id] = position }
      var newPositions = [Int32?](repeating: nil, count: lastIDs.count)
      for (position, entry) in entries.enumerated() {
        if let old = lastPosition[entry.film.id], lastIDs[old] == entry.film {
          newPositions[old] = Int32(position)
        }
      }
      let keptSearch = try #require(
        KeptSearch(chunks: last.chunks, newPositions: newPositions, count: entries.count))
      let reuse = Self.reuse(
        of: last.chunks, files: readsFiles ? files : [:], isLost: isLost,
        read: { bytes in reordersLines ? Self.reordered(bytes) : bytes })
      let expected = Self.full(entries, reusing: reuse)
      // Each film decoded later, when the files are read.
      func later() -> [(film: Film, route: Route)] {
        entries.map { entry in
          (film: Film(id: entry.film.id, decoding: { entry.film }), route: entry.route)
        }
      }
      let given = readsFiles ? later() : entries
      var made = Index()
      made.chunks = keptSearch.files(
        for: given, key: ContentHash(value: 1), site: Self.site, maximumChunkFilms: Self.limit,
        castPagesPerFilm: 2, reusing: reuse
      ) { Self.collect($0, into: &made) }
      if readsFiles {
        let keptPositions = newPositions.compactMap { $0 }
        // The same index made without the files decodes the kept films whose lines it needs.
        let unread = later()
        _ = keptSearch.files(
          for: unread, key: ContentHash(value: 1), site: Self.site,
          maximumChunkFilms: Self.limit, castPagesPerFilm: 2,
          reusing: Self.reuse(of: last.chunks, isLost: isLost)
        ) { _ in }
        keptLinesNeeded += keptPositions.filter { unread[Int($0)].film.isDecoded }.count
        let decodedKept = keptPositions.filter { given[Int($0)].film.isDecoded }
        keptDecoded += decodedKept.count
        if everyFileAsWritten {
          #expect(decodedKept.isEmpty, "seed \(seed), round \(round)")
        }
      }
      // Compared part by part, so that a failure names what differs without every byte.
      #expect(
        made.chunks.map(\.fileName) == expected.chunks.map(\.fileName),
        "seed \(seed), round \(round)")
      #expect(made.chunks == expected.chunks, "seed \(seed), round \(round)")
      #expect(made.reused == expected.reused, "seed \(seed), round \(round)")
      let sameBytes = made.rendered == expected.rendered
      #expect(sameBytes, "seed \(seed), round \(round): \(expected.rendered.keys.sorted())")
      kept += made.reused.count
      last = expected
      files.merge(expected.rendered) { _, new in new }
      lastIDs = entries.map(\.film)
    }
    // Most chunks were kept, not made.
    #expect(kept > 0)
    if readsFiles { #expect(keptLinesNeeded > 0) }
    // Reordered files gave no line: their films were decoded for them.
    if reordersLines { #expect(keptDecoded > 0) }
  }

  @Test func positionsThatDoNotKeepTheOrderAreRefused() {
    func chunk(_ films: [Int32]) -> SearchChunk {
      SearchChunk(
        group: "ma", name: "ma", words: [.init(text: "max", films: films)], films: films,
        key: ContentHash(value: 1))
    }
    #expect(KeptSearch(chunks: [chunk([0, 1])], newPositions: [1, 0], count: 2) == nil)
    #expect(KeptSearch(chunks: [chunk([0, 1])], newPositions: [0, 5], count: 2) == nil)
    #expect(KeptSearch(chunks: [chunk([1, 0])], newPositions: [0, 1], count: 2) == nil)
    #expect(KeptSearch(chunks: [chunk([0, 2])], newPositions: [0, 1], count: 2) == nil)
    #expect(KeptSearch(chunks: [chunk([0, 1])], newPositions: [0, nil], count: 2) != nil)
  }
}
