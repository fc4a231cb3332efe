import FilmCatalog
import FilmSiteSupport

/// The index lines of films whose bytes did not change, read from the
/// current site's chunk files rather than made again from the films, for a
/// planned rebuild (``KeptSearch``): such a film's line is the one it had,
/// since a line is made from the film, its route and the settings the
/// search site key holds, and the film keeps its route. A film whose line
/// is read need not be decoded.
///
/// A file's lines are taken only when it is the chunk the last build
/// wrote: the current site's manifest lists it with the chunk's key, its
/// bytes are the ones the manifest records, and its lines, counted and
/// hashed, give the chunk's key again
/// (``SearchIndex/chunkKey(_:films:site:lineHash:)``). A film whose line
/// no such file gives is made from the film.
struct KeptSearchLines: Sendable {
  /// Where a film's line is: a file read, and the line's bytes in it.
  private struct Place: Sendable {
    var file: Int
    var range: Range<Int>
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
  /// `needed.count` films), read through `reuse` on every core from
  /// `chunks`: in order, each chunk that holds a film whose line no chunk
  /// taken before it gives. When a file does not give its lines, the chunks
  /// left are looked at again for its films. Chunk keys start from `site`.
  init(needed: [Bool], from chunks: [LastChunk], reusing reuse: PageReuse, site: ContentHash) {
    var files: [[UInt8]] = []
    var places = [Place?](repeating: nil, count: needed.count)
    // Whether the film at `position` (-1 for none) needs a line no file gave yet.
    func wantsLine(_ position: Int32) -> Bool {
      position >= 0 && Int(position) < needed.count && needed[Int(position)]
        && places[Int(position)] == nil
    }
    var left = chunks
    while true {
      // The films each chosen chunk is counted on to give, and the chunks not chosen.
      var counted = [Bool](repeating: false, count: needed.count)
      var chosen: [LastChunk] = []
      var notChosen: [LastChunk] = []
      for chunk in left {
        guard chunk.newPositions.contains(where: { wantsLine($0) && !counted[Int($0)] }) else {
          notChosen.append(chunk)
          continue
        }
        chosen.append(chunk)
        for position in chunk.newPositions where wantsLine(position) {
          counted[Int(position)] = true
        }
      }
      guard !chosen.isEmpty else { break }
      let read = chosen.parallelMap { chunk in Self.lines(of: chunk, reusing: reuse, site: site) }
      var failed = false
      for (chunk, read) in zip(chosen, read) {
        guard let (bytes, lines) = read else {
          failed = true
          continue
        }
        files.append(bytes)
        for (position, line) in zip(chunk.newPositions, lines) where wantsLine(position) {
          places[Int(position)] = Place(file: files.count - 1, range: line.range, hash: line.hash)
        }
      }
      guard failed else { break }
      left = notChosen
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
    files[place.file].withUnsafeBufferPointer { bytes in
      body(UnsafeBufferPointer(rebasing: bytes[place.range]), place.hash)
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
      let ranges = SearchLines.lineRanges(inChunk: bytes),
      ranges.count == chunk.newPositions.count
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
}
