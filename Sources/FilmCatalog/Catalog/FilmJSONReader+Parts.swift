import FilmSiteSupport

/// A long film list read in parts on every core, as if read in order.
///
/// The list is cut at guessed film starts (a `{` after a `,`), about
/// ``FilmJSONReader/partBytes`` apart, and each part is read from its cut
/// until it lands on a later cut between two films, or on the list's end.
/// A guess may be inside a string or a film's own object (a cast member's);
/// the reading that passes over it never lands there, and goes on to the
/// next cut. So the parts are joined from
/// the first: each one read to a cut continues with the part read from that
/// cut, which began where the reading in order would be. Parts begun at a
/// wrong guess are never joined.
///
/// The films are decoded this way (``films(inPartsFrom:depth:)``), and a
/// catalog file's layout is found this way too, each film's object skipped
/// rather than decoded (``CatalogFile/layout()``).
extension FilmJSONReader {
  /// Where a part's reading stopped.
  enum PartEnd: Sendable {
    /// At the start of the part with this number, between two films.
    case part(Int)
    /// Past the list's `]`, at this offset.
    case listEnd(Int)
  }

  /// What one part read of each film, and where it stopped.
  struct Part<Element: Sendable>: Sendable {
    let elements: [Element]
    let end: PartEnd
  }

  /// The films of the list whose first film is at `first`, `depth` containers deep.
  mutating func films(inPartsFrom first: Int, depth: Int) throws -> [Film] {
    try elements(inPartsFrom: first, depth: depth) { reader, depth in
      try reader.film(depth: depth)
    }
  }

  /// What `read` makes of each film of the list whose first film is at
  /// `first`, `depth` containers deep: `read` is given a reader at a film's
  /// `{` and the depth of the film's members, and must leave the reader
  /// just past the film's `}`, as ``film(depth:)`` does.
  mutating func elements<Element: Sendable>(
    inPartsFrom first: Int, depth: Int,
    reading read: @escaping @Sendable (inout FilmJSONReader, Int) throws -> Element
  ) throws -> [Element] {
    let starts = [first] + Self.guessedFilmStarts(after: first, every: partBytes, in: json.bytes)
    let (data, partBytes) = (data, partBytes)
    // A synchronous step: each core reads parts, one at a time so that the
    // last few are shared too, and the caller waits for them all.
    let parts = Array(starts.indices).parallelMap(chunkSize: 1) { number in
      data.withUnsafeBytes { raw in
        var reader = FilmJSONReader(
          bytes: raw.bindMemory(to: UInt8.self), data: data, partBytes: partBytes,
          at: starts[number])
        return try? reader.part(number, starts: starts, depth: depth, reading: read)
      }
    }
    var elements: [Element] = []
    elements.reserveCapacity(parts.reduce(0) { $0 + ($1?.elements.count ?? 0) })
    var number = 0
    while true {
      // A part that gave up makes the whole read give up, if it is joined.
      guard let part = parts[number] else { throw GiveUp() }
      elements += part.elements
      switch part.end {
      case .part(let next):
        number = next
      case .listEnd(let end):
        json.index = end
        return elements
      }
    }
  }

  /// Reads films with `read` from part `number`'s start, as ``films(depth:)``
  /// reads them after a `,`, until it lands on a later part's start or the end of the list.
  private mutating func part<Element: Sendable>(
    _ number: Int, starts: [Int], depth: Int,
    reading read: (inout FilmJSONReader, Int) throws -> Element
  ) throws -> Part<Element> {
    var elements: [Element] = []
    var next = number + 1
    while true {
      elements.append(try read(&self, depth + 1))
      guard try json.next(close: UInt8(ascii: "]")) else {
        return Part(elements: elements, end: .listEnd(json.index))
      }
      while next < starts.count, starts[next] < json.index { next += 1 }
      if next < starts.count, starts[next] == json.index {
        return Part(elements: elements, end: .part(next))
      }
    }
  }

  /// A guessed film start every `distance` bytes after `first`, in
  /// ascending order: each the first `{` after a `,` and white space (likely,
  /// not certainly, a film's start: it may be inside a string).
  static func guessedFilmStarts(
    after first: Int, every distance: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) -> [Int] {
    var starts: [Int] = []
    // Small distances (in tests) would cut every film: a list has at most this many parts.
    let distance = max(distance, (bytes.count - first) / maximumParts, 1)
    var position = first + distance
    while position < bytes.count, let start = filmStart(after: position, in: bytes) {
      starts.append(start)
      position = max(start + 1, position + distance)
    }
    return starts
  }

  /// Enough guesses for every core to take several parts, so a slow one
  /// holds up little, though most guesses are not a film's start.
  private static let maximumParts = 2048

  private static func filmStart(after start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var position = start
    while position < bytes.count {
      guard bytes[position] == UInt8(ascii: ",") else {
        position += 1
        continue
      }
      var next = position + 1
      while next < bytes.count, JSONScanner.isWhitespace(bytes[next]) { next += 1 }
      if next < bytes.count, bytes[next] == UInt8(ascii: "{") { return next }
      position = next
    }
    return nil
  }
}
