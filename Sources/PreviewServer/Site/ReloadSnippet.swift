/// The HTML that `filmsite serve` adds to every page so that it reloads when the site changes.
struct ReloadSnippet: Sendable {
  let bytes: [UInt8]
  /// Marks the entity tags of pages that carry the snippet; it changes with the snippet.
  let tag: String

  init(_ html: String) {
    bytes = Array(html.utf8)
    // FNV-1a: a short, stable fingerprint, not a security measure.
    var hash: UInt32 = 2_166_136_261
    for byte in bytes {
      hash = (hash ^ UInt32(byte)) &* 16_777_619
    }
    tag = "r" + String(hash, radix: 16)
  }

  /// `html` with the snippet before its last `</body>` (in any case), or at its end when it has
  /// none.
  func inject(into html: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(html.count + bytes.count)
    if let index = Self.lastBodyEnd(in: html) {
      result.append(contentsOf: html[..<index])
      result.append(contentsOf: bytes)
      result.append(contentsOf: html[index...])
    } else {
      result.append(contentsOf: html)
      result.append(contentsOf: bytes)
    }
    return result
  }

  private static let bodyEnd = Array("</body>".utf8)

  private static func lastBodyEnd(in html: [UInt8]) -> Int? {
    var start = html.count - bodyEnd.count
    while start >= 0 {
      if html[start] == UInt8(ascii: "<")
        && zip(html[start...], bodyEnd).allSatisfy({ $0.asciiLowercased == $1 })
      {
        return start
      }
      start -= 1
    }
    return nil
  }
}
