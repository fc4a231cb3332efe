import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An exclusive lock on an output folder for the length of one publication,
/// so that two builds into the same folder cannot remove each other's
/// staging folder or swap in half a site.
///
/// It is a `flock` on a file beside the output folder; the system releases
/// it when the process ends, however it ends.
final class DirectoryLock: Sendable {
  private let path: String
  private let descriptor: Mutex<Int32?>

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = Mutex(descriptor)
  }

  /// Takes the lock at `path`, or fails at once when another build holds it.
  /// - Parameter directory: The output folder, named in the error.
  static func acquire(_ path: String, for directory: String) throws -> DirectoryLock {
    while true {
      let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else {
        throw WriterError.io(
          path: path, operation: "create the lock file", message: String(cString: strerror(errno)))
      }
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
        let code = errno
        close(descriptor)
        if code == EWOULDBLOCK {
          throw WriterError.refused(
            directory: directory, reason: "another build is writing it now; wait for it to finish")
        }
        throw WriterError.io(
          path: path, operation: "lock the output folder", message: String(cString: strerror(code)))
      }
      // The holder before us removes the file as it lets go: a lock on a file that is
      // no longer at `path` guards nothing, so take the one that is there now.
      var held = stat()
      var current = stat()
      if fstat(descriptor, &held) == 0, stat(path, &current) == 0,
        held.st_dev == current.st_dev, held.st_ino == current.st_ino
      {
        return DirectoryLock(path: path, descriptor: descriptor)
      }
      close(descriptor)
    }
  }

  /// Lets the next build in, and removes the lock file (a build that is killed
  /// leaves it, unlocked, for the next one to take). Releasing twice does nothing.
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
