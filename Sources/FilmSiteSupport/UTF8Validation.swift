import Foundation

/// A check of UTF-8 in place, for bytes that must become text: a catalog
/// before its strings are made from it without checking each one, and a
/// page's HTML from cmark before it is written.
public enum UTF8Validation {
  /// ``isValid(_:)`` on every core, for a long buffer (a catalog of
  /// hundreds of megabytes): the bytes are cut into `pieces`, each cut moved
  /// past the continuation bytes after it, so that a character is never
  /// split and each piece is checked as the whole would be.
  public static func isValidInParallel(_ data: Data, pieces: Int = 16) -> Bool {
    let pieces = Swift.max(1, Swift.min(pieces, data.count / 4096))
    let cuts = data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var cuts = [0]
      for piece in 1..<pieces {
        var cut = Swift.max(cuts[cuts.count - 1], bytes.count / pieces * piece)
        // A character has at most three continuation bytes; a fourth is a
        // stray, which the next piece then starts with and fails on.
        var moved = 0
        while moved < 3, cut < bytes.count, bytes[cut] & 0xC0 == 0x80 {
          cut += 1
          moved += 1
        }
        cuts.append(cut)
      }
      cuts.append(bytes.count)
      return cuts
    }
    return Array(0..<pieces).parallelMap { piece in
      data.withUnsafeBytes { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        return isValid(UnsafeBufferPointer(rebasing: bytes[cuts[piece]..<cuts[piece + 1]]))
      }
    }.allSatisfy { $0 }
  }

  /// Whether `bytes` are well-formed UTF-8: no stray continuation bytes, no
  /// overlong forms, no surrogates, nothing past U+10FFFF. (Checked in place:
  /// `String(validating:)` would copy the whole catalog to say yes.)
  public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }
    while index < count {
      // Most of a catalog or a page is ASCII: skip it eight bytes at a time.
      while index + 8 <= count,
        base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index += 8
      }
      guard index < count else { break }
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var lower: UInt8 = 0x80
      var upper: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, lower) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, upper) = (3, 0x9F)
      case 0xF0: (length, lower) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, upper) = (4, 0x8F)
      default: return false
      }
      guard index + length <= count, (lower...upper).contains(bytes[index + 1]) else {
        return false
      }
      for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
        return false
      }
      index += length
    }
    return true
  }
}
