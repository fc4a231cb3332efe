#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Replaces one folder with another in a single step.
///
/// On Linux 3.15 and later `renameat2(…, RENAME_EXCHANGE)` swaps two folders
/// atomically: a reader sees the old folder or the new one, never neither.
/// glibc's Swift module does not export it, so it is looked up at run time;
/// where it is missing, ``exchange(_:_:)`` reports that and the caller falls
/// back to two renames with recovery.
enum DirectorySwap {
  private typealias Renameat2 =
    @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

  /// `RENAME_EXCHANGE` from `<linux/fs.h>`.
  private static let renameExchange: UInt32 = 1 << 1

  private static let renameat2: Renameat2? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
    return unsafeBitCast(symbol, to: Renameat2.self)
  }()

  enum Outcome: Equatable {
    case exchanged
    /// The system cannot exchange folders (no `renameat2`, or a file system without it).
    case unsupported
    case failed(errno: Int32)
  }

  /// Swaps the folders at `first` and `second`, which must both exist on one file system.
  static func exchange(_ first: String, _ second: String) -> Outcome {
    guard let renameat2 else { return .unsupported }
    if renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0 { return .exchanged }
    switch errno {
    case ENOSYS, EINVAL, ENOTSUP: return .unsupported
    case let code: return .failed(errno: code)
    }
  }
}
