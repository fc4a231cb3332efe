import FilmCatalog
import FilmSiteSupport
import Synchronization

/// A catalog file's films as bytes: where each film's object lies
/// (``CatalogLayout``) and the hash of each, found without decoding one.
///
/// A build keeps the hashes in its ``SiteState``; the next build from the
/// same file compares them, and decodes only the films whose bytes changed
/// (and those that warned, whose warnings are told again). A film whose
/// bytes did not change is the film the last build decoded from them.
struct CatalogFilmBytes: Sendable {
  let catalog: CatalogFile
  let layout: CatalogLayout
  /// The hash of each film's object, in the file's order.
  let hashes: [ContentHash]

  /// The films of `catalog` as bytes; `nil` when its layout cannot be told
  /// without decoding it (``CatalogFile/layout()``).
  init?(_ catalog: CatalogFile) {
    guard let layout = catalog.layout() else { return nil }
    self.catalog = catalog
    self.layout = layout
    let bytes = catalog.bytes
    hashes = layout.films.parallelMap { range in
      ContentHash(bytes[bytes.startIndex + range.lowerBound..<bytes.startIndex + range.upperBound])
    }
  }

  /// The credit the file's snapshot header asks for.
  var attribution: Attribution? { catalog.attribution(of: layout) }

  /// The offsets of the films to decode for a rebuild from `state`: those
  /// whose bytes are not the ones the state has a hash of, and those that
  /// warned. `nil` when the state does not describe this file's films one
  /// for one (another number of films, or a film without a source hash).
  func offsetsToDecode(from state: SiteState) -> [Int]? {
    guard state.count == hashes.count else { return nil }
    var offsets: [Int] = []
    for (offset, hash) in hashes.enumerated() {
      guard let had = state.sourceHash(at: offset) else { return nil }
      if had != hash || state.hasWarned(at: offset) { offsets.append(offset) }
    }
    return offsets
  }

  /// The file's films for a planned rebuild from `state`, as a decode of the
  /// whole file gives them, without decoding those the state has a record of
  /// (by the hash of their bytes) and that did not warn: each of those is made
  /// with its recorded id and decoded when a field of it is first read
  /// (``Film/init(id:decoding:)``), which for most of them is never. A film
  /// that decodes to another id, or not alone nor in the whole file, is
  /// recorded in `failures` and is no film of the site. `nil` when more films
  /// have no record than ``changedFilmsDecodedLater(of:)`` allows, or a film
  /// without one can only be told by decoding the whole file.
  /// - Parameter state: The last build's state, made with the films key of
  ///   this build: its films' records were made from the same bytes by the same program.
  func filmsDecodingLater(from state: SiteState, failures: LaterDecodes) -> [Film]? {
    guard let records = state.recordOffsets(sources: hashes, count: hashes.count),
      records.count(where: { $0 == nil }) <= Self.changedFilmsDecodedLater(of: hashes.count)
    else { return nil }
    let films = Array(hashes.indices).parallelMap { offset -> Film? in
      let range = layout.films[offset]
      guard let record = records[offset], !state.hasWarned(at: record),
        let id = state.filmID(at: record)
      else { return catalog.film(at: range, of: layout) }
      return Film(
        id: id,
        decoding: { [self] in
          if let film = catalog.film(at: range, of: layout) ?? filmsAgain(at: [offset])?.first,
            film.id == id
          {
            return film
          }
          failures.fail(at: offset)
          return Film(id: id, title: "")
        })
    }
    guard films.allSatisfy({ $0 != nil }) else { return nil }
    return films.compactMap { $0 }
  }

  /// The most films of `count` without a record for which a rebuild leaves
  /// the others to decode later: 16, or one in 1,000. The films left for
  /// later hold the file's bytes until the build ends, and with many changed
  /// films the pages made again show most films, which are then decoded
  /// anyway, one at a time. (The search index's chunks need not decode the
  /// kept films they hold: their lines are read from the current chunk
  /// files when those are as written, ``KeptSearchLines``.)
  static func changedFilmsDecodedLater(of count: Int) -> Int {
    max(16, count / 1_000)
  }

  /// The films at `offsets`, each decoded alone; `nil` when one of them can
  /// only be told by decoding the whole file (an error in it, say, which
  /// that decode then reports).
  func films(at offsets: [Int]) -> [(offset: Int, element: Film)]? {
    var films: [(offset: Int, element: Film)] = []
    films.reserveCapacity(offsets.count)
    for offset in offsets {
      guard let film = catalog.film(at: layout.films[offset], of: layout) else { return nil }
      films.append((offset, film))
    }
    return films
  }

  /// The films at `offsets` once more, for pages rendered after a rebuild
  /// began: each decoded alone, or, where one of them can only be told by
  /// decoding the whole file, taken from that decode, made once; `nil` when
  /// even that fails, or the file's films are not its objects one for one.
  func filmsAgain(at offsets: [Int]) -> [Film]? {
    if let films = films(at: offsets) { return films.map(\.element) }
    let whole = wholeDecode.films.withLock { films in
      if films == nil { films = (try? catalog.decode())?.films }
      return films
    }
    guard let whole, whole.count == hashes.count, offsets.allSatisfy(whole.indices.contains)
    else { return nil }
    return offsets.map { whole[$0] }
  }

  /// The whole file decoded, once, when a film could not be decoded alone.
  private let wholeDecode = WholeDecode()

  /// The films of a whole decode of the file, once made.
  private final class WholeDecode: Sendable {
    let films = Mutex<[Film]?>(nil)
  }
}
