import Foundation

/// A pulled catalog saved as film JSON, so a site can be rebuilt offline.
///
/// It is an object with a `filmsite` header (the query, the source URL with
/// secrets masked, when it was pulled, and the credit the source requires, if
/// any) and a `results` array, which ``CatalogFile`` reads like any catalog,
/// taking only the credit from the header. Keys are sorted and films keep
/// their order, so the same films give the same `results` bytes.
public struct CatalogSnapshot: Encodable, Sendable {
  /// What the snapshot's films are: the search that found them and when.
  /// A refresh reads it back (``header(in:)``) to know what it refreshes.
  public struct Header: Codable, Sendable, Equatable {
    public let query: String
    /// The search URL without the page, secrets masked: with TMDB, the
    /// endpoint, the language, `include_adult` and any filters.
    public let source: String
    /// ISO 8601, in UTC.
    let pulledAt: String
    /// The credit a site built from these films must show, such as TMDB's.
    let attribution: Attribution?

    /// ``pulledAt`` as a date, or `nil` when it is not ISO 8601.
    var pulledDate: Date? {
      CatalogSnapshot.timestampFormatter.date(from: pulledAt)
    }
  }

  let filmsite: Header
  let results: [Film]

  public init(
    films: [Film], query: String, source: String, pulledAt: Date = Date(),
    attribution: Attribution? = nil
  ) {
    filmsite = Header(
      query: query, source: source, pulledAt: Self.timestampFormatter.string(from: pulledAt),
      attribution: attribution)
    results = films
  }

  /// ISO 8601 in UTC, as `pulledAt` is written and read.
  private static var timestampFormatter: ISO8601DateFormatter {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter
  }

  /// The `filmsite` header of snapshot JSON, or `nil` when the document is
  /// not an object with a header of that shape. Only the bytes through the
  /// header are read, and the writer puts it first; the films are left to
  /// ``CatalogFile``.
  static func header(in data: Data) -> Header? {
    let range: Range<Int>? = data.withUnsafeBytes { raw in
      var json = JSONScanner(raw.bindMemory(to: UInt8.self))
      json.skipWhitespace()
      guard json.peek() == UInt8(ascii: "{"), (try? json.open(depth: 0)) == true else {
        return nil
      }
      let name = Array("filmsite".utf8)
      do {
        repeat {
          let key = try json.key()
          let isHeader = key.firstEscape == nil && json.bytes[key.contents].elementsEqual(name)
          let start = json.index
          try json.skipValue(depth: 1)
          if isHeader { return start..<json.index }
        } while try json.next(close: UInt8(ascii: "}"))
      } catch {
        return nil
      }
      return nil
    }
    guard let range else { return nil }
    let start = data.startIndex
    return try? JSONDecoder().decode(
      Header.self, from: data[(start + range.lowerBound)..<(start + range.upperBound)])
  }

  /// The credit recorded in the header of the catalog file at `path`, or
  /// `nil` when the file has none, is not a snapshot, or gives a link that is
  /// not http or https (the file is data, and the link lands in every page).
  static func attribution(atPath path: String) -> Attribution? {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
    return attribution(inCatalog: data)
  }

  /// The credit in the header of catalog JSON (decoding the whole document).
  static func attribution(inCatalog data: Data) -> Attribution? {
    struct File: Decodable {
      let filmsite: HeaderCredit?
    }
    return checked((try? JSONDecoder().decode(File.self, from: data))?.filmsite?.attribution)
  }

  /// The credit in a snapshot's header object alone: the JSON of its `filmsite` key.
  static func attribution(inHeader data: Data) -> Attribution? {
    checked((try? JSONDecoder().decode(HeaderCredit.self, from: data))?.attribution)
  }

  private struct HeaderCredit: Decodable { let attribution: Attribution? }

  private static func checked(_ attribution: Attribution?) -> Attribution? {
    guard let attribution, let scheme = URL(string: attribution.url)?.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    else { return nil }
    return attribution
  }

  /// The snapshot as pretty-printed JSON with sorted keys and a final newline,
  /// written by ``SnapshotJSONWriter`` (the same bytes as `JSONEncoder` with
  /// `.prettyPrinted`, `.sortedKeys` and `.withoutEscapingSlashes`).
  /// - Throws: ``SnapshotJSONWriter/NonFiniteNumber`` for a film with an
  ///   infinite or not-a-number field, which `JSONEncoder` refuses too.
  public func data() throws -> Data {
    Data(try SnapshotJSONWriter.json(self))
  }
}
