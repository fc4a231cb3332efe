import FilmSiteSupport

/// The manifests of the output folder and of its spare, read before a
/// build takes the output folder's lock, so that reading them can overlap
/// the build's own reading of its input. A build whose output's manifest
/// names its fingerprint (a site that may be up to date), or that fails,
/// raises the read's ``StopSignal``: it needs neither manifest.
///
/// ``SiteWriter/begin(readAhead:reusingInOrder:)`` uses them only when neither file has
/// changed since: each file's status is taken before it is read, and again
/// once the lock is held. FilmSite replaces a manifest by writing a new
/// file, never by changing one in place, so a manifest written or removed
/// in between (by another build, or by the recovery of a stopped one) has
/// another status, and is read again.
struct ManifestsReadAhead: Sendable {
  /// The output folder's manifest, and its file's status then.
  let current: OutputManifest
  let currentStatus: FileStatus
  /// The spare's manifest (``StagingTree/manifest(at:)``), and its file's status then.
  let spare: OutputManifest?
  let spareStatus: FileStatus?

  /// Reads both manifests of `folder`; `nil` when the output folder has no
  /// manifest file (a new folder, whose check ``SiteWriter/begin(readAhead:reusingInOrder:)``
  /// makes with the lock held), or one a build could not read, which it then
  /// reports; `nil` too when `stop` is raised before both are read.
  init?(of folder: OutputFolder, unless stop: StopSignal? = nil) {
    let spareManifestPath = folder.stagingPath + "/" + OutputManifest.fileName
    let (current, spare) = inParallel(
      { () -> (OutputManifest, FileStatus)? in
        guard stop?.isRaised != true,
          let status = try? FileSystem.status(of: folder.manifestPath),
          status.kind == .file,
          let bytes = try? FileSystem.contents(of: folder.manifestPath),
          let manifest = OutputManifest(bytes: bytes, unless: stop)
        else { return nil }
        return (manifest, status)
      },
      { () -> (OutputManifest?, FileStatus?) in
        let status = try? FileSystem.status(of: spareManifestPath)
        return (StagingTree.manifest(at: folder.stagingPath, unless: stop), status)
      })
    guard let current, stop?.isRaised != true else { return nil }
    (self.current, currentStatus) = current
    (self.spare, spareStatus) = spare
  }

  /// Whether both files of `folder` are as they were when they were read.
  func isCurrent(in folder: OutputFolder) -> Bool {
    let spareManifestPath = folder.stagingPath + "/" + OutputManifest.fileName
    return (try? FileSystem.status(of: folder.manifestPath)) == currentStatus
      && (try? FileSystem.status(of: spareManifestPath)) == spareStatus
  }
}
