/// A request target in origin form (`/path?query`), checked and percent-decoded once.
///
/// Everything that could name a file outside the served folder, or name it in two ways, is
/// refused here rather than normalised: `.` and `..` segments (also as `%2e`), an encoded
/// slash or backslash (`%2f`, `%5c`), any backslash, NUL, control characters, and bytes that
/// are not UTF-8 once decoded. Absolute form (`http://host/`), `*` and anything else that does
/// not start with `/` are refused too.
struct RequestTarget: Equatable, Sendable {
  /// The decoded path; it starts with `/`.
  var path: String
  /// The path as sent, for a `Location` that must keep its encoding.
  var rawPath: String
  /// What followed `?`, as sent; nil when there was no `?`.
  var query: String?

  /// The decoded path's segments, without empty ones.
  var segments: [Substring] { path.split(separator: "/") }

  /// Parses `target`, or returns nil when the request must be refused with `400`.
  init?(_ target: String) {
    var bytes = Array(target.utf8)
    guard bytes.first == .slash else { return nil }
    if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) { bytes.removeSubrange(hash...) }
    var pathBytes = bytes[...]
    var query: String?
    if let mark = bytes.firstIndex(of: UInt8(ascii: "?")) {
      pathBytes = bytes[..<mark]
      query = String(decoding: bytes[(mark + 1)...], as: UTF8.self)
    }
    guard let decoded = Self.percentDecode(pathBytes),
      let path = String(validating: decoded, as: UTF8.self)
    else { return nil }
    for segment in path.split(separator: "/", omittingEmptySubsequences: false)
    where segment == "." || segment == ".." {
      return nil
    }
    self.path = path
    self.rawPath = String(decoding: pathBytes, as: UTF8.self)
    self.query = query
  }

  /// The decoded bytes, or nil when a byte or an escape is not allowed in a path.
  private static func percentDecode(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      var byte = bytes[index]
      guard byte.isVisibleASCII, byte != UInt8(ascii: "\\") else { return nil }
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.endIndex, let high = bytes[index + 1].hexValue,
          let low = bytes[index + 2].hexValue
        else { return nil }
        byte = high << 4 | low
        guard byte >= 0x20, byte != 0x7F, byte != .slash, byte != UInt8(ascii: "\\") else {
          return nil
        }
        index += 2
      }
      decoded.append(byte)
      index += 1
    }
    return decoded
  }
}

extension UInt8 {
  fileprivate var hexValue: UInt8? {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return self - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return self - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return self - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
