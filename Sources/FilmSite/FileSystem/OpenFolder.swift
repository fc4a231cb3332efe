#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A folder held open, so that paths inside it are looked up from it and
/// not again from the file system's root: a check of every file of a large
/// site does one lookup less per component of the folder's own path.
struct OpenFolder: Sendable {
  fileprivate let descriptor: Int32
  /// The folder's path, for errors.
  let path: String

  /// What the relative `name` inside the folder is, a symbolic link itself
  /// (never followed). `name` is a C string so that a caller that has the
  /// bytes need not make a `String` of each.
  func status(of name: UnsafePointer<CChar>) throws(FileSystemError) -> FileStatus {
    var info = stat()
    guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
      throw FileSystemError(
        path: path + "/" + String(cString: name), operation: "read the status of", code: errno)
    }
    return FileStatus(info)
  }

  /// Calls `body` with the folder opened again from this one: the same
  /// folder (even if it was renamed since), through a descriptor of its own,
  /// closed after; with this one when it cannot be opened again.
  ///
  /// Threads that look paths up from one descriptor all count their uses on
  /// the one open file, so a look-up on each core waits on the others: each
  /// thread of a parallel check takes a descriptor of its own.
  func reopened<Value>(_ body: (OpenFolder) -> Value) -> Value {
    let own = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard own >= 0 else { return body(self) }
    defer { close(own) }
    return body(OpenFolder(descriptor: own, path: path))
  }

  /// The bytes of the file `name` inside the folder, when its status, read
  /// from the file once it is open, is one that `isExpected` accepts; `nil`
  /// when it is not. A symbolic link is not followed: it fails to open.
  func contents(of name: String, ifStatus isExpected: (FileStatus) -> Bool)
    throws(FileSystemError) -> [UInt8]?
  {
    let descriptor = openat(self.descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw FileSystemError(path: path + "/" + name, operation: "read", code: errno)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw FileSystemError(path: path + "/" + name, operation: "read", code: errno)
    }
    guard isExpected(FileStatus(info)) else { return nil }
    return try FileSystem.contents(
      ofOpen: descriptor, size: Int(info.st_size), path: path + "/" + name)
  }
}

extension FileSystem {
  /// Calls `body` with the folder at `path` held open, and closes it after.
  static func withOpenFolder<Result>(
    _ path: String, _ body: (OpenFolder) -> Result
  ) throws(FileSystemError) -> Result {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw FileSystemError(path: path, operation: "open the folder", code: errno)
    }
    defer { close(descriptor) }
    return body(OpenFolder(descriptor: descriptor, path: path))
  }
}

/// A folder held open for as long as this value lives, so that the stages
/// of a build can look paths up from it (``OpenFolder``) between them; it
/// is closed when the last reference goes.
final class HeldFolder: Sendable {
  let folder: OpenFolder

  /// Opens the folder at `path`.
  init(_ path: String) throws(FileSystemError) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw FileSystemError(path: path, operation: "open the folder", code: errno)
    }
    folder = OpenFolder(descriptor: descriptor, path: path)
  }

  deinit {
    close(folder.descriptor)
  }
}
