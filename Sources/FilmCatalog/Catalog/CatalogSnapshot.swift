import Foundation

/// A pulled catalog saved as film JSON, so a site can be rebuilt offline.
///
/// It is an object with a `filmsite` header (the query, the source URL with
/// secrets masked, and when it was pulled) and a `results` array, which
/// ``CatalogFile`` reads like any catalog, ignoring the header. Keys are
/// sorted and films keep their order, so the same films give the same
/// `results` bytes.
public struct CatalogSnapshot: Encodable, Sendable {
  public struct Header: Encodable, Sendable {
    public let query: String
    public let source: String
    /// ISO 8601, in UTC.
    public let pulledAt: String
  }

  public let filmsite: Header
  public let results: [Film]

  public init(films: [Film], query: String, source: String, pulledAt: Date = Date()) {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    filmsite = Header(query: query, source: source, pulledAt: formatter.string(from: pulledAt))
    results = films
  }

  /// The snapshot as pretty-printed JSON with sorted keys and a final newline.
  public func data() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(self)
    data.append(UInt8(ascii: "\n"))
    return data
  }
}
