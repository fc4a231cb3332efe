import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An exclusive lock, a `flock` on a file, held until it is released or the
/// process ends, however it ends: what keeps two builds from writing one
/// output folder at once.
final class LockFile: Sendable {
  private let path: String
  private let descriptor: Mutex<Int32?>

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = Mutex(descriptor)
  }

  /// Takes the lock on the file at `path` (made when missing), or gives
  /// `nil` at once when another process holds it.
  static func acquire(_ path: String) throws(FileSystemError) -> LockFile? {
    while true {
      let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else {
        throw FileSystemError(path: path, operation: "create the lock file", code: errno)
      }
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
        let code = errno
        close(descriptor)
        if code == EWOULDBLOCK { return nil }
        throw FileSystemError(path: path, operation: "lock", code: code)
      }
      // The holder before us removes the file as it lets go: a lock on a file that is
      // no longer at `path` guards nothing, so take the one that is there now.
      var held = stat()
      var current = stat()
      if fstat(descriptor, &held) == 0, stat(path, &current) == 0,
        held.st_dev == current.st_dev, held.st_ino == current.st_ino
      {
        return LockFile(path: path, descriptor: descriptor)
      }
      close(descriptor)
    }
  }

  /// Lets the next process in, and removes the file (a process that is
  /// killed leaves it, unlocked, for the next one to take). Releasing twice
  /// does nothing.
  func release() {
    descriptor.withLock { descriptor in
      guard let open = descriptor else { return }
      unlink(path)
      close(open)
      descriptor = nil
    }
  }

  deinit { release() }
}
