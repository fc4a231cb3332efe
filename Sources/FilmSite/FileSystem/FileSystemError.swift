#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Why a call to the file system failed: the path, what was being done to
/// it, and the system's reason, so that a message can name all three.
struct FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
  enum Reason: Equatable, Sendable {
    /// The system call failed with this `errno`.
    case system(Int32)
    /// A folder holds a name that is not UTF-8, which a `String` cannot name again.
    case nameNotUTF8
  }

  let path: String
  /// What was being done, as a verb phrase: "create the folder", "list the folder".
  let operation: String
  let reason: Reason

  init(path: String, operation: String, reason: Reason) {
    self.path = path
    self.operation = operation
    self.reason = reason
  }

  /// A failure with `errno` `code`, which the caller reads straight after the call.
  init(path: String, operation: String, code: Int32) {
    self.init(path: path, operation: operation, reason: .system(code))
  }

  /// The `errno` of the failed call; `nil` for a failure that is not the system's.
  var code: Int32? {
    guard case .system(let code) = reason else { return nil }
    return code
  }

  /// Whether nothing is at the path (`ENOENT`).
  var isNothingThere: Bool { code == ENOENT }

  /// Whether no folder is at the path to be listed: nothing, a file or a
  /// symbolic link (`ENOENT`, `ENOTDIR`, `ELOOP`).
  var isNoFolderThere: Bool { code == ENOENT || code == ENOTDIR || code == ELOOP }

  /// Whether something else stands where a file or folder was to be made:
  /// at the path itself, or a file where a folder above it must be (`EEXIST`, `ENOTDIR`).
  var isPathTaken: Bool { code == EEXIST || code == ENOTDIR }

  /// The reason in words: the system's text for `errno`, or what is wrong with a name.
  var message: String {
    switch reason {
    case .system(let code): return String(cString: strerror(code))
    case .nameNotUTF8: return "it holds a file whose name is not UTF-8; rename it"
    }
  }

  var description: String { "\(path): cannot \(operation): \(message)" }
}
