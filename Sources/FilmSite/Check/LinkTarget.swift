/// Where a link on a page of the site leads, as `filmsite check` resolves it.
enum LinkTarget: Equatable, Sendable {
  /// An absolute `http`, `https`, `data` or `mailto` URL, or one to another host (`//host/…`).
  case external
  /// A file of the site, relative to the output folder.
  case file(String)
  /// Not a file of the site; `path` is where it would be, when that is inside the site.
  case broken(SiteCheckReport.Fault.LinkProblem, path: String?)
}

/// Resolving a link against the site's files: its path taken apart, `.`
/// and `..` applied, `%` escapes decoded, with no `URL` or `String` made of
/// its parts.
extension LinkTarget {
  private static let skippedSchemes = ["http", "https", "data", "mailto"].map { Array($0.utf8) }

  /// Resolves `link`, written on the page at `page`, against the site's files.
  ///
  /// The query and fragment are dropped, `%` escapes decoded, and a path that
  /// ends in `/` (or `.` or `..`) means the `index.html` in that folder. An empty
  /// path is the page itself.
  /// - Parameter folder: The UTF-8 path of the page's folder, empty for the root.
  static func resolve(
    _ link: String, page: String, folder: [UInt8], files: Set<String>
  ) -> LinkTarget {
    let all = Array(link.utf8)
    // Browsers strip ASCII white space from both ends of a URL.
    guard let first = all.firstIndex(where: { !isSpace($0) }),
      let last = all.lastIndex(where: { !isSpace($0) })
    else { return .file(page) }
    let url = all[first...last]

    if let end = url.firstIndex(where: { $0 == 0x3A || $0 == 0x2F || $0 == 0x3F || $0 == 0x23 }),
      url[end] == UInt8(ascii: ":"), isScheme(url[..<end])
    {
      let scheme = url[..<end].map { isASCIILetter($0) ? $0 | 0x20 : $0 }
      return skippedSchemes.contains(scheme) ? .external : .broken(.unsupportedScheme, path: nil)
    }
    if url.starts(with: [0x2F, 0x2F]) { return .external }
    if url.first == UInt8(ascii: "/") { return .broken(.absolutePath, path: nil) }

    let pathEnd = url.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
    let path = url[..<(pathEnd ?? url.endIndex)]
    if path.isEmpty { return .file(page) }

    var resolved = folder
    resolved.reserveCapacity(folder.count + path.count + 11)
    var isFolder = false
    var start = path.startIndex
    while start <= path.endIndex {
      let end = path[start...].firstIndex(of: UInt8(ascii: "/")) ?? path.endIndex
      let segment = path[start..<end]
      let isLast = end == path.endIndex
      if segment.isEmpty || segment.elementsEqual([0x2E]) {
        isFolder = isLast
      } else if segment.elementsEqual([0x2E, 0x2E]) {
        guard !resolved.isEmpty else { return .broken(.outsideSite, path: nil) }
        resolved.removeSubrange((resolved.lastIndex(of: UInt8(ascii: "/")) ?? 0)...)
        isFolder = isLast
      } else {
        if !resolved.isEmpty { resolved.append(UInt8(ascii: "/")) }
        appendDecoded(segment, to: &resolved)
        isFolder = false
      }
      start = end + 1
    }
    if isFolder {
      if !resolved.isEmpty { resolved.append(UInt8(ascii: "/")) }
      resolved += Array("index.html".utf8)
    }
    let target = String(decoding: resolved, as: UTF8.self)
    if files.contains(target) { return .file(target) }
    if !isFolder, files.contains(target + "/index.html") {
      return .broken(.folder, path: target)
    }
    return .broken(.noSuchFile, path: target)
  }

  /// `http`, `mailto`…: a letter, then letters, digits, `+`, `-` or `.`.
  private static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let first = bytes.first, isASCIILetter(first) else { return false }
    return bytes.allSatisfy { byte in
      isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }

  /// Appends a path segment with its `%XX` escapes decoded. A segment that would
  /// decode to a `/` or a NUL is appended as it is, since no file name holds one.
  private static func appendDecoded(_ segment: ArraySlice<UInt8>, to path: inout [UInt8]) {
    guard segment.contains(UInt8(ascii: "%")) else {
      path += segment
      return
    }
    var decoded: [UInt8] = []
    var index = segment.startIndex
    while index < segment.endIndex {
      if segment[index] == UInt8(ascii: "%"), index + 2 < segment.endIndex,
        let high = hexValue(segment[index + 1]), let low = hexValue(segment[index + 2])
      {
        let byte = high << 4 | low
        if byte == UInt8(ascii: "/") || byte == 0 {
          path += segment
          return
        }
        decoded.append(byte)
        index += 3
      } else {
        decoded.append(segment[index])
        index += 1
      }
    }
    path += decoded
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
