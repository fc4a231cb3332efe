extension [UInt8] {
  /// Appends `value` in decimal, as `String(value)` writes it, without
  /// making the string: the manifest and the state write hundreds of
  /// thousands of numbers.
  mutating func appendDecimal(_ value: Int) {
    if value < 0 { append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits = 1
    var rest = magnitude / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
    var index = count - 1
    repeat {
      self[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
      magnitude /= 10
      index -= 1
    } while magnitude > 0
  }

  /// Appends `hash` as ``ContentHash/description`` writes it: 16 lowercase
  /// hexadecimal digits.
  ///
  /// A manifest has a hash or two on each of its 300,000 lines at 100,000
  /// films, so each eight digits are made together in one 64-bit word.
  mutating func appendHex(_ hash: ContentHash) {
    Swift.withUnsafeBytes(
      of: (Self.hexDigits(of: hash.value >> 32), Self.hexDigits(of: hash.value & 0xFFFF_FFFF))
    ) { append(contentsOf: $0) }
  }

  /// The eight lowercase hexadecimal digits of the 32-bit `value`, the first
  /// in the word's first byte in memory.
  private static func hexDigits(of value: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    // Each of the eight nibbles into a byte of its own, the lowest first.
    var nibbles = (value | value << 16) & 0x0000_FFFF_0000_FFFF
    nibbles = (nibbles | nibbles << 8) & 0x00FF_00FF_00FF_00FF
    nibbles = (nibbles | nibbles << 4) & (ones &* 0x0F)
    // A nibble of 10 or more gets the distance from `0` + 10 to `a`.
    let letters = ((nibbles &+ ones &* 6) & (ones &* 0x10)) >> 4
    let digits = nibbles &+ ones &* UInt64(UInt8(ascii: "0")) &+ letters &* 39
    // The highest nibble's digit is the word's highest byte: first in memory big-endian.
    return digits.bigEndian
  }
}
