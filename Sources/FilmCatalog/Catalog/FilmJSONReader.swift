import Dispatch
import FilmSiteSupport
import Foundation
import Synchronization

/// Reads film JSON straight from its bytes: the fast path of ``CatalogFile``.
///
/// Foundation's `JSONDecoder` builds a map of the whole document and goes
/// through `Codable` for every field; for a catalog of 100,000 films that was
/// most of a rebuild's time. This reader builds ``Film`` values as it scans.
///
/// It handles valid film JSON only. On anything else (a syntax error, a
/// missing field, a value of an unexpected type, a duplicate key, an escaped
/// key, a number that is not a plain integer, invalid UTF-8) it gives up and
/// returns `nil`, and ``CatalogFile`` decodes the data the slow way, which
/// names the error precisely. So the reader never decides what is an error:
/// it only has to give the same films as `JSONDecoder` when it succeeds, which
/// a differential test checks.
struct FilmJSONReader {
  /// Why the fast path gave up; never shown to anyone.
  private struct GiveUp: Error {}

  private let bytes: UnsafeBufferPointer<UInt8>
  /// The same bytes as `data`, which can cross to another thread (a pointer cannot).
  private let data: Data
  private var index = 0
  private static let maximumDepth = 512

  /// Film lists longer than this are read in two halves at once.
  private let splitBytes: Int

  private init(bytes: UnsafeBufferPointer<UInt8>, data: Data, splitBytes: Int) {
    self.bytes = bytes
    self.data = data
    self.splitBytes = splitBytes
  }

  /// The films (and `total_pages`) of `data`, or `nil` when the slow path must decide.
  /// - Parameter splitBytes: Film lists longer than this are read in two
  ///   halves at once (tests make it small).
  static func read(_ data: Data, splitBytes: Int = defaultSplitBytes) -> SearchPage? {
    readCatalog(data, splitBytes: splitBytes)?.page
  }

  /// Like ``read(_:)``, with where the value of a snapshot's `filmsite` header
  /// key lies in `data`, when there is one.
  static func readCatalog(_ data: Data, splitBytes: Int = defaultSplitBytes)
    -> (page: SearchPage, header: Range<Int>?)?
  {
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      // Strings are decoded from their bytes without checking each one again.
      guard UTF8Validation.isValid(bytes) else { return nil }
      var reader = FilmJSONReader(bytes: bytes, data: data, splitBytes: splitBytes)
      guard let page = try? reader.document() else { return nil }
      return (page, reader.header)
    }
  }

  /// Where the value of the envelope's `filmsite` key lies.
  private var header: Range<Int>?

  // MARK: The document

  private mutating func document() throws(GiveUp) -> SearchPage {
    skipWhitespace()
    let page: SearchPage
    switch peek() {
    case UInt8(ascii: "["): page = SearchPage(films: try films())
    case UInt8(ascii: "{"): page = try envelope()
    default: throw GiveUp()
    }
    skipWhitespace()
    guard index == bytes.count else { throw GiveUp() }
    return page
  }

  /// `{"results": [film…], "total_pages": n, …}`; other keys are skipped.
  private mutating func envelope() throws(GiveUp) -> SearchPage {
    var results: [Film]?
    var totalPages: Int??
    try object { reader, key throws(GiveUp) in
      switch key {
      case Self.resultsKey:
        guard results == nil else { throw GiveUp() }
        results = try reader.films()
      case Self.totalPagesKey:
        guard totalPages == nil else { throw GiveUp() }
        totalPages = .some(try reader.optionalInteger())
      case Self.headerKey:
        guard reader.header == nil else { throw GiveUp() }
        let start = reader.index
        try reader.skipValue(depth: 1)
        reader.header = start..<reader.index
      default:
        try reader.skipValue(depth: 1)
      }
    }
    guard let results else { throw GiveUp() }
    return SearchPage(films: results, totalPages: totalPages ?? nil)
  }

  /// Film lists longer than this (4 MiB, about 5,000 films) are read in two halves at once.
  static let defaultSplitBytes = 4 << 20

  /// The films of an array: a large one in two halves at once (see
  /// ``secondHalf(from:)``), as if read in order.
  private mutating func films() throws(GiveUp) -> [Film] {
    guard peek() == UInt8(ascii: "[") else { throw GiveUp() }
    index += 1
    skipWhitespace()
    var films: [Film] = []
    if peek() == UInt8(ascii: "]") {
      index += 1
      return films
    }
    let guess =
      bytes.count - index > splitBytes
      ? elementStart(after: index + (bytes.count - index) / 2) : nil
    let second = guess.map(secondHalf(from:))
    while true {
      if index == guess, let second {
        // The first half reached the guess as an element's start: the other
        // core read the rest as this loop would have.
        let (rest, end) = try second.value()
        films += rest
        index = end
        return films
      }
      if try filmAndSeparator(into: &films) { return films }
    }
  }

  /// Reads a film and the `,` or `]` after it; true at the array's `]`.
  private mutating func filmAndSeparator(into films: inout [Film]) throws(GiveUp) -> Bool {
    films.append(try film())
    skipWhitespace()
    guard let next = peek() else { throw GiveUp() }
    index += 1
    if next == UInt8(ascii: "]") { return true }
    guard next == UInt8(ascii: ",") else { throw GiveUp() }
    skipWhitespace()
    return false
  }

  /// The first `{` after `start` that follows a `,` and white space: likely,
  /// not certainly, the start of a film (it may be inside a string).
  private func elementStart(after start: Int) -> Int? {
    var position = start
    while position < bytes.count {
      if bytes[position] == UInt8(ascii: ",") {
        var next = position + 1
        while next < bytes.count,
          bytes[next] == 0x20 || bytes[next] == 0x0A || bytes[next] == 0x0D || bytes[next] == 0x09
        {
          next += 1
        }
        if next < bytes.count, bytes[next] == UInt8(ascii: "{") { return next }
        position = next
      } else {
        position += 1
      }
    }
    return nil
  }

  /// Starts reading, on another thread, the films from `start` to the end of
  /// the array, as ``films()`` reads them after a `,`. Its result counts only
  /// if the reading in order reaches `start` between two films; if `start`
  /// was inside a string, that reading never stops there and simply goes on.
  private func secondHalf(from start: Int) -> SecondHalf {
    let half = SecondHalf()
    let (data, splitBytes) = (self.data, self.splitBytes)
    half.group.enter()
    // A thread of its own: the reading in order waits for it, and a shared
    // queue's threads could all be waiting already.
    Thread {
      let result = data.withUnsafeBytes { raw in
        var reader = FilmJSONReader(
          bytes: raw.bindMemory(to: UInt8.self), data: data, splitBytes: splitBytes)
        reader.index = start
        return try? reader.restOfArray()
      }
      half.result.withLock { $0 = result }
      half.group.leave()
    }.start()
    return half
  }

  /// The films from the current one to the array's `]`, and the index after it.
  private mutating func restOfArray() throws(GiveUp) -> (films: [Film], end: Int) {
    var films: [Film] = []
    while try !filmAndSeparator(into: &films) {}
    return (films, index)
  }

  /// The second half of a large film list, read on another thread.
  private final class SecondHalf: Sendable {
    let group = DispatchGroup()
    let result = Mutex<(films: [Film], end: Int)?>(nil)

    /// Waits for the films; a half that gave up makes the whole read give up.
    func value() throws(GiveUp) -> (films: [Film], end: Int) {
      group.wait()
      guard let result = result.withLock({ $0 }) else { throw GiveUp() }
      return result
    }
  }

  // MARK: A film

  /// The raw fields of one film object, turned into a ``Film`` by the rules of `Film.init(from:)`.
  private struct Fields {
    var id: String?
    var title: String?
    var year: Int??
    var runtime: Int??
    var director: String??
    var genres: [String]??
    var overview: String??
    var posterPath: String??
    var posterPathSnake: String??
    var releaseDate: String??
    var releaseDateCamel: String??
  }

  private mutating func film() throws(GiveUp) -> Film {
    guard peek() == UInt8(ascii: "{") else { throw GiveUp() }
    var fields = Fields()
    try object { reader, key throws(GiveUp) in
      switch key {
      case Self.idKey: try Self.set(&fields.id, try reader.id())
      case Self.titleKey: try Self.set(&fields.title, try reader.string())
      case Self.yearKey: try Self.set(&fields.year, try reader.optionalInteger())
      case Self.runtimeKey: try Self.set(&fields.runtime, try reader.optionalInteger())
      case Self.directorKey: try Self.set(&fields.director, try reader.optionalString())
      case Self.genresKey: try Self.set(&fields.genres, try reader.optionalStrings())
      case Self.overviewKey: try Self.set(&fields.overview, try reader.optionalString())
      case Self.posterPathKey: try Self.set(&fields.posterPath, try reader.optionalString())
      case Self.posterPathSnakeKey:
        try Self.set(&fields.posterPathSnake, try reader.optionalString())
      case Self.releaseDateKey: try Self.set(&fields.releaseDate, try reader.optionalString())
      case Self.releaseDateCamelKey:
        try Self.set(&fields.releaseDateCamel, try reader.optionalString())
      default: try reader.skipValue(depth: 2)
      }
    }
    guard let id = fields.id, let title = fields.title else { throw GiveUp() }
    var year = fields.year ?? nil
    if year == nil {
      year = try Self.year(from: [fields.releaseDate ?? nil, fields.releaseDateCamel ?? nil])
    }
    return Film(
      id: id, title: title, year: year, runtime: fields.runtime ?? nil,
      director: fields.director ?? nil, genres: (fields.genres ?? nil) ?? [],
      overview: fields.overview ?? nil,
      posterPath: (fields.posterPath ?? nil) ?? (fields.posterPathSnake ?? nil))
  }

  /// Sets a field once; a key given twice is left to the slow path.
  private static func set<Value>(_ field: inout Value?, _ value: Value) throws(GiveUp) {
    guard field == nil else { throw GiveUp() }
    field = value
  }

  /// The year of the first non-empty date, which must start with four digits.
  private static func year(from dates: [String?]) throws(GiveUp) -> Int? {
    for case let date? in dates where !date.isEmpty {
      let digits = Array(date.utf8.prefix(5))
      guard digits.count >= 4, digits[..<4].allSatisfy({ (0x30...0x39).contains($0) }),
        digits.count == 4 || digits[4] < 0x80
      else { throw GiveUp() }
      return digits[..<4].reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
    return nil
  }

  /// An integer id becomes its decimal text; a string id is kept.
  private mutating func id() throws(GiveUp) -> String {
    peek() == UInt8(ascii: "\"") ? try string() : String(try integer())
  }

  // MARK: Values

  private mutating func optionalInteger() throws(GiveUp) -> Int? {
    try null() ? nil : integer()
  }

  private mutating func optionalString() throws(GiveUp) -> String? {
    try null() ? nil : string()
  }

  private mutating func optionalStrings() throws(GiveUp) -> [String]? {
    if try null() { return nil }
    var strings: [String] = []
    try array { reader throws(GiveUp) in strings.append(try reader.string()) }
    return strings
  }

  /// Reads `null` if it is next.
  private mutating func null() throws(GiveUp) -> Bool {
    guard peek() == UInt8(ascii: "n") else { return false }
    try literal("null")
    return true
  }

  /// A plain JSON integer (no fraction, no exponent, no `-0`) that fits in `Int`.
  private mutating func integer() throws(GiveUp) -> Int {
    let negative = peek() == UInt8(ascii: "-")
    if negative { index += 1 }
    let start = index
    var value = 0
    while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
      let digit = Int(bytes[index] - 0x30)
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(negative ? -digit : digit)
      guard !overflow1, !overflow2 else { throw GiveUp() }
      value = sum
      index += 1
    }
    let count = index - start
    guard count > 0, count == 1 || bytes[start] != 0x30, !(negative && value == 0) else {
      throw GiveUp()
    }
    if let next = peek(), next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e") {
      throw GiveUp()
    }
    return value
  }

  /// A string, with its escapes decoded.
  private mutating func string() throws(GiveUp) -> String {
    guard peek() == UInt8(ascii: "\"") else { throw GiveUp() }
    index += 1
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
      guard byte >= 0x20 else { throw GiveUp() }
      index += 1
    }
    throw GiveUp()
  }

  /// The rest of a string that has escapes, from its first byte at `start`.
  private mutating func escapedString(from start: Int) throws(GiveUp) -> String {
    var out = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: out, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard let escaped = peek() else { throw GiveUp() }
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hexQuad()
          if (0xDC00...0xDFFF).contains(scalar) { throw GiveUp() }
          if (0xD800...0xDBFF).contains(scalar) {
            guard peek() == UInt8(ascii: "\\") else { throw GiveUp() }
            index += 1
            guard peek() == UInt8(ascii: "u") else { throw GiveUp() }
            index += 1
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else { throw GiveUp() }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let unicode = Unicode.Scalar(scalar) else { throw GiveUp() }
          out.append(contentsOf: UTF8.encode(unicode).map { Array($0) } ?? [])
        default:
          throw GiveUp()
        }
      case 0..<0x20:
        throw GiveUp()
      default:
        out.append(byte)
      }
    }
    throw GiveUp()
  }

  private mutating func hexQuad() throws(GiveUp) -> UInt32 {
    guard index + 4 <= bytes.count else { throw GiveUp() }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw GiveUp()
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  /// Skips any JSON value, checking its syntax.
  private mutating func skipValue(depth: Int) throws(GiveUp) {
    guard depth < Self.maximumDepth, let byte = peek() else { throw GiveUp() }
    switch byte {
    case UInt8(ascii: "{"):
      try object { reader, _ throws(GiveUp) in try reader.skipValue(depth: depth + 1) }
    case UInt8(ascii: "["):
      try array { reader throws(GiveUp) in try reader.skipValue(depth: depth + 1) }
    case UInt8(ascii: "\""): _ = try string()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default: try skipNumber()
    }
  }

  private mutating func skipNumber() throws(GiveUp) {
    if peek() == UInt8(ascii: "-") { index += 1 }
    let start = index
    guard skipDigits() > 0, index - start == 1 || bytes[start] != 0x30 else { throw GiveUp() }
    if peek() == UInt8(ascii: ".") {
      index += 1
      guard skipDigits() > 0 else { throw GiveUp() }
    }
    if let next = peek(), next | 0x20 == UInt8(ascii: "e") {
      index += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
      guard skipDigits() > 0 else { throw GiveUp() }
    }
  }

  private mutating func skipDigits() -> Int {
    let start = index
    while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
    return index - start
  }

  // MARK: Containers

  /// Reads an object, handing each key (its raw bytes) to `member`, which must read the value.
  private mutating func object(
    _ member: (inout FilmJSONReader, Key) throws(GiveUp) -> Void
  ) throws(GiveUp) {
    guard peek() == UInt8(ascii: "{") else { throw GiveUp() }
    index += 1
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      return
    }
    while true {
      let key = try rawKey()
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else { throw GiveUp() }
      index += 1
      skipWhitespace()
      try member(&self, key)
      skipWhitespace()
      guard let next = peek() else { throw GiveUp() }
      index += 1
      if next == UInt8(ascii: "}") { return }
      guard next == UInt8(ascii: ",") else { throw GiveUp() }
      skipWhitespace()
    }
  }

  /// Reads an array, calling `element` to read each element.
  private mutating func array(
    _ element: (inout FilmJSONReader) throws(GiveUp) -> Void
  ) throws(GiveUp) {
    guard peek() == UInt8(ascii: "[") else { throw GiveUp() }
    index += 1
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      return
    }
    while true {
      try element(&self)
      skipWhitespace()
      guard let next = peek() else { throw GiveUp() }
      index += 1
      if next == UInt8(ascii: "]") { return }
      guard next == UInt8(ascii: ",") else { throw GiveUp() }
      skipWhitespace()
    }
  }

  /// A key's bytes between its quotes; keys with escapes are left to the slow path.
  private typealias Key = ArraySlice<UInt8>

  private mutating func rawKey() throws(GiveUp) -> Key {
    guard peek() == UInt8(ascii: "\"") else { throw GiveUp() }
    index += 1
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let key = Key(bytes[start..<index])
        index += 1
        return key
      }
      guard byte != UInt8(ascii: "\\"), byte >= 0x20 else { throw GiveUp() }
      index += 1
    }
    throw GiveUp()
  }

  private static let resultsKey = Key("results".utf8)
  private static let totalPagesKey = Key("total_pages".utf8)
  private static let headerKey = Key("filmsite".utf8)
  private static let idKey = Key("id".utf8)
  private static let titleKey = Key("title".utf8)
  private static let yearKey = Key("year".utf8)
  private static let runtimeKey = Key("runtime".utf8)
  private static let directorKey = Key("director".utf8)
  private static let genresKey = Key("genres".utf8)
  private static let overviewKey = Key("overview".utf8)
  private static let posterPathKey = Key("posterPath".utf8)
  private static let posterPathSnakeKey = Key("poster_path".utf8)
  private static let releaseDateKey = Key("release_date".utf8)
  private static let releaseDateCamelKey = Key("releaseDate".utf8)

  // MARK: Bytes

  private func peek() -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  private mutating func literal(_ word: StaticString) throws(GiveUp) {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw GiveUp() }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      throw GiveUp()
    }
    index += count
  }

  private mutating func skipWhitespace() {
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
    {
      index += 1
    }
  }
}
