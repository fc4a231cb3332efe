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
