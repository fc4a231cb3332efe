import Foundation

/// A 64-bit hash of bytes that is the same on every machine and in every run,
/// unlike Swift's `Hasher`, so it can be stored in an output folder's manifest
/// and compared by the next build.
///
/// It tells whether a file's bytes changed, not whether someone tampered with
/// them: it is not a cryptographic hash. The hash starts from a seed and the
/// byte count and is built as MurmurHash64A builds it, one 64-bit
/// little-endian word at a time. Whole 64-byte blocks come first, through
/// four lanes that do not wait on each other (``lanes(of:blocks:)``): each
/// lane, in order, then joins the hash as a word would. The words after the
/// last block follow, then the last bytes, then MurmurHash64A's final mix, so
/// an input shorter than a block hashes as MurmurHash64A with this seed does.
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
    let blocks = bytes.count / Self.blockSize
    if blocks > 0 {
      let (a, b, c, d) = Self.lanes(of: bytes, blocks: blocks)
      hash = (hash ^ Self.mixed(a)) &* m
      hash = (hash ^ Self.mixed(b)) &* m
      hash = (hash ^ Self.mixed(c)) &* m
      hash = (hash ^ Self.mixed(d)) &* m
    }
    let words = bytes.count / 8
    for index in (blocks * Self.blockSize / 8)..<words {
      let word = UInt64(
        littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
      hash = (hash ^ Self.mixed(word)) &* m
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

  /// The bytes a lane round takes: four lanes of two words each.
  private static let blockSize = 64

  /// The keys the lanes' words are xored with before their product, two a
  /// lane; the lanes start from the seed xored with the last three. Odd
  /// 64-bit constants of well-mixed bits: wyhash's five primes, the golden
  /// ratio's, and SplitMix64's two multipliers.
  private static let keys: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
    0xA076_1D64_78BD_642F, 0xE703_7ED1_A0B4_28DB, 0x8EBC_6AF0_9C88_C6E3, 0x5899_65CC_7537_4CC3,
    0x1D8E_4E27_C47D_124F, 0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB
  )

  /// The four lanes after the first `blocks` 64-byte blocks of `bytes`.
  /// Block by block, lane `i` takes the block's words `2i` and `2i + 1`: its
  /// value becomes itself times the MurmurHash constant (which loses
  /// nothing), xor both halves of the 128-bit product of the two words each
  /// xored with its key (``folded(_:_:)``), xor the two words themselves, so
  /// that a word equal to its key, which makes the product zero, does not hide
  /// the other.
  private static func lanes(
    of bytes: UnsafeRawBufferPointer, blocks: Int
  ) -> (UInt64, UInt64, UInt64, UInt64) {
    let (m, k) = (multiplier, keys)
    var (a, b, c, d) = (seed, seed ^ k.5, seed ^ k.6, seed ^ k.7)
    for block in 0..<blocks {
      let start = block * blockSize
      func word(_ index: Int) -> UInt64 {
        UInt64(
          littleEndian: bytes.loadUnaligned(fromByteOffset: start + index * 8, as: UInt64.self))
      }
      let (w0, w1, w2, w3) = (word(0), word(1), word(2), word(3))
      let (w4, w5, w6, w7) = (word(4), word(5), word(6), word(7))
      a = (a &* m) ^ folded(w0 ^ k.0, w1 ^ k.1) ^ w0 ^ w1
      b = (b &* m) ^ folded(w2 ^ k.2, w3 ^ k.3) ^ w2 ^ w3
      c = (c &* m) ^ folded(w4 ^ k.4, w5 ^ k.5) ^ w4 ^ w5
      d = (d &* m) ^ folded(w6 ^ k.6, w7 ^ k.7) ^ w6 ^ w7
    }
    return (a, b, c, d)
  }

  /// The high and low halves of the 128-bit product of `x` and `y`, xored.
  @inline(__always)
  private static func folded(_ x: UInt64, _ y: UInt64) -> UInt64 {
    let (high, low) = x.multipliedFullWidth(by: y)
    return high ^ low
  }

  /// A word as MurmurHash64A mixes it before combining it with the hash.
  @inline(__always)
  private static func mixed(_ word: UInt64) -> UInt64 {
    var word = word &* multiplier
    word ^= word >> 47
    return word &* multiplier
  }

  init(_ data: Data) {
    self = data.withUnsafeBytes { ContentHash($0) }
  }

  init(_ text: String) {
    // A native string's bytes are read where they are. `withUTF8` needs a
    // `var` copy of the string, which retains its storage: threads hashing
    // the same names (a genre on thousands of films' pages) would each write to it.
    if let hash = text.utf8.withContiguousStorageIfAvailable({
      ContentHash(UnsafeRawBufferPointer($0))
    }) {
      self = hash
    } else {
      var text = text
      self = text.withUTF8 { ContentHash(UnsafeRawBufferPointer($0)) }
    }
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

  /// Reads 16 hexadecimal digits from raw bytes, as ``init(hexDigits:)-(Digits)``
  /// reads them, but eight at a time, each eight as one 64-bit word: a
  /// manifest and a state are read from such bytes, with a hash or two on each
  /// of their lines.
  init?(hexDigits digits: UnsafeRawBufferPointer) {
    guard digits.count == 16,
      let first = Self.hexValue(UInt64(littleEndian: digits.loadUnaligned(as: UInt64.self))),
      let second = Self.hexValue(
        UInt64(littleEndian: digits.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    else { return nil }
    value = first << 32 | second
  }

  /// The value of the eight hexadecimal digits in `word`, the first in its
  /// lowest byte; `nil` when a byte is not one.
  private static func hexValue(_ word: UInt64) -> UInt64? {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits = ones &* 0x80
    // For bytes below 0x80, whether each is at least `low`, or at most
    // `high`, shows in its high bit: no byte's sum carries into the next.
    func atLeast(_ low: UInt8, _ word: UInt64) -> UInt64 {
      (word &+ ones &* UInt64(0x80 - low)) & highBits
    }
    func atMost(_ high: UInt8, _ word: UInt64) -> UInt64 {
      ~(word &+ ones &* UInt64(0x7F - high)) & highBits
    }
    // `| 0x20` makes an upper-case letter lower-case.
    let lowered = word | ones &* 0x20
    let digits = atLeast(0x30, word) & atMost(0x39, word)
    let letters = atLeast(0x61, lowered) & atMost(0x66, lowered)
    guard word & highBits == 0, digits | letters == highBits else { return nil }
    // A digit's low four bits are its value; a letter's are its value less
    // 9, and a letter alone has the bit 0x40.
    let nibbles = (word & (ones &* 0x0F)) &+ ((word >> 6) & ones) &* 9
    // Two digits to a byte, two bytes to 16 bits, then the two halves: the
    // first digit is the highest.
    let bytes = (nibbles & 0x000F_000F_000F_000F) << 4 | (nibbles >> 8) & 0x000F_000F_000F_000F
    let pairs = (bytes & 0x0000_00FF_0000_00FF) << 8 | (bytes >> 16) & 0x0000_00FF_0000_00FF
    return (pairs & 0xFFFF) << 16 | (pairs >> 32) & 0xFFFF
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
