#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The clock a file system stamps changes with, read in one of its folders.
///
/// A folder's change time (`st_ctim`) comes from the file system's clock, not
/// from the clock a program reads: the kernel stamps with a coarse copy that
/// moves once a tick, and another machine's clock stamps a network share.
/// So a time read with `clock_gettime` cannot tell reliably whether a folder
/// changed before or after it. The file system's own stamp on a probe file
/// can: every change made before the probe has a stamp no later than the
/// probe's, and every change made after it has one no earlier.
enum FolderClock {
  /// The name of the probe file, made and removed in the folder read.
  static let probeName = ".filmsite-clock"

  /// A time that every change already made in `folder`'s file system is
  /// older than, and no later change is: the stamp on a probe file in
  /// `folder`, once it has moved past the stamp the probe was made with
  /// (changes made within the same tick share a stamp). It moves within a
  /// tick of the kernel's clock, a few milliseconds.
  ///
  /// `nil` when the probe cannot be made (the name is taken, the folder is
  /// read-only), or when the stamp has not moved within `limit` (a file
  /// system that stamps whole seconds): the caller then keeps a time that
  /// errs the other way.
  static func stampAfterEveryChange(
    in folder: String, limit: Duration = .milliseconds(50)
  ) -> FileTime? {
    let path = folder + "/" + probeName
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    defer {
      close(descriptor)
      unlink(path)
    }
    guard let made = changeTime(of: descriptor) else { return nil }
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      // Setting the times to now stamps the probe's change time anew.
      guard futimens(descriptor, nil) == 0, let stamp = changeTime(of: descriptor) else {
        return nil
      }
      if made < stamp { return stamp }
      usleep(200)
    }
    return nil
  }

  private static func changeTime(of descriptor: Int32) -> FileTime? {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    return FileStatus(info).changed
  }
}
