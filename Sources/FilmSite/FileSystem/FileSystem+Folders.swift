import FilmSiteSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One name in a folder, as the folder's entry gives it.
struct DirectoryEntry: Equatable, Sendable {
  let name: String
  /// What the name is, from the folder entry itself (no `stat`); `nil` on a
  /// file system whose entries do not tell.
  let kind: FileKind?
}

/// Listing and removing folders.
extension FileSystem {
  /// What to do with a name in a folder that is not UTF-8.
  enum UndecodableNames {
    /// Fail: a `String` could not name the file again, so it would be lost.
    case refuse
    /// Replace the bytes that are not UTF-8 with U+FFFD, for a name only looked at.
    case replace
  }

  /// The names in the folder at `path`, without `.` and `..`, in the order
  /// the folder lists them, each with its kind when the entry tells it.
  /// - Parameters:
  ///   - followingLink: List the folder a symbolic link at `path` leads to;
  ///     otherwise a link fails (`ELOOP`).
  ///   - undecodable: What to do with a name that is not UTF-8.
  static func entries(
    of path: String, followingLink: Bool = false, undecodable: UndecodableNames = .refuse
  ) throws(FileSystemError) -> [DirectoryEntry] {
    let stream = try openFolder(path, followingLink: followingLink)
    defer { closedir(stream) }
    var entries: [DirectoryEntry] = []
    while let entry = readdir(stream) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
        tuple.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { name -> String? in
          if name[0] == 0x2E, name[1] == 0 || (name[1] == 0x2E && name[2] == 0) { return "" }
          return undecodable == .refuse ? String(validatingCString: name) : String(cString: name)
        }
      }
      guard let name else {
        throw FileSystemError(path: path, operation: "list the folder", reason: .nameNotUTF8)
      }
      if name.isEmpty { continue }
      entries.append(DirectoryEntry(name: name, kind: kind(of: entry.pointee.d_type)))
    }
    return entries
  }

  /// The folder at `path` opened for reading its entries. `opendir` follows a
  /// link; not to, the folder is opened with `O_NOFOLLOW` and handed to
  /// `fdopendir`, which costs a `fcntl` more.
  private static func openFolder(_ path: String, followingLink: Bool) throws(FileSystemError)
    -> OpaquePointer
  {
    if followingLink {
      guard let stream = opendir(path) else {
        throw FileSystemError(path: path, operation: "list the folder", code: errno)
      }
      return stream
    }
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0, let stream = fdopendir(descriptor) else {
      let code = errno
      if descriptor >= 0 { close(descriptor) }
      throw FileSystemError(path: path, operation: "list the folder", code: code)
    }
    return stream
  }

  private static func kind(of type: UInt8) -> FileKind? {
    switch type {
    case UInt8(DT_REG): return .file
    case UInt8(DT_DIR): return .folder
    case UInt8(DT_LNK): return .link
    case UInt8(DT_UNKNOWN): return nil
    default: return .other
    }
  }

  /// Removes `path` and, when it is a folder, everything in it, with one
  /// `unlink` per file and no `stat` where the folder entry tells a name's
  /// kind; a large folder's names on every core. A symbolic link is removed,
  /// never followed. What cannot be removed stays: this clears away a
  /// folder FilmSite made, and a leftover is removed by the next build.
  static func removeTree(at path: String) {
    guard (try? status(of: path))?.kind == .folder else {
      try? remove(path)
      return
    }
    removeFolder(path)
  }

  /// Removes the folder at `path` when it is empty; whether it did.
  @discardableResult
  static func removeEmptyFolder(_ path: String) -> Bool {
    rmdir(path) == 0
  }

  /// Removes the folder at `path`, known to be one, and everything in it.
  private static func removeFolder(_ path: String) {
    let entries = (try? entries(of: path, undecodable: .replace)) ?? []
    let removeEntry: @Sendable (DirectoryEntry) -> Void = { entry in
      let child = path + "/" + entry.name
      if entry.kind == .folder || (unlink(child) != 0 && errno == EISDIR) { removeFolder(child) }
    }
    if entries.count > 256 {
      entries.parallelForEach(removeEntry)
    } else {
      entries.forEach(removeEntry)
    }
    _ = rmdir(path)
  }
}
