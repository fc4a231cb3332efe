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
  mutating func appendHex(_ hash: ContentHash) {
    for shift in stride(from: 60, through: 0, by: -4) {
      let digit = UInt8((hash.value >> UInt64(shift)) & 0xF)
      append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
    }
  }
}
