import Foundation

/// A 64-bit hash of bytes that is the same on every machine and in every run,
/// unlike Swift's `Hasher`, so it can be stored in an output folder's manifest
/// and compared by the next build.
///
/// It tells whether a file's bytes changed, not whether someone tampered with
/// them: it is not a cryptographic hash. The mixing is MurmurHash64A's (eight
/// bytes at a time, so hashing a whole site costs little next to rendering it).
struct ContentHash: Hashable, Sendable, CustomStringConvertible {
  let value: UInt64

  private static let multiplier: UInt64 = 0xC6A4_A793_5BD1_E995
  private static let seed: UInt64 = 0x6669_6C6D_7369_7465  // "filmsite"

  init(value: UInt64) {
    self.value = value
  }

  init(_ bytes: UnsafeRawBufferPointer) {
    let m = Self.multiplier
    var hash = Self.seed ^ (UInt64(bytes.count) &* m)
    let words = bytes.count / 8
    for index in 0..<words {
      var word = UInt64(
        littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
      word = word &* m
      word ^= word >> 47
      word = word &* m
      hash ^= word
      hash = hash &* m
    }
    let tail = bytes.count - words * 8
    if tail > 0 {
      var word: UInt64 = 0
      for offset in 0..<tail {
        word |= UInt64(bytes[words * 8 + offset]) << (8 * UInt64(offset))
      }
      hash ^= word
      hash = hash &* m
    }
    hash ^= hash >> 47
    hash = hash &* m
    hash ^= hash >> 47
    value = hash
  }

  init(_ data: Data) {
    self = data.withUnsafeBytes { ContentHash($0) }
  }

  init(_ text: String) {
    var text = text
    self = text.withUTF8 { ContentHash(UnsafeRawBufferPointer($0)) }
  }

  /// Reads the 16 hexadecimal digits that ``description`` writes.
  init?(hex: Substring) {
    self.init(hexDigits: hex.utf8)
  }

  /// Reads 16 hexadecimal digits from their UTF-8, either case.
  ///
  /// A manifest has two hashes on each of its 300,000 lines at 100,000
  /// films, so each digit is read without a branch, and the check that it
  /// is one is made once for the sixteen.
  init?<Digits: Collection<UInt8>>(hexDigits digits: Digits) {
    guard digits.count == 16 else { return nil }
    var value: UInt64 = 0
    var isHex = true
    for byte in digits {
      let decimal = byte &- UInt8(ascii: "0")
      // `| 0x20` makes an upper-case letter lower-case, and changes no digit.
      let letter = (byte | 0x20) &- UInt8(ascii: "a")
      isHex = isHex && (decimal < 10 || letter < 6)
      value = value << 4 | UInt64(decimal < 10 ? decimal : letter &+ 10)
    }
    guard isHex else { return nil }
    self.value = value
  }

  /// Reads 16 hexadecimal digits from a manifest's or a state's bytes, as
  /// ``init(hexDigits:)-(Digits)`` reads any collection's, without stepping
  /// through the slice's indices.
  init?(hexDigits digits: Slice<UnsafeRawBufferPointer>) {
    self.init(hexDigits: UnsafeRawBufferPointer(rebasing: digits))
  }

  /// 16 lowercase hexadecimal digits.
  var description: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// Combines many values into one ``ContentHash``, each one delimited, so
/// that `("ab", "c")` and `("a", "bc")` hash differently.
struct ContentHasher {
  private var state = ContentHash(value: 0)

  mutating func combine(_ hash: ContentHash) {
    withUnsafeBytes(of: (state.value.littleEndian, hash.value.littleEndian)) {
      state = ContentHash($0)
    }
  }

  mutating func combine(_ text: String) { combine(ContentHash(text)) }
  mutating func combine(_ data: Data) { combine(ContentHash(data)) }

  /// Combines whether `text` is there, then the text.
  mutating func combine(_ text: String?) {
    combine(ContentHash(value: text == nil ? 0 : 1))
    if let text { combine(text) }
  }

  /// Combines whether `number` is there, then the number.
  mutating func combine(_ number: Int?) {
    combine(ContentHash(value: number == nil ? 0 : 1))
    if let number { combine(ContentHash(value: UInt64(bitPattern: Int64(number)))) }
  }

  func finalize() -> ContentHash { state }
}
