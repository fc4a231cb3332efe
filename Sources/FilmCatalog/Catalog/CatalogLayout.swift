import FilmSiteSupport
import Foundation

/// Where each film's object lies in a catalog file's bytes, found without
/// decoding one: so that a rebuild can tell which films changed by their
/// bytes, and decode only those (``CatalogFile/film(at:of:)``).
public struct CatalogLayout: Sendable, Equatable {
  /// Each film's object, in the file's order.
  public let films: [Range<Int>]
  /// The value of a snapshot's `filmsite` header key, when there is one.
  public let header: Range<Int>?
  /// How many containers are around each film: 1 in a list, 2 in `{"results": […]}`.
  let depth: Int
}

extension CatalogFile {
  /// Where the films are in the file; `nil` when it is not a list of
  /// objects, or `{"results": […]}`, that the fast reader reads (then only
  /// decoding the whole file tells what it holds).
  public func layout() -> CatalogLayout? {
    layout(partBytes: FilmJSONReader.defaultPartBytes)
  }

  /// ``layout()``, with film lists longer than `partBytes` read in parts
  /// on every core (``FilmJSONReader/elements(inPartsFrom:depth:reading:)``;
  /// tests make it small, or `.max` for the reading in order).
  func layout(partBytes: Int) -> CatalogLayout? {
    bytes.withUnsafeBytes { raw in
      let all = raw.bindMemory(to: UInt8.self)
      var reader = FilmJSONReader(bytes: all, data: bytes, partBytes: partBytes)
      guard let layout = try? reader.layout() else { return nil }
      // The whole file must be UTF-8, as the fast reader asks; each film's
      // bytes are checked when it is decoded, the rest here.
      var start = 0
      for film in layout.films + [all.count..<all.count] {
        guard UTF8Validation.isValid(UnsafeBufferPointer(rebasing: all[start..<film.lowerBound]))
        else { return nil }
        start = film.upperBound
      }
      return layout
    }
  }

  /// The film whose object is at `range` of `layout`, as a decode of the
  /// whole file gives it; `nil` when only that decode can tell (the bytes
  /// are not valid UTF-8, not a film the fast reader reads, or not one
  /// whole object).
  public func film(at range: Range<Int>, of layout: CatalogLayout) -> Film? {
    bytes.withUnsafeBytes { raw in
      let all = raw.bindMemory(to: UInt8.self)
      guard range.lowerBound >= 0, range.upperBound <= all.count,
        UTF8Validation.isValid(UnsafeBufferPointer(rebasing: all[range]))
      else { return nil }
      var reader = FilmJSONReader(
        bytes: all, data: bytes, partBytes: FilmJSONReader.defaultPartBytes,
        at: range.lowerBound)
      guard let film = try? reader.film(depth: layout.depth), reader.json.index == range.upperBound
      else { return nil }
      return film
    }
  }

  /// The credit the snapshot header of `layout` asks for, as ``decode()`` reads it.
  public func attribution(of layout: CatalogLayout) -> Attribution? {
    layout.header.flatMap { CatalogSnapshot.attribution(inHeader: bytes[$0]) }
  }
}

extension FilmJSONReader {
  /// The layout of the document, read as ``readCatalog(_:partBytes:)`` reads
  /// its structure, skipping each film's object instead of decoding it.
  mutating func layout() throws -> CatalogLayout {
    let document = try self.document { reader, depth in
      (ranges: try reader.filmRanges(depth: depth), depth: depth + 1)
    }
    return CatalogLayout(
      films: document.films.ranges, header: document.header, depth: document.films.depth)
  }

  /// Where each object of the list at the current offset is, `depth`
  /// containers deep: a long list's in parts on every core, as the films are decoded.
  fileprivate mutating func filmRanges(depth: Int) throws -> [Range<Int>] {
    guard json.peek() == UInt8(ascii: "[") else { throw GiveUp() }
    guard try json.open(depth: depth) else { return [] }
    if json.bytes.count - json.index > partBytes {
      return try elements(inPartsFrom: json.index, depth: depth, reading: Self.objectRange)
    }
    var ranges: [Range<Int>] = []
    let close = UInt8(ascii: "]")
    repeat {
      ranges.append(try Self.objectRange(&self, depth: depth + 1))
    } while try json.next(close: close)
    return ranges
  }

  /// The object at `reader`'s offset, skipped and checked, its members
  /// `depth` containers deep (the object's own depth).
  @Sendable private static func objectRange(_ reader: inout FilmJSONReader, depth: Int) throws
    -> Range<Int>
  {
    guard reader.json.peek() == UInt8(ascii: "{") else { throw GiveUp() }
    let start = reader.json.index
    try reader.json.skipValue(depth: depth)
    return start..<reader.json.index
  }
}
