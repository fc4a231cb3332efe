import FilmSiteSupport

/// An output folder that already holds the site a build would write: its
/// manifest names the build's fingerprint (``BuildFingerprint``), and every
/// file it lists is still as FilmSite left it. A build that finds one has
/// nothing to render or write, and tells its summary from these counts.
struct UpToDateSite: Equatable, Sendable {
  /// The files the manifest lists, each checked with one `stat`.
  let files: Int
  /// The pages of each kind the build that wrote the folder made; `nil`
  /// when its manifest does not say.
  let pageCounts: SitePageCounts?
  /// The films that build got from its source; `nil` when its manifest does not say.
  let filmCounts: FilmCounts?

  init(files: Int, pageCounts: SitePageCounts?, filmCounts: FilmCounts?) {
    self.files = files
    self.pageCounts = pageCounts
    self.filmCounts = filmCounts
  }

  /// The site in `folder` when it was built from `fingerprint` and every
  /// file is as written; `nil` otherwise: for a manifest of another build,
  /// a changed or missing file, a line FilmSite would not have written, a
  /// two-rename publish a stopped build left half done, or a folder that is not
  /// FilmSite's (``OutputFolder/checkOwnership()`` says why).
  ///
  /// Only the manifest's header is parsed before the files are checked,
  /// each line as it is read and on every core, so that a rebuild that
  /// changes nothing keeps no entry of its files.
  /// - Throws: ``WriterError/refused(directory:reason:)`` for a folder FilmSite never writes.
  init?(in folder: OutputFolder, builtFrom fingerprint: ContentHash) throws {
    try folder.refuseDangerousFolder()
    // A site moved aside by a stopped two-rename publish is put back first.
    if FileSystem.exists(folder.previousPath) { return nil }
    // A large site's manifest (30 MB at 100,000 films) is read whole only when its header matches.
    guard Self.manifest(in: folder, names: fingerprint),
      let bytes = try? FileSystem.contents(of: folder.manifestPath),
      let header = bytes.withUnsafeBytes({ OutputManifest.header(of: $0) }),
      header.fingerprint == fingerprint
    else { return nil }
    // Each path is looked up from the folder, not from the file system's root.
    let count = try? FileSystem.withOpenFolder(folder.path) { root in
      OutputManifest.countOfFilesAsWritten(in: bytes, header: header) { path, entry in
        guard let found = try? root.status(of: path) else { return false }
        return entry.describes(found)
      }
    }
    guard let count, count > 0 else { return nil }
    self.init(files: count, pageCounts: header.pageCounts, filmCounts: header.filmCounts)
  }

  /// Whether the manifest in `folder` says its site was built from
  /// `fingerprint`, read from its header alone (the fingerprint is on the
  /// file's second line): the first thing ``init(in:builtFrom:)`` checks.
  static func manifest(in folder: OutputFolder, names fingerprint: ContentHash) -> Bool {
    guard let start = try? FileSystem.contents(of: folder.manifestPath, limit: 4096) else {
      return false
    }
    return start.withUnsafeBytes({ OutputManifest.header(of: $0) })?.fingerprint == fingerprint
  }
}
