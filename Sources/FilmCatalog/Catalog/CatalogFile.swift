import Foundation

/// Reads film JSON: a top-level array of films, or an object whose `results`
/// array holds them (the envelope paged APIs return; its other keys are ignored).
public enum CatalogFile {
  /// Reads and decodes the catalog at `path`.
  /// - Throws: ``CatalogError`` naming `path` and, where it applies, the line or the film and field.
  public static func load(path: String) throws -> [Film] {
    try loadContents(path: path).films
  }

  /// A catalog file's films, and the credit its snapshot header asks for, if any.
  public struct Contents: Sendable {
    public let films: [Film]
    /// From a ``CatalogSnapshot`` header; see ``CatalogSnapshot/attribution(atPath:)``.
    public let attribution: Attribution?
  }

  /// Reads a catalog file once for its films and its snapshot header's credit.
  /// - Throws: ``CatalogError`` naming `path` and, where it applies, the line or the film and field.
  public static func loadContents(path: String) throws -> Contents {
    try CatalogData.read(path: path).decode()
  }

  /// Decodes catalog JSON; `file` names the source in errors.
  /// - Throws: ``CatalogError``.
  public static func decode(_ data: Data, file: String) throws -> [Film] {
    try decodePage(data, file: file).films
  }

  /// Decodes one page of a paged API, or a whole catalog: a bare array of
  /// films, or an object with `results` and, optionally, `total_pages`.
  /// - Throws: ``CatalogError``; `file` names the source (a path or a URL).
  public static func decodePage(_ data: Data, file: String) throws -> SearchPage {
    // Valid film JSON is read by the fast path; anything else is decoded below,
    // which finds and names the error.
    if let page = FilmJSONReader.read(data) { return page }
    return try decodeWithFoundation(data, file: file)
  }

  /// The slow path of ``decodePage(_:file:)``: the syntax checker, then Foundation's decoder.
  static func decodeWithFoundation(_ data: Data, file: String) throws -> SearchPage {
    // Foundation's decoder tolerates some malformed JSON (trailing commas) and
    // says nothing of where JSON is broken, so the checker reads it first.
    if let syntax = JSONSyntaxChecker.firstError(in: Array(data)) {
      throw CatalogError(
        file: file,
        reason: .malformedJSON(line: syntax.line, column: syntax.column, message: syntax.message))
    }
    let decoder = JSONDecoder()
    do {
      switch data.first(where: { !Self.isWhitespace($0) }) {
      case UInt8(ascii: "["):
        return SearchPage(films: try decoder.decode([Film].self, from: data))
      case UInt8(ascii: "{"):
        let envelope = try decoder.decode(Envelope.self, from: data)
        return SearchPage(films: envelope.results, totalPages: envelope.totalPages)
      default:
        throw CatalogError(file: file, reason: .notACatalog)
      }
    } catch let error as DecodingError {
      throw catalogError(for: error, file: file)
    }
  }

  private struct Envelope: Decodable {
    let results: [Film]
    let totalPages: Int?

    enum CodingKeys: String, CodingKey {
      case results
      case totalPages = "total_pages"
    }
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// Turns a decoder's error into one that names the film (from 1) and its field.
  /// Syntax errors never reach here: the syntax checker has already read the data.
  static func catalogError(for error: DecodingError, file: String) -> CatalogError {
    let path: [any CodingKey]
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return CatalogError(file: file, reason: .notACatalog)
    case .keyNotFound(let key, let context):
      path = context.codingPath + [key]
    case .valueNotFound(_, let context), .typeMismatch(_, let context),
      .dataCorrupted(let context):
      path = context.codingPath
    @unknown default:
      return CatalogError(file: file, reason: .notACatalog)
    }

    // The path is [index, field…] for an array and ["results", index, field…] for an envelope.
    let filmPath = path.first?.stringValue == "results" ? Array(path.dropFirst()) : path
    guard let index = filmPath.first?.intValue else {
      return CatalogError(file: file, reason: .notACatalog)
    }
    let film = index + 1
    let field = fieldName(filmPath.dropFirst())
    guard !field.isEmpty else {
      return CatalogError(
        file: file, reason: .wrongType(film: film, field: "", expected: "an object"))
    }
    switch error {
    case .keyNotFound, .valueNotFound:
      return CatalogError(file: file, reason: .missingField(film: film, field: field))
    case .typeMismatch(let type, _):
      return CatalogError(
        file: file,
        reason: .wrongType(film: film, field: field, expected: expectation(for: type, field: field))
      )
    case .dataCorrupted(let context):
      return CatalogError(
        file: file,
        reason: .invalidValue(film: film, field: field, message: context.debugDescription))
    @unknown default:
      return CatalogError(file: file, reason: .notACatalog)
    }
  }

  /// `genres[2]` for the third genre, `title` for a top-level field.
  private static func fieldName(_ keys: ArraySlice<any CodingKey>) -> String {
    keys.reduce(into: "") { name, key in
      if let index = key.intValue {
        name += "[\(index)]"
      } else {
        name += name.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
  }

  private static func expectation(for type: Any.Type, field: String) -> String {
    if field == "id" { return "a string or an integer" }
    if field == "genres" { return "an array of strings" }
    switch type {
    case is Int.Type: return "an integer"
    case is String.Type: return "a string"
    case is [String].Type: return "an array of strings"
    default: return "a value of type \(type)"
    }
  }

  static func reason(for error: any Error) -> String {
    let nsError = error as NSError
    if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      posix.domain == NSPOSIXErrorDomain, let message = strerror(Int32(posix.code))
    {
      return String(cString: message)
    }
    if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
      return "no such file"
    }
    return nsError.localizedDescription
  }
}
