import Foundation

/// A catalog file's bytes, read but not yet decoded.
///
/// A build names a catalog by its bytes, so a rebuild from an unchanged file
/// is found up to date before its films are decoded: decoding a large
/// catalog is most of the time such a rebuild would otherwise take.
public struct CatalogData: Sendable {
  /// The file, named in errors.
  public let path: String
  /// The file's contents, as read.
  public let bytes: Data

  public init(path: String, bytes: Data) {
    self.path = path
    self.bytes = bytes
  }

  /// Reads the file at `path`.
  /// - Throws: ``CatalogError`` naming `path` when it cannot be read.
  public static func read(path: String) throws -> CatalogData {
    do {
      return CatalogData(path: path, bytes: try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      throw CatalogError(file: path, reason: .unreadable(CatalogFile.reason(for: error)))
    }
  }

  /// The films, and the credit a snapshot's header asks for, if any.
  /// - Throws: ``CatalogError`` naming the file and, where it applies, the line or the film and field.
  public func decode() throws -> CatalogFile.Contents {
    if let (page, header) = FilmJSONReader.readCatalog(bytes) {
      let attribution = header.flatMap { CatalogSnapshot.attribution(inHeader: bytes[$0]) }
      return CatalogFile.Contents(films: page.films, attribution: attribution)
    }
    let films = try CatalogFile.decodeWithFoundation(bytes, file: path).films
    return CatalogFile.Contents(
      films: films, attribution: CatalogSnapshot.attribution(inCatalog: bytes))
  }
}
