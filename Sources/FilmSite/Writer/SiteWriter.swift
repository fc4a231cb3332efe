import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writes a site into an output folder that FilmSite owns.
///
/// It writes only files whose bytes changed, deletes the files it wrote last
/// time that the new site no longer has, and never touches a file it did not
/// write: those are recorded in ``OutputManifest``.
public struct SiteWriter: Sendable {
  /// What a write did, for the build summary.
  public struct Summary: Equatable, Sendable {
    public var written = 0
    public var unchanged = 0
    public var removed = 0
  }

  public let directory: String
  /// Adopt a folder that holds files but no manifest.
  public let force: Bool

  /// Files a fresh clone's `Output/` may hold before the first build.
  static let placeholders: Set<String> = [".gitignore", ".gitkeep"]

  public init(directory: String, force: Bool = false) {
    self.directory = directory
    self.force = force
  }

  /// Writes `files` and removes the files of the previous build that are not among them.
  /// - Throws: ``WriterError`` when the folder is not FilmSite's or a file cannot be written.
  @discardableResult
  public func write(_ files: [OutputFile]) throws -> Summary {
    try refuseDangerousDirectory()
    let previous = try previousManifest()
    let manifest = OutputManifest(paths: files.map(\.path))

    try createDirectory(directory)
    // List the union first: if the build stops half way, the next one still
    // knows every file this one may have written.
    try writeManifest(OutputManifest(paths: previous.paths + manifest.paths))

    var summary = Summary()
    var createdDirectories: Set<String> = []
    for file in files {
      let path = directory + "/" + file.path
      let parent = (file.path as NSString).deletingLastPathComponent
      if !parent.isEmpty, createdDirectories.insert(parent).inserted {
        try createDirectory(directory + "/" + parent)
      }
      if FileManager.default.contents(atPath: path) == file.contents {
        summary.unchanged += 1
      } else {
        try writeFile(file.contents, to: path)
        summary.written += 1
      }
    }

    let kept = Set(manifest.paths)
    for stale in previous.paths where !kept.contains(stale) {
      let path = directory + "/" + stale
      if unlink(path) == 0 {
        summary.removed += 1
        removeEmptyParents(of: stale)
      } else if errno != ENOENT {
        throw WriterError.io(
          path: path, operation: "remove", message: String(cString: strerror(errno)))
      }
    }
    try writeManifest(manifest)
    return summary
  }

  /// Refuses `/`, the home folder and any folder with a `Package.swift` at its top.
  func refuseDangerousDirectory() throws {
    let resolved = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath()
      .path
    let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL
      .resolvingSymlinksInPath().path
    if resolved == "/" {
      throw WriterError.refused(directory: directory, reason: "it is the root folder")
    }
    if resolved == home {
      throw WriterError.refused(directory: directory, reason: "it is your home folder")
    }
    if FileManager.default.fileExists(atPath: directory + "/Package.swift") {
      throw WriterError.refused(
        directory: directory, reason: "it holds a Package.swift, so it is a project, not a site")
    }
  }

  /// The manifest of the last build, an empty one for a new or empty folder.
  /// - Throws: ``WriterError/notOwned(directory:example:)`` for a foreign folder unless forced.
  func previousManifest() throws -> OutputManifest {
    let manifestPath = directory + "/" + OutputManifest.fileName
    if let data = FileManager.default.contents(atPath: manifestPath) {
      guard let manifest = OutputManifest(text: String(decoding: data, as: UTF8.self)) else {
        throw WriterError.io(
          path: manifestPath, operation: "read the manifest",
          message: "it is not a FilmSite manifest")
      }
      return manifest
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
      return OutputManifest(paths: [])
    }
    guard isDirectory.boolValue else {
      throw WriterError.refused(directory: directory, reason: "it is a file, not a folder")
    }
    let entries = try FileManager.default.contentsOfDirectory(atPath: directory)
    if !force, let foreign = entries.sorted().first(where: { !Self.placeholders.contains($0) }) {
      throw WriterError.notOwned(directory: directory, example: foreign)
    }
    return OutputManifest(paths: [])
  }

  private func writeManifest(_ manifest: OutputManifest) throws {
    try writeFile(Data(manifest.text.utf8), to: directory + "/" + OutputManifest.fileName)
  }

  /// Writes through a temporary file and a rename, so a reader never sees half a page.
  private func writeFile(_ contents: Data, to path: String) throws {
    do {
      try contents.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw WriterError.io(
        path: path, operation: "write", message: (error as NSError).localizedDescription)
    }
  }

  private func createDirectory(_ path: String) throws {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw WriterError.io(
        path: path, operation: "create the folder", message: (error as NSError).localizedDescription
      )
    }
  }

  /// Removes the folders above a removed file while they are empty; a folder
  /// holding anything else, FilmSite's or not, stays.
  private func removeEmptyParents(of relativePath: String) {
    var parent = (relativePath as NSString).deletingLastPathComponent
    while !parent.isEmpty, rmdir(directory + "/" + parent) == 0 {
      parent = (parent as NSString).deletingLastPathComponent
    }
  }
}
