/// Why FilmSite will not, or could not, write a site into a folder.
enum WriterError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The folder holds files and no FilmSite manifest.
  case notOwned(directory: String, example: String)
  /// The folder is one FilmSite must never write into (`/`, the home folder, a project).
  case refused(directory: String, reason: String)
  /// A file FilmSite did not write stands where the new site needs a file or folder.
  case conflict(directory: String, path: String)
  /// Two files of the new site have the same path: the same text, spelled
  /// with different bytes (`é` composed and decomposed).
  case samePathTwice(directory: String, path: String)
  case io(path: String, operation: String, message: String)

  var description: String {
    switch self {
    case .notOwned(let directory, let example):
      return
        "\(directory): not a FilmSite output folder (it holds \"\(example)\" and no \(OutputManifest.fileName)); choose an empty folder, or pass --force to adopt it (FilmSite never deletes files it did not write)"
    case .refused(let directory, let reason):
      return "\(directory): refusing to write a site here: \(reason)"
    case .conflict(let directory, let path):
      return
        "\(directory)/\(path): FilmSite did not write this, but the new site needs this path; move it away and build again"
    case .samePathTwice(let directory, let path):
      return
        "\(directory)/\(path): two files of the site have this path, spelled with different Unicode characters for the same text; rename one (in the theme's assets)"
    case .io(let path, let operation, let message):
      return "\(path): cannot \(operation): \(message)"
    }
  }
}

extension WriterError {
  /// A file-system failure as the writer reports it: the path, what it
  /// could not do, and the system's reason.
  init(_ error: FileSystemError) {
    self = .io(path: error.path, operation: error.operation, message: error.message)
  }

  /// What `body` returns; a ``FileSystemError`` it throws as a ``WriterError``.
  static func reporting<Result>(_ body: () throws -> Result) throws -> Result {
    do {
      return try body()
    } catch let error as FileSystemError {
      throw WriterError(error)
    }
  }
}
