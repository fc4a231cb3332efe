import Glibc

/// The served folder: maps the segments of a request's path to a regular file inside it.
///
/// This is the one place that touches the files. Each lookup resolves the path with
/// `realpath(3)` and accepts it only when it stays under the root's own real path (the root is
/// resolved again each time, because the site may be swapped in by renaming a new folder over
/// it), so a symbolic link can point anywhere inside the site but not out of it. The file is
/// then opened without following a last link (`O_NOFOLLOW`) and without blocking (so a FIFO
/// cannot stall the thread), checked with `fstat` to be a regular file, and read whole. An
/// open file is one version of the site even if the folder is replaced while it is read.
struct SiteFolder: Sendable {
  enum Lookup {
    case file(SiteFile)
    case folder
    case missing
  }

  let root: String
  let refusedNames: Set<String>

  /// Whether a file or folder called `name` is kept from clients: any dot-file (which covers
  /// FilmSite's `.filmsite` manifest, staging folders and locks) and the configured names.
  func isRefused(_ name: Substring) -> Bool {
    name.hasPrefix(".") || refusedNames.contains(String(name))
  }

  /// What `segments` name under the root. The caller has refused `.` and `..` segments.
  func lookup(_ segments: [Substring]) -> Lookup {
    if segments.contains(where: isRefused) { return .missing }
    guard let rootPath = Self.realPath(root) else { return .missing }
    let relative = segments.joined(separator: "/")
    guard let path = Self.realPath(relative.isEmpty ? root : root + "/" + relative) else {
      return .missing
    }
    if path != rootPath {
      let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
      guard path.utf8.starts(with: prefix.utf8) else { return .missing }
      let realRelative = path.utf8.dropFirst(prefix.utf8.count)
      // Without links on the way this is the requested path, whose names were checked above.
      if !realRelative.elementsEqual(relative.utf8)
        && realRelative.split(separator: .slash).contains(where: { isRefused(Substring($0)) })
      {
        return .missing
      }
    }
    return open(path)
  }

  private func open(_ path: String) -> Lookup {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW)
    guard descriptor >= 0 else { return .missing }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .missing }
    switch status.st_mode & S_IFMT {
    case S_IFDIR:
      return .folder
    case S_IFREG:
      guard let bytes = Self.readAll(descriptor, size: Int(status.st_size)) else { return .missing }
      let name = path.split(separator: "/").last ?? ""
      return .file(
        SiteFile(
          name: name, bytes: bytes, modifiedSeconds: Int(status.st_mtim.tv_sec)))
    default:
      return .missing
    }
  }

  /// Up to `size` bytes (what `fstat` said); fewer if the file was cut short meanwhile.
  private static func readAll(_ descriptor: Int32, size: Int) -> [UInt8]? {
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      count = 0
      guard let base = buffer.baseAddress else { return }
      while count < size {
        let got = read(descriptor, base + count, size - count)
        if got > 0 {
          count += got
        } else if got == 0 {
          return
        } else if errno != EINTR {
          failed = true
          return
        }
      }
    }
    return failed ? nil : bytes
  }

  private static func realPath(_ path: String) -> String? {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX) + 1) { buffer in
      guard let base = buffer.baseAddress, realpath(path, base) != nil else { return nil }
      return String(cString: base)
    }
  }
}
