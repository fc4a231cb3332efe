import FilmCatalog
import FilmSiteSupport
import Foundation

/// The index's lines of some films (``SearchIndex/appendLine(for:at:actors:to:)``),
/// each made once, as bytes one after another in one buffer, with each
/// line's hash for the keys of the chunks it is in.
///
/// A film is in a chunk for each of its words, so a chunk's bytes are copies
/// of lines made before: made from this buffer, no line is looked up in a
/// table or held as a string of its own, which every core would share.
struct SearchLines: Sendable {
  /// Lines made one after another, as one core makes them, to be appended.
  struct Run: Sendable {
    fileprivate var bytes: [UInt8] = []
    fileprivate var ends: [Int] = []
    fileprivate var hashes: [ContentHash] = []

    /// Appends the line of `entry`.
    mutating func add(_ entry: (film: Film, route: Route), actors: [String]) {
      let start = bytes.count
      SearchIndex.appendLine(for: entry.film, at: entry.route, actors: actors, to: &bytes)
      ends.append(bytes.count)
      hashes.append(
        bytes.withUnsafeBytes { ContentHash(UnsafeRawBufferPointer(rebasing: $0[start...])) })
    }

    /// Appends a line made before, with its hash.
    mutating func add(_ line: UnsafeBufferPointer<UInt8>, hash: ContentHash) {
      bytes.append(contentsOf: line)
      ends.append(bytes.count)
      hashes.append(hash)
    }
  }

  /// Every line, one after another.
  private var bytes: [UInt8] = []
  /// Where each line ends in ``bytes``, by slot.
  private var ends: [Int] = []
  /// Each line's hash, by slot.
  private(set) var hashes: [ContentHash] = []
  /// By position, the slot of the film's line, or -1 for a film without one
  /// here; empty when each position is its own slot.
  private let slots: [Int32]

  /// No lines yet: the lines appended (``append(_:)``) are those of the
  /// films at positions 0, 1, 2 and on.
  init() {
    slots = []
  }

  /// The lines of the films at `positions` (ascending, each once) of
  /// `entries`, made on every core, or taken from `kept` for the films it
  /// has a line of.
  init(
    of positions: [Int32], in entries: [(film: Film, route: Route)], castPagesPerFilm: Int,
    kept: KeptSearchLines = .none
  ) {
    var slots = [Int32](repeating: -1, count: entries.count)
    for (slot, position) in positions.enumerated() { slots[Int(position)] = Int32(slot) }
    self.slots = slots
    let runLength = Swift.max(256, positions.count / 64)
    let runs = Array(stride(from: 0, to: positions.count, by: runLength)).parallelMap { start in
      var run = Run()
      for position in positions[start..<Swift.min(start + runLength, positions.count)] {
        if kept.withLine(at: position, { run.add($0, hash: $1) }) { continue }
        let entry = entries[Int(position)]
        run.add(
          entry,
          actors: Taxonomy.names(of: entry.film, kind: .cast, castPagesPerFilm: castPagesPerFilm))
      }
      return run
    }
    for run in runs { append(run) }
  }

  /// Appends `run`'s lines, in its order, after the lines there are.
  mutating func append(_ run: Run) {
    let offset = bytes.count
    bytes += run.bytes
    ends += run.ends.lazy.map { $0 + offset }
    hashes += run.hashes
  }

  /// The slot of the line of the film at `position`, if there is one.
  private func slot(of position: Int32) -> Int? {
    guard slots.isEmpty else {
      let slot = slots.indices.contains(Int(position)) ? Int(slots[Int(position)]) : -1
      return slot < 0 ? nil : slot
    }
    return ends.indices.contains(Int(position)) ? Int(position) : nil
  }

  /// The hash of the line of the film at `position`; `nil` when it has none here.
  func hash(at position: Int32) -> ContentHash? {
    slot(of: position).map { hashes[$0] }
  }

  /// What a chunk's file starts with, puts between two lines, and ends with.
  private static let chunkStart = Array("[\n".utf8)
  private static let lineSeparator = Array(",\n".utf8)
  private static let chunkEnd = Array("\n]\n".utf8)

  /// The films at `positions` as a chunk's JSON array, one line each;
  /// `otherLine` makes the line of a film that has none here.
  func chunk(_ positions: [Int32], otherLine: (Int32) -> [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(positions.count * 128 + 8)
    out += Self.chunkStart
    bytes.withUnsafeBufferPointer { bytes in
      for (offset, position) in positions.enumerated() {
        if offset > 0 { out += Self.lineSeparator }
        guard let slot = slot(of: position) else {
          out += otherLine(position)
          continue
        }
        let start = slot == 0 ? 0 : ends[slot - 1]
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<ends[slot]]))
      }
    }
    out += Self.chunkEnd
    return out
  }

  /// Where each line of a chunk's file is, as ``chunk(_:otherLine:)`` writes
  /// it; `nil` for bytes of another shape. A line has no line break of its
  /// own (its strings are JSON), so each is found by the next line break.
  static func lineRanges(inChunk bytes: [UInt8]) -> [Range<Int>]? {
    guard bytes.count > chunkStart.count + chunkEnd.count, bytes.starts(with: chunkStart),
      bytes.suffix(chunkEnd.count).elementsEqual(chunkEnd)
    else { return nil }
    let end = bytes.count - chunkEnd.count
    let separator = lineSeparator
    return bytes.withUnsafeBytes { raw -> [Range<Int>]? in
      guard let base = raw.baseAddress else { return nil }
      var ranges: [Range<Int>] = []
      var start = chunkStart.count
      while let found = memchr(base + start, Int32(separator[1]), end - start) {
        let lineEnd = base.distance(to: UnsafeRawPointer(found))
        // Each line but the last ends with the separator's comma before its line break.
        guard lineEnd > start + 1, raw[lineEnd - 1] == separator[0] else { return nil }
        ranges.append(start..<(lineEnd - 1))
        start = lineEnd + 1
      }
      guard start < end else { return nil }
      ranges.append(start..<end)
      return ranges
    }
  }
}
