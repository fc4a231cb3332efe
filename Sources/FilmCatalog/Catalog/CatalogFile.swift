import Foundation

/// A catalog file: its path and its bytes, read but not yet decoded.
///
/// A build names a catalog by its bytes, so a rebuild from an unchanged file
/// is found up to date before its films are decoded: decoding a large
/// catalog is most of the time such a rebuild would otherwise take.
/// ``decode()`` gives the films (through ``CatalogDecoder``) and the credit
/// a snapshot's header asks for.
public struct CatalogFile: Sendable {
  /// The file, named in errors.
  let path: String
  /// The file's contents, as read.
  public let bytes: Data

  /// A catalog file's films, and the credit its snapshot header asks for, if any.
  public struct Contents: Sendable {
    public let films: [Film]
    /// From a ``CatalogSnapshot`` header; see ``CatalogSnapshot/attribution(atPath:)``.
    public let attribution: Attribution?
  }

  /// Reads the file at `path`.
  /// - Throws: ``CatalogError`` naming `path` when it cannot be read.
  public static func read(path: String) throws -> CatalogFile {
    do {
      return CatalogFile(path: path, bytes: try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      throw CatalogError(file: path, reason: .unreadable(Self.reason(for: error)))
    }
  }

  /// Reads and decodes the catalog at `path`.
  /// - Throws: ``CatalogError`` naming `path` and, where it applies, the line or the film and field.
  public static func load(path: String) throws -> [Film] {
    try read(path: path).decode().films
  }

  /// The films, and the credit a snapshot's header asks for, if any.
  /// - Throws: ``CatalogError`` naming the file and, where it applies, the line or the film and field.
  public func decode() throws -> Contents {
    if let (page, header) = FilmJSONReader.readCatalog(bytes) {
      let attribution = header.flatMap { CatalogSnapshot.attribution(inHeader: bytes[$0]) }
      return Contents(films: page.films, attribution: attribution)
    }
    let films = try CatalogDecoder.decodeWithFoundation(bytes, file: path).films
    return Contents(films: films, attribution: CatalogSnapshot.attribution(inCatalog: bytes))
  }

  /// Why a file could not be read, in a few words.
  private static func reason(for error: any Error) -> String {
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
