import FilmSiteSupport
import Foundation

/// What a build leaves beside the output folder for the next one, so that a
/// rebuild after edits that only the edited films' own pages show can skip
/// the plan (``FilmPageRebuild``): for each film, in the order the source
/// gave them, its hash, its footprint (``FilmFootprint``), the hash of its
/// bytes in a catalog file, its links (``FilmPageLinks``) and their
/// ``FilmPageLinks/digest``, its place in the site's order and its route (which a planned rebuild keeps for a film whose
/// bytes did not change: ``KeptOrder``), and the ranks of its names among
/// the terms of each taxonomy, which follow the films, one line a term
/// (``KeptTerms``). A film's links are kept by those ranks. Then the search
/// index's chunks, one line each (``KeptSearch``), when the build made them.
///
/// It is kept in `.Output.filmsite-state`, one line of text a film, a term and a chunk, and is
/// written after the site is published. It names the fingerprint of the
/// site it describes, so a state that a stopped build did not replace, or
/// that another program changed, is never taken for the site's: a rebuild
/// that cannot use it plans the whole site, as a build without one does.
/// Its header ends with a hash of every other byte of the file (``HeaderSeal``),
/// so a state changed by accident after it was written, even into another
/// well-formed one (two films' places swapped), is not taken either. The
/// hash is no signature: whoever edits a state on purpose can seal it again.
struct SiteState: Sendable {
  /// A film's record.
  struct Record: Sendable, Equatable {
    /// The checked film's hash (``BuildFingerprint/hash(of:)``).
    var film: ContentHash
    var footprint: ContentHash
    /// The hash of the film's object in the catalog file it came from
    /// (``CatalogLayout``); `nil` for a film of another source, or when the
    /// build's films were not the file's objects one for one.
    var source: ContentHash?
    /// Whether the site's feed lists the film, which its footprint was made with.
    var inFeed: Bool
    /// Whether a value of the film was left out with a warning (``ShownFields``).
    var warned: Bool
    /// Whether a value of the film was left out, with a warning or without.
    var leftOut: Bool
    /// The film page's links. Its names are the film's terms, which the line
    /// keeps by their ``ranks``, and its actors' pages by their ranks too.
    var links: FilmPageLinks
    /// Where the film was in the site's order, from 0.
    var position: Int
    /// The film's page.
    var route: Route
    /// For each of ``keptKinds``, the places of the film's names among that
    /// taxonomy's terms (``terms(of:)``), in the film's order.
    var ranks: [[Int32]]
  }

  /// A name of the site's taxonomy of a kind, as its term spells it, and its slug.
  struct TermName: Sendable, Equatable {
    var name: String
    var slug: String
  }

  /// The taxonomies whose terms the state keeps: every kind but the notes' tags
  /// (a site with notes has no state).
  static let keptKinds: [TaxonomyKind] = [.genres, .directors, .years, .cast]

  /// What a rebuild learned of a film it checked: its new hash, whether it
  /// warned, and whether a value was left out of it.
  struct Update: Sendable, Equatable {
    var offset: Int
    var film: ContentHash
    var warned: Bool
    var leftOut: Bool
  }

  static let formatLine = "filmsite-state 11"

  /// The fingerprint of the site it describes, as the manifest gives it.
  let fingerprint: ContentHash
  /// Everything the site was built from besides its films
  /// (``BuildFingerprint/allButFilms(theme:configuration:content:query:maxPages:)``).
  let settings: ContentHash
  /// What each film's hash and footprint were made with
  /// (``BuildFingerprint/filmsKey(theme:configuration:)``): a build with
  /// the same can take them from here, whatever else changed.
  let filmsKey: ContentHash
  /// The key every film page's key starts from (``SiteKeys/film`` of ``PageKeys/sites``).
  let pageSite: ContentHash
  /// The HTML film template the site was built with, and everything else
  /// besides the films; `nil` for a Markdown one.
  let filmTemplate: KeptFilmTemplate?
  /// How many files the site's manifest lists: one that lists fewer lost a
  /// line, and its file is no longer known to be FilmSite's.
  let files: Int
  /// The key every search chunk's key starts from (``SiteKeys/search``),
  /// when the state has the chunks.
  let searchSite: ContentHash?
  /// The file's bytes, and where each film's line is in them (read by the
  /// film lines' readers, `SiteState+FilmLines.swift`, and the terms', `+Terms`).
  let bytes: [UInt8]
  let lines: [Range<Int>]
  /// Where each term's line is: the terms of each of ``keptKinds`` in turn, after the films.
  let termLines: [Range<Int>]
  /// Where each kind's terms start in ``termLines``, and where the last ends.
  let kindStarts: [Int]
  /// Where each search chunk's line is, after the terms.
  let searchLines: [Range<Int>]

  /// The films it has a record of.
  var count: Int { lines.count }

  /// Reads the state in `bytes`; `nil` when they are not a whole state of this format.
  init?(bytes: [UInt8]) {
    // Each line break found with `memchr`, which looks at many bytes at once:
    // at 100,000 films a state is tens of megabytes.
    let (lines, start) = bytes.withUnsafeBytes { raw -> ([Range<Int>], Int) in
      var lines: [Range<Int>] = []
      var start = 0
      while start < raw.count, let base = raw.baseAddress,
        let found = memchr(base + start, Int32(UInt8(ascii: "\n")), raw.count - start)
      {
        let end = base.distance(to: UnsafeRawPointer(found))
        lines.append(start..<end)
        start = end + 1
      }
      return (lines, start)
    }
    guard start == bytes.count, let header = lines.first else { return nil }
    let formatLine = Self.formatLine
    let prefix = Array((formatLine + " ").utf8)
    guard bytes[header].starts(with: prefix) else { return nil }
    let fields = bytes[header].dropFirst(prefix.count).split(
      separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard fields.count == 12,
      // Checked first: every byte is as the build that sealed them wrote it.
      HeaderSeal.isSealed(bytes, headerEnd: header.upperBound),
      let fingerprint = ContentHash(hexDigits: fields[0]),
      let settings = ContentHash(hexDigits: fields[1]),
      let filmsKey = ContentHash(hexDigits: fields[2]),
      let pageSite = ContentHash(hexDigits: fields[3]),
      let files = Int(String(decoding: fields[4], as: UTF8.self)),
      let count = Int(String(decoding: fields[5], as: UTF8.self)),
      let termCount = Int(String(decoding: fields[6], as: UTF8.self)),
      let searchCount = Int(String(decoding: fields[8], as: UTF8.self)),
      let filmTemplate = Self.filmTemplate(hash: fields[9], source: fields[10]),
      // Compared without adding them, which any number in a damaged header could overflow.
      count >= 0, termCount >= 0, searchCount >= 0, count <= lines.count - 1,
      termCount <= lines.count - 1 - count, searchCount == lines.count - 1 - count - termCount
    else { return nil }
    let termEnd = count + 1 + termCount
    // A state without the search index's chunks has no key for them, and one with them has one.
    let searchSite = ContentHash(hexDigits: fields[7])
    guard (searchSite == nil) == (searchCount == 0 && fields[7].elementsEqual("-".utf8)) else {
      return nil
    }
    // Every line starts with three hashes, a mark and the links' digest, a
    // space after each, and then has the film's place, route, ranks and links.
    guard lines[1..<count + 1].allSatisfy({ $0.count > Self.placeStart + 8 }),
      // and every term's line its kind, a space, a slug and a space.
      lines[(count + 1)..<termEnd].allSatisfy({ $0.count >= 4 })
    else { return nil }
    // The terms come kind by kind.
    var kindCounts = [Int](repeating: 0, count: Self.keptKinds.count)
    var lastKind = 0
    for line in lines[(count + 1)..<termEnd] {
      let kind = Int(bytes[line.lowerBound]) - Int(UInt8(ascii: "0"))
      guard kind >= lastKind, kind < kindCounts.count else { return nil }
      kindCounts[kind] += 1
      lastKind = kind
    }
    var kindStarts = [0]
    for kindCount in kindCounts { kindStarts.append(kindStarts[kindStarts.count - 1] + kindCount) }
    self.kindStarts = kindStarts
    self.fingerprint = fingerprint
    self.settings = settings
    self.filmsKey = filmsKey
    self.pageSite = pageSite
    self.filmTemplate = filmTemplate
    self.files = files
    self.searchSite = searchSite
    self.bytes = bytes
    self.lines = Array(lines[1..<count + 1])
    termLines = Array(lines[(count + 1)..<termEnd])
    searchLines = Array(lines[termEnd...])
  }

  /// The film template kept in the header's two fields: `nil` inside when
  /// both are `-`, and `nil` outside for anything else that is not one.
  private static func filmTemplate(hash: ArraySlice<UInt8>, source: ArraySlice<UInt8>)
    -> KeptFilmTemplate??
  {
    if hash.elementsEqual("-".utf8), source.elementsEqual("-".utf8) { return .some(nil) }
    return KeptFilmTemplate(hash: hash, source: source).map { .some($0) }
  }

  /// The search index's chunks, in the index's order; `nil` when the state
  /// has none, or one of their lines is damaged.
  func searchChunks() -> [SearchChunk]? {
    guard searchSite != nil else { return nil }
    var chunks: [SearchChunk] = []
    chunks.reserveCapacity(searchLines.count)
    for line in searchLines {
      guard let chunk = Self.searchChunk(in: bytes[line]) else { return nil }
      chunks.append(chunk)
    }
    return chunks
  }

  /// The hash of the film at `offset` in the source's order; `nil` if the line is damaged.
  func filmHash(at offset: Int) -> ContentHash? {
    hash(at: lines[offset].lowerBound)
  }

  /// The hash of each film whose bytes in the catalog file are the ones
  /// this state has a hash of, by the film's place in a plan whose films
  /// came from these `offsets` of the source (``SitePlan/sourceOffsets``):
  /// decoded from the same bytes by the same program (which `filmsKey`
  /// names), it is the film this state recorded, wherever it is in the
  /// source (``recordOffsets(sources:count:)``). `nil` when the state has
  /// another films key, or the source hashes are not known.
  func filmHashes(of offsets: [Int], sources: [ContentHash]?, filmsKey: ContentHash)
    -> (@Sendable (Int) -> ContentHash?)?
  {
    guard let sources, self.filmsKey == filmsKey else { return nil }
    return filmHashes(of: offsets, records: recordOffsets(sources: sources, count: sources.count))
  }

  /// ``filmHashes(of:sources:filmsKey:)`` with the records found already:
  /// `records`, from ``recordOffsets(sources:count:)`` with the films' source
  /// hashes and for a build with this state's films key.
  func filmHashes(of offsets: [Int], records: [Int?]?) -> (@Sendable (Int) -> ContentHash?)? {
    guard let records, offsets.count == records.count else { return nil }
    return { position in records[offsets[position]].flatMap { filmHash(at: $0) } }
  }

  /// For each film of a source of `count` films, by its offset there, the
  /// offset of this state's record of the same film, or `nil` for a film it
  /// has no record of. With the films' `sources` (the hashes of their bytes
  /// in a catalog file), the record with the same source hash, wherever
  /// films were added or removed before it: decoded from the same bytes by a
  /// build with the same films key, it is the same film. Without them, the
  /// record at the same offset, when there are as many films (`nil` for the
  /// whole list when there are not): then only a check of the film's hash
  /// against the record's tells that it is the same film.
  func recordOffsets(sources: [ContentHash]?, count: Int) -> [Int?]? {
    guard let sources else { return count == self.count ? Array(0..<count) : nil }
    guard sources.count == count else { return nil }
    // The records' source hashes are read on every core, then put in a
    // table by their own bits (``HashSlots``), each slot a record's offset plus one.
    let recorded = Array(0..<self.count).parallelMap { sourceHash(at: $0) }
    let picker = HashSlots(forKeys: recorded.count)
    var slots = [Int](repeating: 0, count: picker.count)
    for (offset, source) in recorded.enumerated() {
      // A catalog with the same bytes twice drops a duplicate, and has no
      // sources; of two records with one hash, the first is found.
      guard let source else { continue }
      var slot = picker.first(for: source.value)
      while slots[slot] != 0, recorded[slots[slot] - 1] != source {
        slot = picker.next(after: slot)
      }
      if slots[slot] == 0 { slots[slot] = offset + 1 }
    }
    let table = slots
    return sources.parallelMap { source in
      var slot = picker.first(for: source.value)
      while table[slot] != 0 {
        if recorded[table[slot] - 1] == source { return table[slot] - 1 }
        slot = picker.next(after: slot)
      }
      return nil
    }
  }

  /// The whole record of the film at `offset`; `nil` if its line is damaged.
  func record(at offset: Int) -> Record? {
    record(at: offset, term: termName(kind:rank:))
  }

  /// The whole record of the film at `offset`, its names looked up in
  /// `terms` (``terms(of:)`` of each of ``keptKinds``, read once for many
  /// records); `nil` if its line is damaged.
  func record(at offset: Int, terms: [[TermName]]) -> Record? {
    record(at: offset) { kind, rank in
      rank >= 0 && Int(rank) < terms[kind].count ? terms[kind][Int(rank)] : nil
    }
  }

  /// The whole record of the film at `offset`, `term` giving the term of a
  /// kind (its place in ``keptKinds``) at a rank.
  private func record(at offset: Int, term: (_ kind: Int, _ rank: Int32) -> TermName?)
    -> Record?
  {
    let start = lines[offset].lowerBound
    let source = bytes[start + 34..<start + 50]
    guard let film = filmHash(at: offset), let footprint = footprint(at: offset),
      let mark = mark(at: offset),
      source.allSatisfy({ $0 == UInt8(ascii: "-") }) || ContentHash(hexDigits: source) != nil,
      let fields = fields(at: offset), let ranks = ranks(at: offset),
      let actors = actors(in: fields.actors, term: { term(Self.castKind, $0) })
    else { return nil }
    var names: [[FilmPageLinks.Name]] = []
    for (kind, kindRanks) in ranks.enumerated() {
      var kindNames: [FilmPageLinks.Name] = []
      for rank in kindRanks {
        guard let term = term(kind, rank) else { return nil }
        kindNames.append(FilmPageLinks.Name(name: term.name, slug: term.slug))
      }
      names.append(kindNames)
    }
    let links = FilmPageLinks(
      indexPage: fields.indexPage, indexPath: fields.indexPath, genres: names[0],
      director: names[1].first, year: names[2].first, cast: names[3],
      actors: actors)
    return Record(
      film: film, footprint: footprint, source: sourceHash(at: offset), inFeed: mark.inFeed,
      warned: mark.warned, leftOut: mark.leftOut, links: links, position: fields.position,
      route: fields.route, ranks: ranks)
  }

  /// The hash of the film's bytes in its catalog file, when the line has one.
  func sourceHash(at offset: Int) -> ContentHash? {
    hash(at: lines[offset].lowerBound + 34)
  }

  /// Whether the film at `offset` was left a value short with a warning; a damaged mark says so too.
  func hasWarned(at offset: Int) -> Bool {
    mark(at: offset)?.warned ?? true
  }

  /// Whether the film at `offset` was left a value short, with a warning or
  /// without; a damaged mark says so too.
  func hasLeftOut(at offset: Int) -> Bool {
    mark(at: offset)?.leftOut ?? true
  }

  /// The mark after the hashes: a digit, 1 for a film in the feed, plus 2 for
  /// one that warned, plus 4 for one that was left a value short. A film
  /// that warned was left one short: a mark that says otherwise is damaged.
  private func mark(at offset: Int) -> (inFeed: Bool, warned: Bool, leftOut: Bool)? {
    let digit = bytes[lines[offset].lowerBound + Self.markStart]
    guard (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) else { return nil }
    let value = digit - UInt8(ascii: "0")
    let mark = (inFeed: value & 1 == 1, warned: value & 2 == 2, leftOut: value & 4 == 4)
    return mark.warned && !mark.leftOut ? nil : mark
  }

  static func mark(inFeed: Bool, warned: Bool, leftOut: Bool) -> UInt8 {
    UInt8(ascii: "0") + (inFeed ? 1 : 0) + (warned ? 2 : 0) + (leftOut || warned ? 4 : 0)
  }

  /// The footprint of the film at `offset` when its line is whole.
  func footprint(at offset: Int) -> ContentHash? {
    hash(at: lines[offset].lowerBound + 17)
  }

  /// The hash whose 16 hexadecimal digits start at `start` in ``bytes``:
  /// read through the bytes' memory, as a rebuild reads two or three of
  /// every film's line (an array slice's indices are checked byte by byte).
  private func hash(at start: Int) -> ContentHash? {
    guard start >= 0, start + 16 <= bytes.count else { return nil }
    return bytes.withUnsafeBytes { ContentHash(hexDigits: $0[start..<start + 16]) }
  }

  /// Whether the site's feed listed the film at `offset`.
  func isInFeed(at offset: Int) -> Bool {
    mark(at: offset)?.inFeed ?? false
  }

  /// The hash of the film page's links but its index page
  /// (``FilmPageLinks/digest``), which the line's ranks and actors name:
  /// with the film's hash and route, its page's key but for the index page
  /// (``PageKeys/filmBase(site:film:route:links:)``). `nil` if the line is damaged.
  func linksDigest(at offset: Int) -> ContentHash? {
    hash(at: lines[offset].lowerBound + Self.linksStart)
  }

  /// Where a line's mark is, after three hashes, each with a space.
  static let markStart = 51
  /// Where the links' digest starts, after the mark and a space.
  static let linksStart = 53
  /// Where a line's place starts: after three hashes, the mark and the
  /// links' digest, each with a space. Its route, ranks and links follow (``fields(at:)``).
  static let placeStart = 70
}
