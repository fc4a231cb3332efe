#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The file-system calls the writer and the checker make, each a thin,
/// typed wrapper of one or two system calls, so that the callers count
/// their `stat`s and `open`s exactly and no `FileManager` sits in a loop
/// over a site's files. Every failure is a ``FileSystemError`` that names
/// the path and the system's reason.
enum FileSystem {
  /// What `path` names; a symbolic link itself, unless `followingLink`.
  static func status(of path: String, followingLink: Bool = false) throws(FileSystemError)
    -> FileStatus
  {
    var info = stat()
    guard (followingLink ? stat(path, &info) : lstat(path, &info)) == 0 else {
      throw FileSystemError(path: path, operation: "read the status of", code: errno)
    }
    return FileStatus(info)
  }

  /// Whether anything is at `path`, following a symbolic link (a broken link is nothing).
  static func exists(_ path: String) -> Bool {
    (try? status(of: path, followingLink: true)) != nil
  }

  /// The bytes of the file at `path`, read with one `open` and as few
  /// `read`s as it takes: the buffer is the file's size and one byte more,
  /// so that a single `read` also finds the end.
  /// - Parameter limit: Read at most this many bytes (the start of a file).
  static func contents(of path: String, limit: Int = .max) throws(FileSystemError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw FileSystemError(path: path, operation: "read", code: errno)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw FileSystemError(path: path, operation: "read", code: errno)
    }
    return try contents(ofOpen: descriptor, size: Int(info.st_size), path: path, limit: limit)
  }

  /// The bytes of the file open as `descriptor`, whose status gave `size`,
  /// read as ``contents(of:limit:)`` reads them; `path` names it in errors.
  static func contents(ofOpen descriptor: Int32, size: Int, path: String, limit: Int = .max)
    throws(FileSystemError) -> [UInt8]
  {
    // Read into memory that is not zeroed first: at 100,000 films the state
    // and the manifests a rebuild reads are about 200 MB.
    let size = min(max(size, 0) + 1, limit)
    var failure: Int32?
    var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      initialized = 0
      guard let base = buffer.baseAddress else { return }
      while initialized < buffer.count {
        let result = read(descriptor, base + initialized, buffer.count - initialized)
        if result == 0 { break }
        if result < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        initialized += result
      }
    }
    if let failure { throw FileSystemError(path: path, operation: "read", code: failure) }
    // Only a file that grew since its size was read fills the buffer: the rest
    // is read into a buffer grown as it fills.
    guard bytes.count == size else { return bytes }
    var count = bytes.count
    while count < limit {
      if count == bytes.count {
        bytes += repeatElement(0, count: min(bytes.count, limit - count))
      }
      let result = bytes.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
      }
      if result == 0 { break }
      if result < 0 {
        let code = errno
        if code == EINTR { continue }
        throw FileSystemError(path: path, operation: "read", code: code)
      }
      count += result
    }
    bytes.removeSubrange(count...)
    return bytes
  }

  /// Creates the file `path`, which must not exist yet, holding `bytes`.
  /// - Returns: The new file's status, read from the open file: its size and
  ///   modification time are those of the bytes just written.
  static func createFile(at path: String, with bytes: [UInt8]) throws(FileSystemError)
    -> FileStatus
  {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw FileSystemError(path: path, operation: "create the file", code: errno)
    }
    defer { close(descriptor) }
    return try write(bytes, toOpen: descriptor, path: path)
  }

  /// Writes `bytes` from the start of the file open as `descriptor` (`path`
  /// names it in errors), in as many calls as it takes.
  /// - Returns: The file's status after the write, read from the open file.
  static func write(_ bytes: [UInt8], toOpen descriptor: Int32, path: String)
    throws(FileSystemError) -> FileStatus
  {
    let failure: Int32? = bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let count = pwrite(
          descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, off_t(offset))
        if count < 0 {
          let code = errno
          if code == EINTR { continue }
          return code
        }
        offset += count
      }
      return nil
    }
    if let failure { throw FileSystemError(path: path, operation: "write", code: failure) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw FileSystemError(path: path, operation: "read the status of", code: errno)
    }
    return FileStatus(info)
  }

  /// Makes the folder `path`. A folder already there is fine (another task
  /// may have made it first); a file or a link in its place is not.
  /// - Parameters:
  ///   - permissions: The new folder's mode, before the process's umask.
  ///   - makingParents: Make the missing folders above it too, with the same mode.
  static func makeFolder(
    at path: String, permissions: UInt32 = 0o755, makingParents: Bool = false
  ) throws(FileSystemError) {
    if mkdir(path, mode_t(permissions)) == 0 { return }
    var code = errno
    if code == ENOENT, makingParents, case let parent = Self.parent(of: path), !parent.isEmpty {
      try makeFolder(at: parent, permissions: permissions, makingParents: true)
      if mkdir(path, mode_t(permissions)) == 0 { return }
      code = errno
    }
    // A folder a link leads to counts: so it does for `mkdir -p`.
    if code == EEXIST, (try? status(of: path, followingLink: true))?.kind == .folder { return }
    throw FileSystemError(path: path, operation: "create the folder", code: code)
  }

  /// Gives the file at `existing` a second name, `new` (a hard link: the
  /// same inode, so the same bytes and modification time).
  static func link(_ existing: String, as new: String) throws(FileSystemError) {
    guard Glibc.link(existing, new) == 0 else {
      throw FileSystemError(path: new, operation: "link to \(existing)", code: errno)
    }
  }

  /// Makes a symbolic link at `path` that leads to `destination`, as written.
  static func makeSymbolicLink(at path: String, to destination: String) throws(FileSystemError) {
    guard symlink(destination, path) == 0 else {
      throw FileSystemError(path: path, operation: "create the symbolic link", code: errno)
    }
  }

  /// Where the symbolic link at `path` leads, as written in the link.
  static func destination(ofLink path: String) throws(FileSystemError) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else {
      throw FileSystemError(path: path, operation: "read the symbolic link", code: errno)
    }
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Moves `path` to `new`, in one step, replacing a file (or an empty folder) there.
  static func rename(_ path: String, to new: String) throws(FileSystemError) {
    guard Glibc.rename(path, new) == 0 else {
      throw FileSystemError(path: path, operation: "move to \(new)", code: errno)
    }
  }

  /// Removes the file or symbolic link at `path` (never what a link leads to).
  static func remove(_ path: String) throws(FileSystemError) {
    guard unlink(path) == 0 else {
      throw FileSystemError(path: path, operation: "remove", code: errno)
    }
  }

  /// The folder of `path`, which has no empty, `.` or `..` component:
  /// what `NSString`'s `deletingLastPathComponent` gives, without bridging
  /// each of a site's paths to `NSString`; `""` for a name alone.
  static func parent(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    return String(path[..<slash])
  }
}
