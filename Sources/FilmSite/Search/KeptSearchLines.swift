import FilmCatalog
import FilmSiteSupport
import Foundation

/// The index lines of films whose bytes did not change, read from the
/// current site's chunk files rather than made again from the films, for a
/// planned rebuild (``KeptSearch``): such a film's line is the one it had,
/// since a line is made from the film and its route alone, and the film
/// keeps its route. Reading them spares decoding the films of every chunk
/// a changed film's words are in, which at 100 films added is nearly every
/// film of the site.
///
/// A file's lines are taken only when it is the chunk the last build
/// wrote: the current site's manifest lists it with the chunk's key, its
/// bytes are the ones the manifest records, and its lines, counted and
/// hashed, give the chunk's key again
/// (``SearchIndex/chunkKey(_:films:site:lineHash:)``). A film whose line
/// no such file gives is made from the film, as before.
struct KeptSearchLines: Sendable {
  /// Where a film's line is: a file read, and the line's bytes in it.
  private struct Place: Sendable {
    var file: Int32
    var start: Int32
    var end: Int32
    var hash: ContentHash
  }

  /// A chunk of the last build whose file may give lines: its path, key and
  /// name, and the new position of the film of each of its lines, in order
  /// (-1 for a film that changed or went).
  struct LastChunk: Sendable {
    var path: String
    var key: ContentHash
    var name: String
    var newPositions: [Int32]
  }

  private let files: [[UInt8]]
  /// By position, where the film's line is, when a file gave it.
  private let places: [Place?]

  /// No lines: every film's line is made from the film.
  static let none = KeptSearchLines(files: [], places: [])

  private init(files: [[UInt8]], places: [Place?]) {
    self.files = files
    self.places = places
  }

  /// The lines of the films at the positions `needed` marks (of a site of
  /// `needed.count` films), from as few of `chunks` as give each of them
  /// once (taken in order, each that has a film not yet given), read
  /// through `reuse` on every core. Chunk keys start from `site`.
  init(needed: [Bool], from chunks: [LastChunk], reusing reuse: PageReuse, site: ContentHash) {
    var given = [Bool](repeating: false, count: needed.count)
    var chosen: [LastChunk] = []
    for chunk in chunks {
      let gives = chunk.newPositions.contains { position in
        position >= 0 && Int(position) < needed.count && needed[Int(position)]
          && !given[Int(position)]
      }
      guard gives else { continue }
      chosen.append(chunk)
      for position in chunk.newPositions where position >= 0 && Int(position) < needed.count {
        given[Int(position)] = true
      }
    }
    let read = chosen.parallelMap { chunk in Self.lines(of: chunk, reusing: reuse, site: site) }
    var files: [[UInt8]] = []
    var places = [Place?](repeating: nil, count: needed.count)
    for (chunk, read) in zip(chosen, read) {
      guard let (bytes, lines) = read else { continue }
      let file = Int32(files.count)
      files.append(bytes)
      for (position, line) in zip(chunk.newPositions, lines)
      where position >= 0 && Int(position) < needed.count && needed[Int(position)]
        && places[Int(position)] == nil
      {
        places[Int(position)] = Place(
          file: file, start: Int32(line.range.lowerBound), end: Int32(line.range.upperBound),
          hash: line.hash)
      }
    }
    self.init(files: files, places: places)
  }

  /// Calls `body` with the line of the film at `position` and its hash,
  /// when a file gave it, and returns `true`; `false` otherwise.
  func withLine(
    at position: Int32, _ body: (UnsafeBufferPointer<UInt8>, ContentHash) -> Void
  ) -> Bool {
    guard places.indices.contains(Int(position)), let place = places[Int(position)] else {
      return false
    }
    files[Int(place.file)].withUnsafeBufferPointer { bytes in
      body(UnsafeBufferPointer(rebasing: bytes[Int(place.start)..<Int(place.end)]), place.hash)
    }
    return true
  }

  /// The bytes of `chunk`'s file and its lines, each with its hash, when the
  /// file is the one the chunk was written as; `nil` otherwise.
  static func lines(of chunk: LastChunk, reusing reuse: PageReuse, site: ContentHash)
    -> (bytes: [UInt8], lines: [(range: Range<Int>, hash: ContentHash)])?
  {
    guard let entry = reuse.current(chunk.path), entry.key == chunk.key,
      let bytes = reuse.bytes(chunk.path, entry),
      let ranges = lineRanges(in: bytes), ranges.count == chunk.newPositions.count
    else { return nil }
    let lines = bytes.withUnsafeBytes { raw in
      ranges.map { range in
        (range: range, hash: ContentHash(UnsafeRawBufferPointer(rebasing: raw[range])))
      }
    }
    let key = SearchIndex.chunkKey(chunk.name, films: Array(0..<Int32(lines.count)), site: site) {
      lines[Int($0)].hash
    }
    return key == chunk.key ? (bytes, lines) : nil
  }

  /// Where each line of a chunk's file is (``SearchLines/chunk(_:otherLine:)``):
  /// after `[` and a line break, each but the last followed by `,` and a
  /// line break, and the last by a line break, `]` and a line break. A line
  /// has no line break of its own (its strings are JSON). `nil` for bytes of
  /// another shape.
  static func lineRanges(in bytes: [UInt8]) -> [Range<Int>]? {
    let head: [UInt8] = Array("[\n".utf8)
    let tail: [UInt8] = Array("\n]\n".utf8)
    guard bytes.count >= head.count + tail.count + 1, bytes.starts(with: head),
      bytes.suffix(tail.count).elementsEqual(tail)
    else { return nil }
    let end = bytes.count - tail.count
    return bytes.withUnsafeBytes { raw -> [Range<Int>]? in
      guard let base = raw.baseAddress else { return nil }
      var ranges: [Range<Int>] = []
      var start = head.count
      // Each line break found with `memchr`: a chunk is up to half a megabyte.
      while let found = memchr(base + start, Int32(UInt8(ascii: "\n")), end - start) {
        let lineEnd = base.distance(to: UnsafeRawPointer(found))
        // Each line but the last ends with a comma before its line break.
        guard lineEnd > start + 1, raw[lineEnd - 1] == UInt8(ascii: ",") else { return nil }
        ranges.append(start..<(lineEnd - 1))
        start = lineEnd + 1
      }
      guard start < end else { return nil }
      ranges.append(start..<end)
      return ranges
    }
  }
}
