#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension FileSystem {
  /// Writes `bytes` over the file at `path` where it is, keeping its inode,
  /// when no reader can see the file change: a regular file of this
  /// process's user, with one name (no other tree links it), the
  /// permissions ``createFile(at:with:)`` would give a new file, and open in
  /// no other place, which a write lease tells: the system grants one only
  /// then, and while it is held another process's `open` of the file waits
  /// (or fails, if it does not block) until the write is done, for at most
  /// the system's lease-break time (45 s by default, far more than a page
  /// takes). A process that opens the file by its path afterwards sees the
  /// new bytes, as it would see a new file there.
  ///
  /// A lease sees only the opens of this system, so the caller checks that
  /// the file is on a local file system (``writesInPlace(in:)``). Replacing
  /// a file with a new one costs the system more (an inode freed and another
  /// made), so the writer uses this for a file of the spare tree that only
  /// the spare has (``StagingTree``).
  /// - Returns: The file's status after the write; `nil` when the file is
  ///   not such a file (or the system grants no leases), which is then left as it was.
  /// - Throws: ``FileSystemError`` when the write itself fails: the file
  ///   then holds part of the bytes, and the caller replaces it.
  static func overwriteFile(at path: String, with bytes: [UInt8]) throws(FileSystemError)
    -> FileStatus?
  {
    guard let mode = newFileMode else { return nil }
    // Without following a link, and without waiting on a pipe with no reader
    // or on another process's lease of the file.
    let descriptor = open(path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1,
      info.st_uid == geteuid(), UInt32(info.st_mode & 0o7777) == mode,
      // Another process that opens the file while the lease is held makes the
      // system signal this one: with a signal ignored unless handled, not SIGIO,
      // which would end it.
      fcntl(descriptor, Lease.setSignal, SIGURG) == 0,
      fcntl(descriptor, Lease.set, Int32(F_WRLCK)) == 0
    else { return nil }
    // Closing the file gives the lease up, and lets an `open` that waits on it go on.
    if Int(info.st_size) > bytes.count, ftruncate(descriptor, off_t(bytes.count)) != 0 {
      throw FileSystemError(path: path, operation: "shorten", code: errno)
    }
    return try write(bytes, toOpen: descriptor, path: path)
  }

  /// Whether files in the folder at `path` may be written over where they
  /// are (``overwriteFile(at:with:)``): it is on a local file system whose
  /// readers a lease sees (tmpfs, ext4, XFS, Btrfs, F2FS). Not on a network,
  /// FUSE or overlay file system, whose files other systems may read.
  static func writesInPlace(in path: String) -> Bool {
    guard let statfs = statfsCall else { return false }
    // `struct statfs` starts with `f_type`, a C `long`; the buffer is larger than the whole of it.
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: 512, alignment: 16)
    defer { buffer.deallocate() }
    guard statfs(path, buffer) == 0 else { return false }
    return localFileSystems.contains(UInt32(truncatingIfNeeded: buffer.load(as: Int.self)))
  }

  /// The `f_type` of the file systems of ``writesInPlace(in:)``, from `<linux/magic.h>`.
  private static let localFileSystems: Set<UInt32> = [
    0x0102_1994,  // tmpfs
    0xEF53,  // ext2, ext3, ext4
    0x5846_5342,  // XFS
    0x9123_683E,  // Btrfs
    0xF2F5_2010,  // F2FS
  ]

  private typealias StatFS = @convention(c) (UnsafePointer<CChar>, UnsafeMutableRawPointer) -> Int32

  /// glibc's `statfs`, which its Swift module does not export: looked up at run time.
  private static let statfsCall: StatFS? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "statfs") else { return nil }
    return unsafeBitCast(symbol, to: StatFS.self)
  }()

  /// The `fcntl` commands for leases, from `<linux/fcntl.h>`, which glibc's
  /// Swift module does not export.
  private enum Lease {
    /// `F_SETLEASE`.
    static let set: Int32 = 1024
    /// `F_SETSIG`: the signal a lease's holder is sent when it is broken.
    static let setSignal: Int32 = 10
  }

  /// The permissions ``createFile(at:with:)`` gives a new file: `0o644`
  /// less the process's umask, read once from `/proc/self/status` (setting
  /// the umask to read it would change it for every thread meanwhile); `nil`
  /// when it cannot be read there. A folder's default ACL can give new files
  /// another mode: then none matches, and every file is replaced.
  static let newFileMode: UInt32? = {
    guard let status = try? contents(of: "/proc/self/status", limit: 1 << 16) else { return nil }
    for line in String(decoding: status, as: UTF8.self).split(separator: "\n")
    where line.hasPrefix("Umask:") {
      guard let umask = UInt32(String(line.dropFirst("Umask:".count)).trimmingSpaces(), radix: 8)
      else { return nil }
      return 0o644 & ~umask
    }
    return nil
  }()
}
