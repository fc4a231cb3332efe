import Foundation

/// A pulled catalog saved as film JSON, so a site can be rebuilt offline.
///
/// It is an object with a `filmsite` header (the query, the source URL with
/// secrets masked, when it was pulled, and the credit the source requires, if
/// any) and a `results` array, which ``CatalogFile`` reads like any catalog,
/// taking only the credit from the header. Keys are sorted and films keep
/// their order, so the same films give the same `results` bytes.
public struct CatalogSnapshot: Encodable, Sendable {
  struct Header: Encodable, Sendable {
    let query: String
    let source: String
    /// ISO 8601, in UTC.
    let pulledAt: String
    /// The credit a site built from these films must show, such as TMDB's.
    let attribution: Attribution?
  }

  let filmsite: Header
  let results: [Film]

  public init(
    films: [Film], query: String, source: String, pulledAt: Date = Date(),
    attribution: Attribution? = nil
  ) {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    filmsite = Header(
      query: query, source: source, pulledAt: formatter.string(from: pulledAt),
      attribution: attribution)
    results = films
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
