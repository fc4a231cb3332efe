import FilmSiteSupport

/// Publishes a site into an output folder that FilmSite owns, all at once.
///
/// The new site is made in a staging folder beside the output folder
/// (``StagingTree``) and then swapped in with one atomic exchange, so the
/// output folder always holds a complete site: the previous one or the new
/// one. The site it replaces stays beside it, as the spare that the next
/// build makes its site in by differences: so a build that changes a few
/// pages writes a few files, not a tree of the whole site. Pages whose
/// bytes did not change keep their inode and modification time. Files
/// FilmSite did not write are carried across as they are (``UserFiles``).
/// What FilmSite wrote is recorded in ``OutputManifest``; which folders it
/// writes at all, ``OutputFolder`` decides.
///
/// A build stopped at any instant leaves the output folder complete, and a
/// staging folder that the next build either updates (when its manifest
/// says what it holds) or removes.
public struct SiteWriter: Sendable {
  /// What a write did, for the build summary.
  public struct Summary: Equatable, Sendable {
    public var written = 0
    var unchanged = 0
    public var removed = 0
  }

  let folder: OutputFolder

  /// - Parameter force: Adopt a folder that holds files but no manifest.
  init(directory: String, force: Bool = false) {
    folder = OutputFolder(directory: directory, force: force)
  }

  /// Publishes `files` as the new site: ``begin()``, ``add(_:to:)`` and
  /// ``publish(_:fingerprint:pageCounts:filmCounts:folders:state:)`` in one call.
  /// - Parameter fingerprint: What the site was built from (``BuildFingerprint``),
  ///   kept in the manifest for ``upToDateSite(builtFrom:)``.
  /// - Throws: ``WriterError`` when the folder is not FilmSite's or a file cannot be
  ///   written; the output folder is then left as it was.
  @discardableResult
  func write(_ files: [OutputFile], fingerprint: ContentHash? = nil) throws -> Summary {
    var publication = try begin()
    do {
      try add(files, to: &publication)
      return try publish(publication, fingerprint: fingerprint)
    } catch {
      abandon(publication)
      throw error
    }
  }

  /// Starts staging a new site beside the output folder, once the folder is
  /// known to be FilmSite's and what a stopped build left is cleared away:
  /// in the spare the last build left, or in a new folder.
  /// - Parameters:
  ///   - readAhead: The two manifests, read by ``readManifestsAhead(unless:)``
  ///     while the build read its input; used when neither file changed since.
  ///   - reusingInOrder: The build stages the current site's files as its
  ///     manifest lists them and renders few pages, so it asks about each file
  ///     once: the two manifests' files are found by a binary search, and no
  ///     table of their paths is made (``ManifestLookup``).
  /// - Throws: ``WriterError`` when the folder is not FilmSite's or cannot be
  ///   staged beside; ``WriterError/refused(directory:reason:)`` too while
  ///   another build is writing the same folder.
  func begin(readAhead: ManifestsReadAhead? = nil, reusingInOrder: Bool = false) throws
    -> Publication
  {
    try folder.refuseDangerousFolder()
    // Taken before anything beside the folder is touched: the staging folder
    // another build is filling must not look like one left by a stopped build.
    let lock = try folder.lock()
    do {
      try folder.recoverInterruptedPublish()
      // A large site's two manifests are read at once, and then the current
      // site's index is made while the spare is made ready.
      let (manifest, spareManifest): (OutputManifest, OutputManifest?)
      if let readAhead, readAhead.isCurrent(in: folder) {
        (manifest, spareManifest) = (readAhead.current, readAhead.spare)
      } else {
        let (read, spare) = inParallel(
          { Result { try folder.previousManifest() } },
          { StagingTree.manifest(at: folder.stagingPath) })
        (manifest, spareManifest) = (try read.get(), spare)
      }
      let (current, staging) = inParallel(
        { CurrentSite(folder: folder, manifest: manifest, tabled: !reusingInOrder) },
        {
          Result {
            try StagingTree.spare(
              at: folder.stagingPath, manifest: spareManifest, current: manifest,
              tabled: !reusingInOrder)
              ?? StagingTree.make(at: folder.stagingPath)
          }
        })
      var publication = Publication(current: current, staging: try staging.get(), lock: lock)
      // A rebuild stages about as many files as the current site has: the list
      // is made once at that size, not grown by doubling (each time a copy of
      // it all). Room is kept for some more, so that a site grown by a few
      // files is not copied into a list of twice the size; room not filled is
      // never touched.
      publication.staged.reserveCapacity(manifest.paths.count + manifest.paths.count / 8)
      return publication
    } catch {
      lock.release()
      throw error
    }
  }

  /// The output folder's manifest and its spare's, read without the lock,
  /// for ``begin(readAhead:reusingInOrder:)``; `nil` when there is no
  /// manifest to read, and when `stop` is raised before both are read.
  func readManifestsAhead(unless stop: StopSignal? = nil) -> ManifestsReadAhead? {
    ManifestsReadAhead(of: folder, unless: stop)
  }

  /// How the renderer asks whether `publication`'s current site already has
  /// a page made from the same inputs (``CurrentSite/reusableEntry(path:key:)``).
  func reuse(for publication: Publication) -> PageReuse {
    let current = publication.current
    return PageReuse(
      entry: { path, key in current.reusableEntry(path: path, key: key) },
      group: { head, key, isMember in
        current.reusableGroup(head: head, key: key, isMember: isMember)
      },
      current: { path in current.entries[path] },
      bytes: { path, entry in current.bytesAsWritten(path: path, entry: entry) })
  }

  /// Stages rendered `files`, as ``add(_:to:)-([SiteFile],_)`` does.
  func add(_ files: [OutputFile], to publication: inout Publication) throws {
    try add(files.map(SiteFile.rendered), to: &publication)
  }

  /// Stages `files` on every core: each one the tree already has is kept,
  /// each one the current site has with the same bytes is hard-linked from
  /// it, the others are written.
  func add(_ files: [SiteFile], to publication: inout Publication) throws {
    // Only what the workers read is captured: a copy of the whole publication
    // would make the updates below copy every entry staged so far, for every batch.
    let (staging, current) = (publication.staging, publication.current)
    let first = publication.staged.count
    let results = Array(files.indices).parallelMap { index in
      Result { try staging.stage(files[index], from: current, near: first + index) }
    }
    for (file, result) in zip(files, results) {
      let staged = try result.get()
      publication.staged.append((file.path, staged))
      if staged.unchanged == nil {
        publication.summary.written += 1
      } else {
        publication.summary.unchanged += 1
      }
    }
  }

  /// Puts the staged site in place of the current one, in one atomic step,
  /// with the files FilmSite did not write carried across. When nothing
  /// changed, the current site stays as it is (its manifest is updated if it
  /// lacks what the next build needs) and the staged tree is kept as the spare.
  /// - Parameters:
  ///   - fingerprint: What the site was built from, for ``upToDateSite(builtFrom:)``.
  ///   - pageCounts: Kept in the manifest with `fingerprint`, for the summary
  ///     of an up-to-date build.
  ///   - filmCounts: Kept there too, for a catalog's up-to-date build.
  ///   - folders: The status of the current site's folders, when the build
  ///     looked at them with its files; `nil` to look at them now.
  ///   - state: The state to leave beside the site for the next build
  ///     (``SiteState``), or `nil` for none. Asked for once the site is in
  ///     place, so that it can be made while the site is published.
  /// - Throws: ``WriterError/samePathTwice(directory:path:)`` when two staged
  ///   files have the same path; ``WriterError`` when the site cannot be put
  ///   in place. The output folder is then left as it was.
  func publish(
    _ publication: Publication, fingerprint: ContentHash? = nil,
    pageCounts: SitePageCounts? = nil, filmCounts: FilmCounts? = nil,
    folders: UserFiles.FolderLook? = nil, state: @autoclosure () -> [UInt8]? = nil
  ) throws -> Summary {
    let (current, staging) = (publication.current, publication.staging)
    var manifest = try publication.manifest(
      fingerprint: fingerprint, pageCounts: pageCounts, filmCounts: filmCounts)
    var summary = publication.summary
    // Each walks two lists of 300,000 paths at 100,000 films, on a core of its own.
    let next = manifest
    (summary.removed, _) = inParallel(
      { current.countOfFilesRemoved(by: next) }, { staging.removeFiles(notIn: next) })
    let userFiles = try UserFiles.find(in: current, looked: folders)
    // The next build looks at the staged tree, once it is swapped in. Up to
    // now only this build changed its folders, and only with files of its
    // own: a folder changed after now needs a look. So does every folder the
    // user's files are carried into, which the next look then finds as they
    // stand in this tree (a film's folder the site no longer has is theirs).
    let staged = FolderClock.stampAfterEveryChange(in: staging.path) ?? userFiles.scanned
    try userFiles.carry(from: current, into: staging)
    manifest = manifest.keeping(userFiles.roots, scanned: staged)
    try staging.write(manifest)
    if summary.written == 0, summary.removed == 0, manifest.paths == current.manifest.paths {
      // The staged tree is the same site: it stays as the spare, and the
      // current tree's folders were looked at when this build looked.
      let same = try publication.manifest(
        fingerprint: fingerprint, pageCounts: pageCounts, filmCounts: filmCounts,
        ofCurrentSite: true
      ).keeping(userFiles.roots, scanned: userFiles.scanned)
      if same != current.manifest { try folder.replaceManifest(with: same) }
    } else {
      try folder.swapIn(staging.path)
    }
    replaceState(with: state())
    publication.lock.release()
    return summary
  }

  /// The state the last build left beside the folder for this one, when
  /// there is a whole one; whether it describes the site in the folder,
  /// its fingerprint tells.
  func state() -> SiteState? {
    (try? FileSystem.contents(of: folder.statePath)).flatMap(SiteState.init(bytes:))
  }

  /// Puts `state` beside the published site, or removes the last one when
  /// this build leaves none. It is written after the site is published and
  /// names that site's fingerprint: if it cannot be written, the next build
  /// finds a state of another site, or none, and plans the whole site.
  private func replaceState(with state: [UInt8]?) {
    guard let state else {
      try? FileSystem.remove(folder.statePath)
      return
    }
    Self.replace(folder.statePath, through: folder.newStatePath, with: state)
  }

  /// Puts `bytes` at `path` with one rename of `newPath`, where they are
  /// written first, so that no reader finds the file half written; when
  /// that fails, removes the last file at `path` too, so that no build
  /// takes a file that was to be replaced.
  private static func replace(_ path: String, through newPath: String, with bytes: [UInt8]) {
    try? FileSystem.remove(newPath)
    do {
      _ = try FileSystem.createFile(at: newPath, with: bytes)
      try FileSystem.rename(newPath, to: path)
    } catch {
      try? FileSystem.remove(newPath)
      try? FileSystem.remove(path)
    }
  }

  /// The file beside the folder that keeps the films' rows from one build
  /// that renders many lists to the next (``RowCache``). It is a cache: one
  /// that cannot be read, or is larger than ``rowsLimit``, is no cache, and
  /// one that cannot be written is left out (and the last one removed).
  func rowStore() -> RowCache.Store {
    let folder = self.folder
    return RowCache.Store(
      read: { site in
        // A file cut at the limit fails its seal.
        (try? FileSystem.contents(of: folder.rowsPath, limit: Self.rowsLimit)).flatMap {
          RowCache(bytes: $0, site: site)
        }
      },
      write: { bytes in Self.replace(folder.rowsPath, through: folder.newRowsPath, with: bytes) })
  }

  /// The most bytes of rows read (at about 570 bytes a film, nearly 2,000,000 films).
  static let rowsLimit = 1 << 30

  /// Throws the staged site away; the output folder is left as it was.
  /// (A spare is removed too: the next build starts a new tree.)
  func abandon(_ publication: Publication) {
    publication.staging.remove()
    publication.lock.release()
  }

  /// The site in the output folder when it is already what a build from
  /// `fingerprint` would write (``UpToDateSite``); `nil` when it must be built.
  func upToDateSite(builtFrom fingerprint: ContentHash) throws -> UpToDateSite? {
    guard let site = try UpToDateSite(in: folder, builtFrom: fingerprint) else { return nil }
    folder.removeStaleLock()
    return site
  }

  /// Whether the output folder's manifest says its site was built from
  /// `fingerprint`, from its header alone: a build may then find the site
  /// up to date (``upToDateSite(builtFrom:)`` checks the files too).
  func manifestNames(_ fingerprint: ContentHash) -> Bool {
    UpToDateSite.manifest(in: folder, names: fingerprint)
  }

  /// Fails fast when the output folder is not FilmSite's (a build checks this before its pull).
  /// - Throws: ``WriterError``, as ``begin()`` would.
  func checkOwnership() throws {
    try folder.checkOwnership()
  }
}
