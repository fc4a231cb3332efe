import FilmSiteSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Publishes a site into an output folder that FilmSite owns, all at once.
///
/// The new site is built in a staging folder beside the output folder and
/// then swapped in with one atomic exchange, so the output folder always
/// holds a complete site: the previous one or the new one. Pages whose bytes
/// did not change are hard-linked from the previous site, so they keep their
/// inode and modification time. Files FilmSite did not write (a `CNAME`, a
/// `.git` folder) are hard-linked across too: they are never copied, changed
/// or deleted. What FilmSite wrote is recorded in ``OutputManifest``.
///
/// A build stopped at any instant leaves the output folder complete and at
/// most a staging folder, which the next build removes.
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
    target = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// The output folder with symbolic links resolved, so that a swap replaces
  /// the real folder rather than a link to it. Resolved once: every file's
  /// path starts with it.
  let target: String

  /// The folder the next site is built in, beside the output folder.
  var stagingDirectory: String { sibling("staging") }
  /// Where the previous site waits during a two-rename swap.
  var previousDirectory: String { sibling("previous") }

  private func sibling(_ role: String) -> String {
    let url = URL(fileURLWithPath: target)
    return url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).filmsite-\(role)").path
  }

  /// Publishes `files` as the new site: ``begin()``, ``add(_:to:)`` and
  /// ``publish(_:fingerprint:pageCounts:filmCounts:)`` in one call.
  /// - Parameter fingerprint: What the site was built from (``BuildFingerprint``),
  ///   kept in the manifest for ``upToDateSite(builtFrom:)``.
  /// - Throws: ``WriterError`` when the folder is not FilmSite's or a file cannot be
  ///   written; the output folder is then left as it was.
  @discardableResult
  public func write(_ files: [OutputFile], fingerprint: ContentHash? = nil) throws -> Summary {
    var publication = try begin()
    do {
      try add(files, to: &publication)
      return try publish(publication, fingerprint: fingerprint, pageCounts: nil)
    } catch {
      abandon(publication)
      throw error
    }
  }

  /// Starts staging a new site beside the output folder.
  /// - Throws: ``WriterError`` when the folder is not FilmSite's or cannot be staged beside.
  /// - Throws: ``WriterError/refused(directory:reason:)`` too while another
  ///   build is writing the same folder.
  public func begin() throws -> Publication {
    try refuseDangerousDirectory()
    let staging = stagingDirectory
    let parent = (staging as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    } catch {
      throw WriterError.io(
        path: parent, operation: "create the folder", message: Self.message(error))
    }
    // Taken before anything beside the folder is touched: the staging folder
    // another build is filling must not look like one left by a stopped build.
    let lock = try DirectoryLock.acquire(sibling("lock"), for: directory)
    do {
      try recoverInterruptedPublish()
      let previous = try previousManifest()
      try makeDirectory(staging)
      return Publication(staging: staging, previous: previous, lock: lock)
    } catch {
      lock.release()
      throw error
    }
  }

  /// Stages `files`: each one the current site has with the same bytes is
  /// hard-linked from it, the others are written; on every core, each file's
  /// task making its folder first.
  public func add(_ files: [OutputFile], to publication: inout Publication) throws {
    // Only what the workers read is captured: a copy of the whole publication
    // would make the updates below copy every entry staged so far, for every batch.
    let (staging, previous, owned) = (
      publication.staging, publication.previousEntries, publication.owned
    )
    let results = files.parallelMap { file in
      Result { () throws -> (entry: OutputManifest.Entry, written: Bool) in
        // A path with a tab or line break would be misread from the manifest; one with
        // `..` or a leading `/` would leave the folder.
        guard OutputManifest.isSafeRelativePath(file.path) else {
          throw WriterError.io(
            path: Escaping.terminal(file.path), operation: "write the page",
            message: "a site path must stay inside the folder and hold no tab or line break")
        }
        try makeFolder(Self.parent(of: file.path), in: staging)
        let destination = staging + "/" + file.path
        if let entry = currentEntry(for: file, previous: previous, owned: owned),
          link(target + "/" + file.path, destination) == 0
        {
          return (entry, false)
        }
        return (try writeFile(file.bytes, to: destination, hash: file.hash), true)
      }
    }
    for (file, result) in zip(files, results) {
      let (entry, written) = try result.get()
      publication.staged.append((file.path, entry))
      if written { publication.summary.written += 1 } else { publication.summary.unchanged += 1 }
    }
  }

  /// Puts the staged site in place of the current one, in one atomic step,
  /// with the files FilmSite did not write carried across. When nothing
  /// changed, the current site stays as it is (its manifest is updated if it
  /// lacks what the next build needs) and the staged copy is thrown away.
  /// - Parameters:
  ///   - pageCounts: Kept in the manifest with `fingerprint`, for
  ///     ``upToDateSite(builtFrom:)``.
  ///   - filmCounts: Kept there too, for a catalog's up-to-date build.
  /// - Throws: ``WriterError/samePathTwice(directory:path:)`` when two staged
  ///   files have the same path; ``WriterError`` when the site cannot be put
  ///   in place. The output folder is then left as it was.
  public func publish(
    _ publication: Publication, fingerprint: ContentHash? = nil,
    pageCounts: SitePageCounts? = nil, filmCounts: FilmCounts? = nil
  ) throws -> Summary {
    var summary = publication.summary
    let previous = publication.previous
    let files = OutputManifest.sorted(publication.staged)
    for (file, next) in zip(files, files.dropFirst()) where file.path == next.path {
      throw WriterError.samePathTwice(directory: directory, path: file.path)
    }
    let manifest = OutputManifest(
      sortedPaths: files.map(\.path), entries: files.map(\.entry), fingerprint: fingerprint,
      pageCounts: pageCounts, filmCounts: filmCounts)
    summary.removed = Self.paths(previous.paths, missingFrom: manifest.paths).count { path in
      FileManager.default.fileExists(atPath: target + "/" + path)
    }
    if summary.written == 0, summary.removed == 0, manifest.paths == previous.paths {
      removeTree(publication.staging)
      if manifest != previous { try replaceManifest(with: manifest) }
      publication.lock.release()
      return summary
    }
    try carryForeignEntries(
      previous: previous, owned: publication.owned, into: publication.staging)
    _ = try writeFile(manifest.bytes, to: publication.staging + "/" + OutputManifest.fileName)
    try swapIn(publication.staging)
    publication.lock.release()
    return summary
  }

  /// The paths of `sorted` that `others`, also sorted, lacks.
  static func paths(_ sorted: [String], missingFrom others: [String]) -> [String] {
    var missing: [String] = []
    var other = others.startIndex
    for path in sorted {
      while other < others.endIndex, others[other] < path { other += 1 }
      if other == others.endIndex || others[other] != path { missing.append(path) }
    }
    return missing
  }

  /// Throws the staged site away; the output folder is left as it was.
  public func abandon(_ publication: Publication) {
    removeTree(publication.staging)
    publication.lock.release()
  }

  /// What the output folder holds when its manifest says it was built from
  /// `fingerprint` and every file it lists is still there as FilmSite wrote
  /// it (same size and modification time); `nil` otherwise, also for a
  /// folder that is not FilmSite's (``checkOwnership()`` says why). A build
  /// whose inputs have this fingerprint has nothing to do.
  public func upToDateSite(builtFrom fingerprint: ContentHash) throws
    -> (files: Int, pageCounts: SitePageCounts?, filmCounts: FilmCounts?)?
  {
    try refuseDangerousDirectory()
    let manager = FileManager.default
    if manager.fileExists(atPath: stagingDirectory) || manager.fileExists(atPath: previousDirectory)
    {
      return nil
    }
    // Only the header is parsed before the files are checked, each line on
    // its way: a rebuild that changes nothing needs no dictionary of them.
    guard let data = manager.contents(atPath: target + "/" + OutputManifest.fileName),
      let header = data.withUnsafeBytes({ OutputManifest.header(of: $0) }),
      header.fingerprint == fingerprint
    else { return nil }
    // Each path is looked up from the folder, not from the file system's root.
    let root = open(target, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard root >= 0 else { return nil }
    defer { close(root) }
    guard
      let files = OutputManifest.countOfFilesAsWritten(
        in: data, header: header, { path, entry in Self.isAsWritten(path, entry, in: root) }),
      files > 0
    else { return nil }
    return (files, header.pageCounts, header.filmCounts)
  }

  /// The manifest entry of `file` when the current site already has it with
  /// the same bytes; `nil` when it must be written.
  private func currentEntry(
    for file: OutputFile, previous: [String: OutputManifest.Entry], owned: Set<String>
  ) -> OutputManifest.Entry? {
    // Every path with an entry is the previous build's own.
    if let entry = previous[file.path] {
      // That build wrote these bytes, and the file is as it left it.
      let same =
        entry.hash == file.hash && entry.size == file.bytes.count
        && isAsWritten(file.path, entry)
      return same ? entry : nil
    }
    // A version 1 manifest knows no hashes: compare the bytes.
    guard owned.contains(file.path), let found = Self.status(of: target + "/" + file.path) else {
      return nil
    }
    guard
      FileManager.default.contents(atPath: target + "/" + file.path)?.elementsEqual(file.bytes)
        == true
    else { return nil }
    return OutputManifest.Entry(hash: file.hash, size: found.size, modified: found.modified)
  }

  /// Whether the file at `path` is still as the manifest's `entry` says FilmSite
  /// wrote it: a regular file of the same size and modification time.
  private func isAsWritten(_ path: String, _ entry: OutputManifest.Entry) -> Bool {
    Self.isAsWritten(target + "/" + path, entry)
  }

  /// ``isAsWritten(_:_:)`` for `path` from the open folder `directory`
  /// (`AT_FDCWD`: from the working folder).
  private static func isAsWritten(
    _ path: UnsafePointer<CChar>, _ entry: OutputManifest.Entry, in directory: Int32 = AT_FDCWD
  ) -> Bool {
    guard let found = status(of: path, in: directory) else { return false }
    return found.size == entry.size && found.modified == entry.modified
  }

  /// Size and modification time of a regular file at `path`, looked up from
  /// the open folder `directory` (`AT_FDCWD`: from the working folder), links
  /// not followed; `nil` for anything else.
  private static func status(of path: UnsafePointer<CChar>, in directory: Int32 = AT_FDCWD)
    -> (size: Int, modified: OutputManifest.Timestamp)?
  {
    var info = stat()
    guard fstatat(directory, path, &info, AT_SYMLINK_NOFOLLOW) == 0,
      info.st_mode & S_IFMT == S_IFREG
    else { return nil }
    return (
      Int(info.st_size), .init(seconds: Int(info.st_mtim.tv_sec), nanoseconds: info.st_mtim.tv_nsec)
    )
  }

  /// Puts a new manifest in place of the current one with one rename, for a
  /// build that changed no file but learned more about them.
  private func replaceManifest(with manifest: OutputManifest) throws {
    let temporary = sibling("manifest")
    _ = unlink(temporary)
    _ = try writeFile(manifest.bytes, to: temporary)
    guard rename(temporary, target + "/" + OutputManifest.fileName) == 0 else {
      let code = errno
      _ = unlink(temporary)
      throw WriterError.io(
        path: target + "/" + OutputManifest.fileName, operation: "replace the manifest",
        message: String(cString: strerror(code)))
    }
  }

  /// Hard-links every file FilmSite did not write into `staging`, at the same place.
  /// - Parameter owned: The previous manifest's paths, as a set.
  private func carryForeignEntries(
    previous: OutputManifest, owned: Set<String>, into staging: String
  ) throws {
    guard FileManager.default.fileExists(atPath: target) else { return }
    // Folders that hold FilmSite's files; any other folder is the user's and is kept even empty.
    var ownedDirectories: Set<String> = []
    for path in previous.paths {
      var parent = Self.parent(of: path)
      while !parent.isEmpty, ownedDirectories.insert(parent).inserted {
        parent = Self.parent(of: parent)
      }
    }
    var created: Set<String> = [""]

    /// Carries one entry that is not FilmSite's, and everything inside it.
    func carryEntry(_ path: String) throws {
      let from = target + "/" + path
      let to = staging + "/" + path
      var info = stat()
      guard lstat(from, &info) == 0 else {
        // Gone since the folder was listed: nothing to carry. Anything else must not
        // make the file silently drop out of the new site.
        if errno == ENOENT { return }
        throw WriterError.io(
          path: from, operation: "carry the file to the new site",
          message: String(cString: strerror(errno)))
      }
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        // A folder of FilmSite's own is listed on its own below.
        guard !ownedDirectories.contains(path) else { return }
        try makeParents(of: path, in: staging, created: &created)
        guard mkdir(to, info.st_mode & 0o7777) == 0 || errno == EEXIST else {
          throw conflict(path)
        }
        created.insert(path)
        for (name, _) in try Self.entries(of: from) { try carryEntry(path + "/" + name) }
      case S_IFREG:
        try makeParents(of: path, in: staging, created: &created)
        guard link(from, to) == 0 else { throw conflict(path) }
      case S_IFLNK:
        try makeParents(of: path, in: staging, created: &created)
        let destination = try FileManager.default.destinationOfSymbolicLink(atPath: from)
        guard symlink(destination, to) == 0 else { throw conflict(path) }
      default:
        throw WriterError.io(
          path: from, operation: "carry the file to the new site",
          message: "only regular files, folders and symbolic links can be kept")
      }
    }

    // FilmSite's folders are listed on every core (a 100,000-film site has as
    // many), then walked in order; anything in them that is not FilmSite's is carried.
    let folders = [""] + ownedDirectories.sorted()
    let listings = folders.parallelMap { folder in
      Result { try Self.entries(of: folder.isEmpty ? target : target + "/" + folder, orNone: true) }
    }
    for (folder, listing) in zip(folders, listings) {
      for (name, isDirectory) in try listing.get() {
        let path = folder.isEmpty ? name : folder + "/" + name
        if path == OutputManifest.fileName || owned.contains(path) { continue }
        if isDirectory, ownedDirectories.contains(path) { continue }
        try carryEntry(path)
      }
    }
  }

  /// The names in the folder at `path`, sorted, and whether each is a folder
  /// (from the directory entry itself, without a `stat`; `false` when unknown).
  /// A link is never followed.
  /// - Parameter orNone: Give no entries, rather than fail, when `path` is
  ///   missing or not a folder (someone removed or replaced it).
  private static func entries(of path: String, orNone: Bool = false) throws
    -> [(name: String, isDirectory: Bool)]
  {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0, let stream = fdopendir(descriptor) else {
      let code = errno
      if descriptor >= 0 { close(descriptor) }
      if orNone, code == ENOENT || code == ENOTDIR || code == ELOOP { return [] }
      throw WriterError.io(
        path: path, operation: "list the folder", message: String(cString: strerror(code)))
    }
    defer { closedir(stream) }
    var entries: [(name: String, isDirectory: Bool)] = []
    while let entry = readdir(stream) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) {
          String(validatingCString: $0)
        }
      }
      // A name that is not UTF-8 cannot be named again through a String: refuse it
      // rather than lose the file.
      guard let name else {
        throw WriterError.io(
          path: path, operation: "list the folder",
          message: "it holds a file whose name is not UTF-8; rename it")
      }
      if name == "." || name == ".." { continue }
      entries.append((name, entry.pointee.d_type == UInt8(DT_DIR)))
    }
    return entries.sorted { $0.name < $1.name }
  }

  private func conflict(_ path: String) -> WriterError {
    let code = errno
    if code == EEXIST || code == ENOTDIR {
      return .conflict(directory: directory, path: path)
    }
    return .io(
      path: target + "/" + path, operation: "link into the new site",
      message: String(cString: strerror(code)))
  }

  /// Puts the staged site in place of the current one.
  private func swapIn(_ staging: String) throws {
    guard FileManager.default.fileExists(atPath: target) else {
      guard rename(staging, target) == 0 else {
        throw WriterError.io(
          path: target, operation: "publish the site", message: String(cString: strerror(errno)))
      }
      return
    }
    switch DirectorySwap.exchange(staging, target) {
    case .exchanged:
      // The staging folder now holds the previous site.
      removeTree(staging)
    case .unsupported:
      // Two renames; between them the site waits at previousDirectory, where
      // recoverInterruptedPublish() finds it if the build is stopped.
      guard rename(target, previousDirectory) == 0 else {
        throw WriterError.io(
          path: target, operation: "move the previous site aside",
          message: String(cString: strerror(errno)))
      }
      guard rename(staging, target) == 0 else {
        let code = errno
        _ = rename(previousDirectory, target)
        throw WriterError.io(
          path: target, operation: "publish the site", message: String(cString: strerror(code)))
      }
      removeTree(previousDirectory)
    case .failed(let code):
      throw WriterError.io(
        path: target, operation: "publish the site", message: String(cString: strerror(code)))
    }
  }

  /// Finishes what a stopped build left: puts back a site moved aside and
  /// removes a staging folder (new files and links to the current site only).
  func recoverInterruptedPublish() throws {
    let manager = FileManager.default
    if manager.fileExists(atPath: previousDirectory) {
      if !manager.fileExists(atPath: target) {
        guard rename(previousDirectory, target) == 0 else {
          throw WriterError.io(
            path: previousDirectory, operation: "restore the previous site",
            message: String(cString: strerror(errno)))
        }
      } else {
        removeTree(previousDirectory)
      }
    }
    if manager.fileExists(atPath: stagingDirectory) { removeTree(stagingDirectory) }
    _ = unlink(sibling("manifest"))
  }

  /// Refuses `/`, the home folder and any folder with a `Package.swift` at its top.
  func refuseDangerousDirectory() throws {
    let resolved = target
    let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL
      .resolvingSymlinksInPath().path
    if resolved == "/" {
      throw WriterError.refused(directory: directory, reason: "it is the root folder")
    }
    if resolved == home {
      throw WriterError.refused(directory: directory, reason: "it is your home folder")
    }
    if FileManager.default.fileExists(atPath: resolved + "/Package.swift") {
      throw WriterError.refused(
        directory: directory, reason: "it holds a Package.swift, so it is a project, not a site")
    }
  }

  /// The manifest of the last build, an empty one for a new or empty folder.
  /// - Throws: ``WriterError/notOwned(directory:example:)`` for a foreign folder unless forced.
  /// Fails fast when the output folder is not FilmSite's, reading only the
  /// start of its manifest (a build checks this before pulling its films).
  /// - Throws: ``WriterError``, as ``previousManifest()`` would.
  public func checkOwnership() throws {
    try refuseDangerousDirectory()
    let manifestPath = target + "/" + OutputManifest.fileName
    if let handle = FileHandle(forReadingAtPath: manifestPath) {
      defer { try? handle.close() }
      let prefix = (try? handle.read(upToCount: 256)) ?? Data()
      guard OutputManifest.startsAManifest(prefix) else {
        throw WriterError.io(
          path: manifestPath, operation: "read the manifest",
          message: "it is not a FilmSite manifest")
      }
      return
    }
    _ = try previousManifest()
  }

  func previousManifest() throws -> OutputManifest {
    let manifestPath = target + "/" + OutputManifest.fileName
    if let data = FileManager.default.contents(atPath: manifestPath) {
      guard let manifest = OutputManifest(bytes: data) else {
        throw WriterError.io(
          path: manifestPath, operation: "read the manifest",
          message: "it is not a FilmSite manifest")
      }
      return manifest
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) else {
      return OutputManifest(paths: [])
    }
    guard isDirectory.boolValue else {
      throw WriterError.refused(directory: directory, reason: "it is a file, not a folder")
    }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []
    if !force, let foreign = entries.sorted().first(where: { !Self.placeholders.contains($0) }) {
      throw WriterError.notOwned(directory: directory, example: foreign)
    }
    return OutputManifest(paths: [])
  }

  /// Makes `folder` (relative to `root`) and the folders above it that are
  /// missing. Each file's task makes its own folder just before writing it,
  /// so the cores take turns in a shared parent such as `films/` instead of
  /// both waiting on its lock to create many folders at once (on ext4 that
  /// waiting was an eighth of a build's CPU), and no list of the folders made
  /// so far is kept on one core. A folder another task made first is fine;
  /// a file in the folder's place is not.
  private func makeFolder(_ folder: String, in root: String) throws {
    guard !folder.isEmpty else { return }
    let path = root + "/" + folder
    var made = mkdir(path, 0o755) == 0
    if !made, errno == ENOENT {
      try makeFolder(Self.parent(of: folder), in: root)
      made = mkdir(path, 0o755) == 0
    }
    guard !made else { return }
    let code = errno
    var info = stat()
    if code == EEXIST, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return }
    throw WriterError.io(
      path: path, operation: "create the folder", message: String(cString: strerror(code)))
  }

  /// The folder of `path`, a safe relative path (no empty, `.` or `..`
  /// component): what `NSString`'s `deletingLastPathComponent` gives, without
  /// bridging each of a site's paths to `NSString`.
  static func parent(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    return String(path[..<slash])
  }

  private func makeParents(of path: String, in root: String, created: inout Set<String>) throws {
    let parent = Self.parent(of: path)
    guard !created.contains(parent) else { return }
    try makeParents(of: parent, in: root, created: &created)
    try makeDirectory(root + "/" + parent)
    created.insert(parent)
  }

  private func makeDirectory(_ path: String) throws {
    if mkdir(path, 0o755) == 0 { return }
    let code = errno
    var info = stat()
    if code == EEXIST, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return }
    throw WriterError.io(
      path: path, operation: "create the folder", message: String(cString: strerror(code)))
  }

  /// Creates `path` with `contents` and returns its manifest entry.
  /// - Parameter hash: The hash of `contents`, when the caller has it already.
  private func writeFile(_ contents: [UInt8], to path: String, hash: ContentHash? = nil) throws
    -> OutputManifest.Entry
  {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw WriterError.io(
        path: path, operation: "create the file", message: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    let failure: Int32? = contents.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let count = Glibc.write(
          descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += count
      }
      return nil
    }
    if let failure {
      throw WriterError.io(
        path: path, operation: "write", message: String(cString: strerror(failure)))
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw WriterError.io(
        path: path, operation: "read the status of", message: String(cString: strerror(errno)))
    }
    return OutputManifest.Entry(
      hash: hash ?? contents.withUnsafeBytes { ContentHash($0) }, size: Int(info.st_size),
      modified: .init(seconds: Int(info.st_mtim.tv_sec), nanoseconds: info.st_mtim.tv_nsec))
  }

  /// Removes a folder FilmSite made (a staging folder or a replaced site),
  /// with one `unlink` per file and no `stat` where the folder entry tells
  /// the file's type.
  private func removeTree(_ path: String) {
    // A link is removed, never followed.
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      _ = unlink(path)
      return
    }
    Self.removeFolder(path)
  }

  /// Removes the folder at `path`, known to be a folder, and everything in
  /// it; a large folder's entries on every core.
  private static func removeFolder(_ path: String) {
    let entries = (try? entries(of: path)) ?? []
    let remove: @Sendable ((name: String, isDirectory: Bool)) -> Void = { entry in
      let child = path + "/" + entry.name
      if entry.isDirectory || (unlink(child) != 0 && errno == EISDIR) { removeFolder(child) }
    }
    if entries.count > 256 {
      _ = entries.parallelMap(remove)
    } else {
      entries.forEach(remove)
    }
    _ = rmdir(path)
  }

  private static func message(_ error: any Error) -> String {
    (error as NSError).localizedDescription
  }
}
