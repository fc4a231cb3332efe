import Foundation

/// A snapshot that `filmsite pull` wrote, read back to be refreshed: its
/// header (the search and when it was pulled) and its films.
public struct SnapshotFile: Sendable {
  public let header: CatalogSnapshot.Header
  /// The header's `pulledAt`.
  public let pulledAt: Date
  public let films: [Film]

  /// Reads the snapshot at `path`, or returns `nil` when there is no file
  /// there (a first refresh is a full pull).
  /// - Throws: ``CatalogError`` for a file that cannot be read or whose
  ///   films are not valid; ``SnapshotFileError`` for a file that is not a
  ///   snapshot, which a refresh would otherwise overwrite.
  public static func read(path: String) throws -> SnapshotFile? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    else { return nil }
    let catalog = try CatalogFile.read(path: path)
    guard let header = CatalogSnapshot.header(in: catalog.bytes) else {
      throw SnapshotFileError(file: path, reason: .noHeader)
    }
    guard let pulledAt = header.pulledDate else {
      throw SnapshotFileError(file: path, reason: .pulledAt(header.pulledAt))
    }
    return SnapshotFile(header: header, pulledAt: pulledAt, films: try catalog.decode().films)
  }
}

/// A file given to refresh that is not a snapshot FilmSite wrote.
public struct SnapshotFileError: Error, Equatable, Sendable, CustomStringConvertible {
  enum Reason: Equatable, Sendable {
    /// No `filmsite` header with `query`, `source` and `pulledAt` strings.
    case noHeader
    /// A `pulledAt` that is not an ISO 8601 time.
    case pulledAt(String)
  }

  let file: String
  let reason: Reason

  public var description: String {
    let problem: String
    switch reason {
    case .noHeader:
      problem =
        "it has no \"filmsite\" header with \"query\", \"source\" and \"pulledAt\", as 'filmsite pull' writes"
    case .pulledAt(let value):
      // One line, whatever the file holds.
      let shown = RequestFailure.bodyPrefix(Array(value.utf8), limit: 40)
      problem = "its header's \"pulledAt\" is not an ISO 8601 time: \"\(shown)\""
    }
    return
      "\(file): not a snapshot to refresh: \(problem); it is left as it is (give another file, or remove this one for a full pull)"
  }
}
