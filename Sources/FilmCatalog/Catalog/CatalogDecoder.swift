import Foundation

/// Decodes film JSON: a top-level array of films, or an object whose `results`
/// array holds them (the envelope paged APIs return; its other keys are ignored).
///
/// Valid film JSON is read by ``FilmJSONReader``; anything else by the slow
/// path, ``decodeWithFoundation(_:file:)``, which finds and names the error.
public enum CatalogDecoder {
  /// Decodes catalog JSON; `file` names the source in errors.
  /// - Throws: ``CatalogError``.
  public static func decode(_ data: Data, file: String) throws -> [Film] {
    try decodePage(data, file: file).films
  }

  /// Decodes one page of a paged API, or a whole catalog: a bare array of
  /// films, or an object with `results` and, optionally, `total_pages`.
  /// - Throws: ``CatalogError``; `file` names the source (a path or a URL).
  static func decodePage(_ data: Data, file: String) throws -> SourcePage {
    if let page = FilmJSONReader.read(data) { return page }
    return try decodeWithFoundation(data, file: file)
  }

  /// The slow path: the syntax checker, then Foundation's decoder. It is
  /// also the reference that ``FilmJSONReader`` is tested against.
  /// - Throws: ``CatalogError``.
  static func decodeWithFoundation(_ data: Data, file: String) throws -> SourcePage {
    // Foundation's decoder tolerates some malformed JSON (trailing commas) and
    // says nothing of where JSON is broken, so the checker reads it first.
    let syntaxError = data.withUnsafeBytes { raw in
      JSONSyntaxChecker.firstError(in: raw.bindMemory(to: UInt8.self))
    }
    if let syntaxError {
      throw CatalogError(
        file: file,
        reason: .malformedJSON(
          line: syntaxError.line, column: syntaxError.column, message: syntaxError.message))
    }
    let decoder = JSONDecoder()
    do {
      switch data.first(where: { !JSONScanner.isWhitespace($0) }) {
      case UInt8(ascii: "["):
        return SourcePage(films: try decoder.decode([Film].self, from: data))
      case UInt8(ascii: "{"):
        let envelope = try decoder.decode(Envelope.self, from: data)
        return SourcePage(films: envelope.results, totalPages: envelope.totalPages)
      default:
        throw CatalogError(file: file, reason: .notACatalog)
      }
    } catch let error as DecodingError {
      throw CatalogError(decoding: error, file: file)
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
}
