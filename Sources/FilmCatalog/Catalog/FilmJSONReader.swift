import FilmSiteSupport
import Foundation

/// Reads film JSON straight from its bytes: the fast path of ``CatalogDecoder``.
///
/// Foundation's `JSONDecoder` builds a map of the whole document and goes
/// through `Codable` for every field; this reader builds ``Film`` values as
/// ``JSONScanner`` reads the bytes, by the rules of ``FilmField/all``.
///
/// It handles valid film JSON only. On anything else (a syntax error, a
/// missing field, a value of an unexpected type, a duplicate key, an escaped
/// key, a number that is not a plain integer, invalid UTF-8) it gives up and
/// returns `nil`, and ``CatalogDecoder`` decodes the data the slow way, which
/// names the error precisely. So the reader never decides what is an error:
/// it only has to give the same films as `JSONDecoder` when it succeeds, which
/// a differential test checks.
struct FilmJSONReader {
  /// Why the fast path gave up; never shown to anyone.
  struct GiveUp: Error {}

  var json: JSONScanner
  /// The same bytes as `json`, which can cross to another thread (a pointer cannot).
  let data: Data
  /// Film lists longer than this are read in parts of about this size, on every core.
  let partBytes: Int
  private let keys = FilmJSONKeys.film
  /// The value under each of `keys` in the film being read: `nil` until its key is met.
  private var values: [Film.FieldValue?]

  init(bytes: UnsafeBufferPointer<UInt8>, data: Data, partBytes: Int, at index: Int = 0) {
    json = JSONScanner(bytes, at: index)
    self.data = data
    self.partBytes = partBytes
    values = Array(repeating: nil, count: keys.count)
  }

  /// Film lists longer than this (128 KiB, about 60 films) are read in
  /// parts on every core, a guessed film start about this far apart. Most
  /// guesses land on a cast member's object rather than a film's (a film
  /// bills a dozen or more), and a part begun there gives up at once: with
  /// guesses 4 MiB apart, a catalog of 100,000 films was read in four parts
  /// of very different lengths, one core idle for the last 150 ms.
  static let defaultPartBytes = 128 << 10

  /// The films (and `total_pages`) of `data`, or `nil` when the slow path must decide.
  /// - Parameter partBytes: Film lists longer than this are read in parts
  ///   of about this size at once (tests make it small).
  static func read(_ data: Data, partBytes: Int = defaultPartBytes) -> SourcePage? {
    readCatalog(data, partBytes: partBytes)?.page
  }

  /// Like ``read(_:partBytes:)``, with where the value of a snapshot's
  /// `filmsite` header key lies in `data`, when there is one.
  static func readCatalog(_ data: Data, partBytes: Int = defaultPartBytes)
    -> (page: SourcePage, header: Range<Int>?)?
  {
    // Strings are made from their bytes without checking each one again.
    guard UTF8Validation.isValidInParallel(data) else { return nil }
    return data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var reader = FilmJSONReader(bytes: bytes, data: data, partBytes: partBytes)
      return try? reader.document()
    }
  }

  // MARK: The document

  private mutating func document() throws -> (page: SourcePage, header: Range<Int>?) {
    let document = try self.document { reader, depth in try reader.films(depth: depth) }
    return (SourcePage(films: document.films, totalPages: document.totalPages), document.header)
  }

  /// A whole document: a list of films, or `{"results": [film…],
  /// "total_pages": n, "filmsite": {…}, …}` (other keys skipped, those once
  /// each), with its list read by `films` (given how deep it is).
  mutating func document<Films>(
    films: (inout FilmJSONReader, _ depth: Int) throws -> Films
  ) throws -> (films: Films, totalPages: Int?, header: Range<Int>?) {
    json.skipWhitespace()
    let result: (films: Films, totalPages: Int?, header: Range<Int>?)
    switch json.peek() {
    case UInt8(ascii: "["): result = (try films(&self, 0), nil, nil)
    case UInt8(ascii: "{"): result = try envelope(films: films)
    default: throw GiveUp()
    }
    json.skipWhitespace()
    guard json.isAtEnd else { throw GiveUp() }
    return result
  }

  /// `{"results": [film…], "total_pages": n, "filmsite": {…}, …}`; other keys are skipped.
  private mutating func envelope<Films>(
    films: (inout FilmJSONReader, _ depth: Int) throws -> Films
  ) throws -> (films: Films, totalPages: Int?, header: Range<Int>?) {
    var results: Films?
    var totalPages: Int??
    var header: Range<Int>?
    if try json.open(depth: 0) {
      repeat {
        switch try plainKey() {
        case Self.resultsKey:
          guard results == nil else { throw GiveUp() }
          results = try films(&self, 1)
        case Self.totalPagesKey:
          guard totalPages == nil else { throw GiveUp() }
          totalPages = .some(try null() ? nil : integer())
        case Self.headerKey:
          guard header == nil else { throw GiveUp() }
          let start = json.index
          try json.skipValue(depth: 1)
          header = start..<json.index
        default:
          try json.skipValue(depth: 1)
        }
      } while try json.next(close: UInt8(ascii: "}"))
    }
    guard let results else { throw GiveUp() }
    return (results, totalPages ?? nil, header)
  }

  private static let resultsKey = ArraySlice("results".utf8)
  private static let totalPagesKey = ArraySlice("total_pages".utf8)
  private static let headerKey = ArraySlice("filmsite".utf8)

  /// The films of the array at the current offset, `depth` containers deep:
  /// a long one in parts on every core (see ``films(inPartsFrom:depth:)``).
  mutating func films(depth: Int) throws -> [Film] {
    guard json.peek() == UInt8(ascii: "[") else { throw GiveUp() }
    guard try json.open(depth: depth) else { return [] }
    if json.bytes.count - json.index > partBytes {
      return try films(inPartsFrom: json.index, depth: depth)
    }
    var films: [Film] = []
    let close = UInt8(ascii: "]")
    repeat { films.append(try film(depth: depth + 1)) } while try json.next(close: close)
    return films
  }

  // MARK: A film

  /// The film object at the current offset, `depth` containers deep.
  mutating func film(depth: Int) throws -> Film {
    guard json.peek() == UInt8(ascii: "{") else { throw GiveUp() }
    for slot in values.indices { values[slot] = nil }
    if try json.open(depth: depth) {
      repeat {
        let key = try json.key()
        guard key.firstEscape == nil else { throw GiveUp() }
        guard let slot = keys.slot(of: key.contents, in: json.bytes) else {
          try json.skipValue(depth: depth + 1)
          continue
        }
        // A key given twice is left to the slow path.
        guard values[slot] == nil else { throw GiveUp() }
        values[slot] = try value(of: keys.types[slot], depth: depth + 1)
      } while try json.next(close: UInt8(ascii: "}"))
    }
    var fields = Film.Fields(id: "", title: "")
    for entry in keys.fields {
      let value = try value(of: entry)
      if let slot = entry.slot {
        slot.set(value, in: &fields)
      } else {
        keys.table[entry.index].set(value, in: &fields)
      }
    }
    return Film(fields)
  }

  /// A field's value from the film's keys, by the rules of `Film.init(from:)`.
  private func value(of entry: FilmJSONKeys.Field) throws -> Film.FieldValue {
    for slot in keys.slotLists[entry.spellings] {
      guard let value = values[slot] else { continue }
      if case .absent = value { continue }
      return value
    }
    for slot in keys.slotLists[entry.dates] {
      guard case .text(let date)? = values[slot], !date.isBlank else { continue }
      guard let year = ReleaseDate.year(of: date) else { throw GiveUp() }
      return .integer(year)
    }
    guard !entry.isRequired else { throw GiveUp() }
    return .absent
  }

  // MARK: Values

  /// The value at the current offset, `depth` containers deep, which must
  /// be of `type` or `null`.
  private mutating func value(of type: FilmField.JSONType, depth: Int) throws
    -> Film.FieldValue
  {
    if try null() { return .absent }
    switch type {
    case .identifier:
      return .text(json.peek() == UInt8(ascii: "\"") ? try string() : String(try integer()))
    case .text:
      return .text(try string())
    case .integer:
      return .integer(try integer())
    case .textList:
      guard json.peek() == UInt8(ascii: "[") else { throw GiveUp() }
      var texts: [String] = []
      if try json.open(depth: depth) {
        repeat { texts.append(try string()) } while try json.next(close: UInt8(ascii: "]"))
      }
      return .texts(texts)
    case .number:
      return .number(try number())
    case .castList:
      guard json.peek() == UInt8(ascii: "[") else { throw GiveUp() }
      var cast: [Film.CastMember] = []
      if try json.open(depth: depth) {
        repeat {
          cast.append(try castMember(depth: depth + 1))
        } while try json.next(
          close: UInt8(ascii: "]"))
      }
      return .cast(cast)
    case .trailer:
      let members = try pair(reading: Self.trailerKeys, depth: depth)
      guard case .text(let site)? = members.first, case .text(let key)? = members.second else {
        throw GiveUp()
      }
      return .trailer(Film.Trailer(site: site, key: key))
    }
  }

  private static let castMemberKeys = (ArraySlice("name".utf8), ArraySlice("character".utf8))
  private static let trailerKeys = (ArraySlice("site".utf8), ArraySlice("key".utf8))

  /// A `{"name": …, "character": …}` object, as `Film.CastMember`'s `Codable` reads it.
  private mutating func castMember(depth: Int) throws -> Film.CastMember {
    let members = try pair(reading: Self.castMemberKeys, depth: depth)
    guard case .text(let name)? = members.first else { throw GiveUp() }
    switch members.second {
    case nil, .absent?: return Film.CastMember(name: name)
    case .text(let character)?: return Film.CastMember(name: name, character: character)
    default: throw GiveUp()
    }
  }

  /// The string (or `null`) values under the two `keys` in the object at
  /// the current offset, `depth` containers deep; other keys are skipped. A
  /// film's cast has an object for each member, so the two are read into a
  /// pair rather than an array made for each.
  private mutating func pair(
    reading keys: (first: ArraySlice<UInt8>, second: ArraySlice<UInt8>), depth: Int
  ) throws -> (first: Film.FieldValue?, second: Film.FieldValue?) {
    guard json.peek() == UInt8(ascii: "{") else { throw GiveUp() }
    var values: (first: Film.FieldValue?, second: Film.FieldValue?) = (nil, nil)
    if try json.open(depth: depth) {
      repeat {
        let key = try json.key()
        guard key.firstEscape == nil else { throw GiveUp() }
        // Compared where they are: a key made into an array would be an allocation each.
        let name = json.bytes[key.contents]
        if name.elementsEqual(keys.first) {
          guard values.first == nil else { throw GiveUp() }
          values.first = try null() ? .absent : .text(try string())
        } else if name.elementsEqual(keys.second) {
          guard values.second == nil else { throw GiveUp() }
          values.second = try null() ? .absent : .text(try string())
        } else {
          try json.skipValue(depth: depth + 1)
        }
      } while try json.next(close: UInt8(ascii: "}"))
    }
    return values
  }

  /// Reads `null` if it is next.
  private mutating func null() throws -> Bool {
    guard json.peek() == UInt8(ascii: "n") else { return false }
    try json.literal("null")
    return true
  }

  private mutating func string() throws -> String {
    guard json.peek() == UInt8(ascii: "\"") else { throw GiveUp() }
    return json.text(of: try json.string())
  }

  /// A plain JSON integer (no fraction, no exponent, no `-0`) that fits in `Int`.
  private mutating func integer() throws -> Int {
    guard let first = json.peek(), first == UInt8(ascii: "-") || (0x30...0x39).contains(first)
    else { throw GiveUp() }
    let number = try json.number()
    guard number.isInteger else { throw GiveUp() }
    let negative = first == UInt8(ascii: "-")
    var value = 0
    for offset in number.text.dropFirst(negative ? 1 : 0) {
      let digit = Int(json.bytes[offset] - 0x30)
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(negative ? -digit : digit)
      guard !overflow1, !overflow2 else { throw GiveUp() }
      value = sum
    }
    guard !(negative && value == 0) else { throw GiveUp() }
    return value
  }

  /// Any JSON number, as `JSONDecoder` reads it into a `Double`: a finite
  /// one. A zero is read only when it is written without an exponent and
  /// with no digit but zeros: Foundation refuses a number so small that it
  /// rounds to zero, as it refuses one too large, and reads some zeros with
  /// an exponent (`0e10`) while refusing others (`0e8`, `-0.0e5`), so those
  /// are left to the slow path.
  private mutating func number() throws -> Double {
    guard let first = json.peek(), first == UInt8(ascii: "-") || (0x30...0x39).contains(first)
    else { throw GiveUp() }
    let token = try json.number()
    let digits = json.bytes[token.text]
    let text = String(decoding: digits, as: UTF8.self)
    guard let value = Double(text), value.isFinite else { throw GiveUp() }
    if value == 0 {
      let isPlainZero = digits.allSatisfy {
        $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
      }
      guard isPlainZero else { throw GiveUp() }
    }
    return value
  }

  /// A key with no escapes, as its bytes; other keys are left to the slow path.
  private mutating func plainKey() throws -> ArraySlice<UInt8> {
    let key = try json.key()
    guard key.firstEscape == nil else { throw GiveUp() }
    return ArraySlice(json.bytes[key.contents])
  }
}
