#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a path names.
enum FileKind: Equatable, Sendable {
  case file
  case folder
  case link
  /// A device, socket or pipe: nothing a site holds.
  case other
}

/// A file's modification time as the system keeps it: seconds since 1970
/// (negative before) and nanoseconds.
struct FileTime: Comparable, Sendable {
  var seconds: Int
  var nanoseconds: Int

  /// The system's clock now, as it stamps files.
  static var now: FileTime {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return FileTime(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
  }

  /// `count` whole seconds earlier.
  func minus(seconds count: Int) -> FileTime {
    FileTime(seconds: seconds - count, nanoseconds: nanoseconds)
  }

  static func < (left: FileTime, right: FileTime) -> Bool {
    (left.seconds, left.nanoseconds) < (right.seconds, right.nanoseconds)
  }
}

/// What `stat` tells of a path: enough to see that a file is as it was
/// left (its size and modification time), to copy a folder's permissions,
/// and to tell two names of one file (its device and inode).
struct FileStatus: Equatable, Sendable {
  var kind: FileKind
  /// The permission bits (`0o755`), with set-user-ID, set-group-ID and sticky.
  var permissions: UInt32
  var size: Int
  var modified: FileTime
  /// When the inode last changed (`st_ctim`): a folder's, when a name in it
  /// was added, removed or renamed. Unlike the modification time, no
  /// program can set it back.
  var changed: FileTime
  var device: UInt64
  var inode: UInt64

  init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .file
    case S_IFDIR: kind = .folder
    case S_IFLNK: kind = .link
    default: kind = .other
    }
    permissions = UInt32(info.st_mode & 0o7777)
    size = Int(info.st_size)
    modified = FileTime(seconds: Int(info.st_mtim.tv_sec), nanoseconds: info.st_mtim.tv_nsec)
    changed = FileTime(seconds: Int(info.st_ctim.tv_sec), nanoseconds: info.st_ctim.tv_nsec)
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}
