import FilmSiteSupport

/// A built site's folder as `filmsite check` reads it: the files below it,
/// their bytes, and the manifest of the build that wrote them.
struct SiteFolder: Sendable {
  /// The output folder, as the user named it.
  let directory: String

  /// What `directory` is (following a link); `nil` when nothing is there.
  func kind() -> FileKind? {
    (try? FileSystem.status(of: directory, followingLink: true))?.kind
  }

  /// Every regular file below the folder, relative to it, sorted. Symbolic
  /// links to files count as files; links to folders are not followed, and
  /// a `.git` folder, a repository's history, is never part of the site.
  func files() throws -> [String] {
    var files: [String] = []
    var level = [""]
    // One level of folders at a time, each level on every core: a site keeps
    // its films in one folder each, so the second level is most of the work.
    while !level.isEmpty {
      let listings = level.parallelMap { folder in Result { try list(folder) } }
      level = []
      for listing in listings {
        let (folderFiles, subfolders) = try listing.get()
        files += folderFiles
        level += subfolders
      }
    }
    return files.sorted()
  }

  /// The files and folders directly in `folder`, relative to the site.
  private func list(_ folder: String) throws -> (files: [String], folders: [String]) {
    let path = folder.isEmpty ? directory : directory + "/" + folder
    let entries = try reading {
      try FileSystem.entries(of: path, followingLink: true, undecodable: .replace)
    }
    var files: [String] = []
    var folders: [String] = []
    for entry in entries {
      let relative = folder.isEmpty ? entry.name : folder + "/" + entry.name
      switch Self.kind(of: entry, at: path + "/" + entry.name) {
      case .folder where entry.name != ".git": folders.append(relative)
      case .file: files.append(relative)
      default: break
      }
    }
    return (files, folders)
  }

  /// What a listed name is to the check: a link counts as what it leads to
  /// when that is a file, and is otherwise skipped.
  private static func kind(of entry: DirectoryEntry, at path: String) -> FileKind? {
    switch entry.kind ?? (try? FileSystem.status(of: path))?.kind {
    case .link:
      return (try? FileSystem.status(of: path, followingLink: true))?.kind == .file ? .file : .other
    case let kind: return kind
    }
  }

  /// The bytes of the file at `relativePath`.
  func contents(of relativePath: String) throws -> [UInt8] {
    try reading { try FileSystem.contents(of: directory + "/" + relativePath) }
  }

  /// The manifest, or `nil` when `files` has none or it is not a FilmSite manifest.
  func manifest(files: Set<String>) throws -> OutputManifest? {
    guard files.contains(OutputManifest.fileName) else { return nil }
    return OutputManifest(bytes: try contents(of: OutputManifest.fileName))
  }

  /// What `body` returns; a ``FileSystemError`` it throws as a ``SiteCheckError``.
  private func reading<Result>(_ body: () throws -> Result) throws -> Result {
    do {
      return try body()
    } catch let error as FileSystemError {
      throw SiteCheckError.unreadable(path: error.path, message: error.message)
    }
  }
}
