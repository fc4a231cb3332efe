import Foundation

/// The folder a site is published into, the paths FilmSite keeps beside
/// it, and whether FilmSite may write it at all.
///
/// FilmSite writes only into a folder it made or that its manifest says is
/// its own (or, with `force`, one the user hands it). It never writes into
/// `/`, the home folder or a project, forced or not.
struct OutputFolder: Sendable {
  /// The folder as the user named it, for messages.
  let directory: String
  /// The folder with symbolic links resolved, so that a swap replaces the
  /// real folder rather than a link to it. Every file's path starts with it.
  let path: String
  /// Adopt a folder that holds files but no manifest.
  let force: Bool

  /// Files a fresh clone's `Output/` may hold before the first build.
  static let placeholders: Set<String> = [".gitignore", ".gitkeep"]

  init(directory: String, force: Bool) {
    self.directory = directory
    self.force = force
    path = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// The folder the next site is built in.
  var stagingPath: String { sibling("staging") }
  /// Where the previous site waits during a two-rename swap.
  var previousPath: String { sibling("previous") }
  /// The file whose lock a build holds while it writes the folder.
  var lockPath: String { sibling("lock") }
  /// Where a new manifest is written before it is renamed over the current one.
  var newManifestPath: String { sibling("manifest") }
  /// What the last build left for the next one (``SiteState``).
  var statePath: String { sibling("state") }
  /// Where a new state is written before it is renamed over the last one.
  var newStatePath: String { sibling("state-new") }
  /// The films' rows as the last build that rendered many lists made them (``RowCache``).
  var rowsPath: String { sibling("rows") }
  /// Where new rows are written before they are renamed over the last ones.
  var newRowsPath: String { sibling("rows-new") }
  /// The manifest of the site in the folder.
  var manifestPath: String { path + "/" + OutputManifest.fileName }

  /// `.Output.filmsite-<role>` beside the folder `Output`.
  private func sibling(_ role: String) -> String {
    let url = URL(fileURLWithPath: path)
    return url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).filmsite-\(role)").path
  }

  /// Takes the folder's lock, making the folder it sits in when missing.
  /// - Throws: ``WriterError/refused(directory:reason:)`` while another build holds it.
  func lock() throws -> LockFile {
    try WriterError.reporting {
      try FileSystem.makeFolder(
        at: FileSystem.parent(of: stagingPath), permissions: 0o777, makingParents: true)
    }
    guard let lock = try WriterError.reporting({ try LockFile.acquire(lockPath) }) else {
      throw WriterError.refused(
        directory: directory, reason: "another build is writing it now; wait for it to finish")
    }
    return lock
  }

  /// Removes the lock file a killed build left, when no build holds it: a
  /// build that finds the site up to date writes nothing and takes no lock,
  /// so without this the file would stay until the next build that writes.
  func removeStaleLock() {
    guard FileSystem.exists(lockPath) else { return }
    (try? LockFile.acquire(lockPath))??.release()
  }

  /// Refuses `/`, the home folder and any folder with a `Package.swift` at its top.
  func refuseDangerousFolder() throws {
    let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL
      .resolvingSymlinksInPath().path
    if path == "/" {
      throw WriterError.refused(directory: directory, reason: "it is the root folder")
    }
    if path == home {
      throw WriterError.refused(directory: directory, reason: "it is your home folder")
    }
    if FileSystem.exists(path + "/Package.swift") {
      throw WriterError.refused(
        directory: directory, reason: "it holds a Package.swift, so it is a project, not a site")
    }
  }

  /// Fails fast when the folder is not FilmSite's, reading only the start
  /// of its manifest (a build checks this before pulling its films).
  /// - Throws: ``WriterError``, as ``previousManifest()`` would.
  func checkOwnership() throws {
    try refuseDangerousFolder()
    if let prefix = try? FileSystem.contents(of: manifestPath, limit: 256) {
      guard OutputManifest.startsAManifest(prefix) else { throw notAManifest }
      return
    }
    _ = try previousManifest()
  }

  /// The manifest of the last build; an empty one for a new or empty folder.
  /// - Throws: ``WriterError/notOwned(directory:example:)`` for a foreign
  ///   folder unless forced, ``WriterError/refused(directory:reason:)`` for a file.
  func previousManifest() throws -> OutputManifest {
    if let bytes = try? FileSystem.contents(of: manifestPath) {
      guard let manifest = OutputManifest(bytes: bytes) else { throw notAManifest }
      return manifest
    }
    guard let status = try? FileSystem.status(of: path, followingLink: true) else {
      return OutputManifest(paths: [])
    }
    guard status.kind == .folder else {
      throw WriterError.refused(directory: directory, reason: "it is a file, not a folder")
    }
    let names = (try? FileSystem.entries(of: path, undecodable: .replace))?.map(\.name) ?? []
    if !force, let foreign = names.sorted().first(where: { !Self.placeholders.contains($0) }) {
      throw WriterError.notOwned(directory: directory, example: foreign)
    }
    return OutputManifest(paths: [])
  }

  private var notAManifest: WriterError {
    .io(
      path: manifestPath, operation: "read the manifest", message: "it is not a FilmSite manifest")
  }
}
