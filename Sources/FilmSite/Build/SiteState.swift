/// What a build leaves beside the output folder for the next one, so that a
/// rebuild after edits that only the edited films' own pages show can skip
/// the plan (``FilmPageRebuild``): for each film, in the order the source
/// gave them, its hash, its footprint (``FilmFootprint``) and its links
/// (``FilmPageLinks``).
///
/// It is kept in `.Output.filmsite-state`, one line of text a film, and is
/// written after the site is published. It names the fingerprint of the
/// site it describes, so a state that a stopped build did not replace, or
/// that another program changed, is never taken for the site's: a rebuild
/// that cannot use it plans the whole site, as a build without one does.
struct SiteState: Sendable {
  /// A film's record.
  struct Record: Sendable, Equatable {
    /// The checked film's hash (``BuildFingerprint/hash(of:)``).
    var film: ContentHash
    var footprint: ContentHash
    /// Whether the site's feed lists the film, which its footprint was made with.
    var inFeed: Bool
    var links: FilmPageLinks
  }

  static let formatLine = "filmsite-state 1"

  /// The fingerprint of the site it describes, as the manifest gives it.
  let fingerprint: ContentHash
  /// Everything the site was built from besides its films
  /// (``BuildFingerprint/allButFilms(theme:configuration:content:query:maxPages:)``).
  let settings: ContentHash
  /// The key every page's key starts from (``PageKeys/site``).
  let pageSite: ContentHash
  /// How many files the site's manifest lists: one that lists fewer lost a
  /// line, and its file is no longer known to be FilmSite's.
  let files: Int
  /// The file's bytes, and where each film's line is in them.
  private let bytes: [UInt8]
  private let lines: [Range<Int>]

  /// The films it has a record of.
  var count: Int { lines.count }

  /// Reads the state in `bytes`; `nil` when they are not a whole state of this format.
  init?(bytes: [UInt8]) {
    var lines: [Range<Int>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
      lines.append(start..<index)
      start = index + 1
    }
    guard start == bytes.count, let header = lines.first else { return nil }
    let formatLine = Self.formatLine
    let prefix = Array((formatLine + " ").utf8)
    guard bytes[header].starts(with: prefix) else { return nil }
    let fields = bytes[header].dropFirst(prefix.count).split(
      separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard fields.count == 5,
      let fingerprint = ContentHash(hexDigits: fields[0]),
      let settings = ContentHash(hexDigits: fields[1]),
      let pageSite = ContentHash(hexDigits: fields[2]),
      let files = Int(String(decoding: fields[3], as: UTF8.self)),
      let count = Int(String(decoding: fields[4], as: UTF8.self)), count == lines.count - 1
    else { return nil }
    // Every line starts with two hashes and the feed's mark, a space after each.
    guard lines.dropFirst().allSatisfy({ $0.count > Self.linksStart }) else { return nil }
    self.fingerprint = fingerprint
    self.settings = settings
    self.pageSite = pageSite
    self.files = files
    self.bytes = bytes
    self.lines = Array(lines.dropFirst())
  }

  /// The hash of the film at `offset` in the source's order; `nil` if the line is damaged.
  func filmHash(at offset: Int) -> ContentHash? {
    let start = lines[offset].lowerBound
    return ContentHash(hexDigits: bytes[start..<start + 16])
  }

  /// The whole record of the film at `offset`; `nil` if its line is damaged.
  func record(at offset: Int) -> Record? {
    let line = lines[offset]
    let start = line.lowerBound
    let mark = bytes[start + 34]
    guard let film = filmHash(at: offset), let footprint = footprint(at: offset),
      mark == UInt8(ascii: "0") || mark == UInt8(ascii: "1"),
      let links = try? FilmPageLinks.decoded(
        from: Array(bytes[start + Self.linksStart..<line.upperBound]))
    else { return nil }
    return Record(
      film: film, footprint: footprint, inFeed: mark == UInt8(ascii: "1"), links: links)
  }

  /// The footprint of the film at `offset` when its line is whole.
  func footprint(at offset: Int) -> ContentHash? {
    let start = lines[offset].lowerBound
    return ContentHash(hexDigits: bytes[start + 17..<start + 33])
  }

  /// Whether the site's feed listed the film at `offset`.
  func isInFeed(at offset: Int) -> Bool {
    bytes[lines[offset].lowerBound + 34] == UInt8(ascii: "1")
  }

  /// The bytes of a state of `records`, one for each film in the source's order.
  static func bytes(
    fingerprint: ContentHash, settings: ContentHash, pageSite: ContentHash, files: Int,
    records: [Record]
  ) -> [UInt8] {
    var bytes = header(
      fingerprint: fingerprint, settings: settings, pageSite: pageSite, files: files,
      count: records.count)
    for record in records {
      bytes.append(contentsOf: record.film.description.utf8)
      bytes.append(UInt8(ascii: " "))
      bytes.append(contentsOf: record.footprint.description.utf8)
      bytes.append(contentsOf: (record.inFeed ? " 1 " : " 0 ").utf8)
      record.links.appendJSON(to: &bytes)
      bytes.append(UInt8(ascii: "\n"))
    }
    return bytes
  }

  /// These bytes for the site of `fingerprint`, with the films at the
  /// offsets of `films` given their new hashes (their footprint and links
  /// the same): what a ``FilmPageRebuild`` leaves. The other lines are
  /// copied as they are.
  func bytes(fingerprint: ContentHash, films: [Int: ContentHash]) -> [UInt8] {
    var out = Self.header(
      fingerprint: fingerprint, settings: settings, pageSite: pageSite, files: files,
      count: lines.count)
    out.reserveCapacity(bytes.count)
    for (offset, line) in lines.enumerated() {
      if let film = films[offset] {
        out.append(contentsOf: film.description.utf8)
        out.append(contentsOf: bytes[line.lowerBound + 16..<line.upperBound])
      } else {
        out.append(contentsOf: bytes[line])
      }
      out.append(UInt8(ascii: "\n"))
    }
    return out
  }

  /// Where a line's links start: after two hashes and the feed's mark, each with a space.
  private static let linksStart = 36

  private static func header(
    fingerprint: ContentHash, settings: ContentHash, pageSite: ContentHash, files: Int,
    count: Int
  ) -> [UInt8] {
    Array("\(formatLine) \(fingerprint) \(settings) \(pageSite) \(files) \(count)\n".utf8)
  }
}
