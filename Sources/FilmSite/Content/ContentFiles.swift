/// The Markdown files of a content folder, found by walking it: each file's
/// path inside the folder and its bytes, in path order.
///
/// Names that start with `.` are skipped (editors' and git's files), as are
/// files that are not `.md`. A symbolic link to a file is read; one to a
/// folder is not followed, so a walk always ends.
struct ContentFiles: Sendable {
  struct File: Sendable {
    /// The path inside the content folder, with `/` between names: `films/426.md`.
    let path: String
    /// The path as the build was given it, for messages: `content/films/426.md`.
    let displayPath: String
    let bytes: [UInt8]
  }

  /// The largest content file read, in bytes: a note or a page is text a
  /// person writes, and anything larger is refused before cmark sees it.
  static let maximumFileSize = 4 << 20

  let files: [File]

  /// Reads every Markdown file under `folder`.
  /// - Throws: ``ContentError`` for a file too large or not UTF-8;
  ///   ``FileSystemError`` for a folder or file that cannot be read.
  init(folder: String) throws {
    var found: [File] = []
    try Self.walk(folder: folder, relative: "", into: &found)
    files = found.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
  }

  private static func walk(folder: String, relative: String, into found: inout [File]) throws {
    let here = relative.isEmpty ? folder : folder + "/" + relative
    for entry in try FileSystem.entries(of: here, followingLink: relative.isEmpty) {
      guard !entry.name.hasPrefix(".") else { continue }
      let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
      let full = folder + "/" + path
      let kind = try entry.kind ?? FileSystem.status(of: full).kind
      switch kind {
      case .folder:
        try walk(folder: folder, relative: path, into: &found)
      case .file, .link:
        guard entry.name.hasSuffix(".md") else { continue }
        if kind == .link, try FileSystem.status(of: full, followingLink: true).kind != .file {
          continue
        }
        let bytes = try FileSystem.contents(of: full, limit: maximumFileSize + 1)
        guard bytes.count <= maximumFileSize else {
          throw ContentError(
            file: full, at: .start,
            "the file is larger than \(maximumFileSize >> 20) MiB, the most a content file may be")
        }
        found.append(File(path: path, displayPath: full, bytes: bytes))
      case .other:
        continue
      }
    }
  }
}
