/// Integers and floats: decimal integers with optional sign and underscores, `0x`, `0o` and
/// `0b` integers, floats with a fraction and/or an exponent, `inf` and `nan`.
extension TOMLParser {
  /// Reads the number that the whole token spells.
  /// - Returns: `nil` when the token is not a number.
  /// - Throws: ``TOMLError`` for an integer outside the 64-bit range, or leading zeros.
  mutating func parseNumber(_ token: ArraySlice<UInt8>, at start: Int)
    throws(TOMLError) -> TOMLValue?
  {
    let text = Array(token)
    var index = 0
    let isNegative = text.first == UInt8(ascii: "-")
    if isNegative || text.first == UInt8(ascii: "+") { index = 1 }
    let unsigned = text[index...]
    if unsigned.elementsEqual("inf".utf8) { return .float(isNegative ? -.infinity : .infinity) }
    if unsigned.elementsEqual("nan".utf8) { return .float(isNegative ? -.nan : .nan) }

    if unsigned.count > 2, unsigned.first == UInt8(ascii: "0"),
      let radix = radixPrefixes[text[index + 1]]
    {
      guard index == 0, let end = endOfDigits(in: text, from: 2, radix: radix),
        end == text.count
      else { return nil }
      return .integer(try integer(text[2...], radix: radix, isNegative: false, at: start))
    }

    guard let integerEnd = endOfDigits(in: text, from: index, radix: 10) else { return nil }
    var end = integerEnd
    var isFloat = false
    if end < text.count && text[end] == UInt8(ascii: ".") {
      guard let fractionEnd = endOfDigits(in: text, from: end + 1, radix: 10) else {
        return nil
      }
      end = fractionEnd
      isFloat = true
    }
    if end < text.count && (text[end] == UInt8(ascii: "e") || text[end] == UInt8(ascii: "E")) {
      end += 1
      if end < text.count && (text[end] == UInt8(ascii: "+") || text[end] == UInt8(ascii: "-")) {
        end += 1
      }
      guard let exponentEnd = endOfDigits(in: text, from: end, radix: 10) else { return nil }
      end = exponentEnd
      isFloat = true
    }
    guard end == text.count else { return nil }
    if integerEnd - index > 1 && text[index] == UInt8(ascii: "0") {
      let written = String(decoding: text, as: UTF8.self)
      throw error("leading zeros are not allowed in \"\(written)\"", at: start)
    }
    guard isFloat else {
      return .integer(
        try integer(text[index..<integerEnd], radix: 10, isNegative: isNegative, at: start))
    }
    let digits = String(decoding: text.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
    return Double(digits).map { .float($0) }
  }

  /// The integer of digits already checked for `radix`, skipping underscores.
  private mutating func integer(
    _ digits: ArraySlice<UInt8>, radix: UInt64, isNegative: Bool, at start: Int
  ) throws(TOMLError) -> Int64 {
    var magnitude: UInt64 = 0
    var overflow = false
    for byte in digits where byte != UInt8(ascii: "_") {
      guard let digit = hexDigitValue(byte) else { continue }
      let (shifted, multiplyOverflow) = magnitude.multipliedReportingOverflow(by: radix)
      let (sum, addOverflow) = shifted.addingReportingOverflow(UInt64(digit))
      overflow = overflow || multiplyOverflow || addOverflow
      magnitude = sum
    }
    let limit = UInt64(Int64.max) + (isNegative ? 1 : 0)
    guard !overflow, magnitude <= limit else {
      let written = String(decoding: bytes[start..<offset], as: UTF8.self)
      throw error("integer \"\(written)\" is out of range", at: start)
    }
    if magnitude == UInt64(Int64.max) + 1 { return Int64.min }
    let value = Int64(magnitude)
    return isNegative ? -value : value
  }
}

private let radixPrefixes: [UInt8: UInt64] = [
  UInt8(ascii: "x"): 16, UInt8(ascii: "o"): 8, UInt8(ascii: "b"): 2,
]

/// Where a run of digits of `radix`, with single underscores between digits, ends; `nil` when
/// no digit is at `start`.
private func endOfDigits(in text: [UInt8], from start: Int, radix: UInt64) -> Int? {
  func isDigit(_ index: Int) -> Bool {
    guard index < text.count, let value = hexDigitValue(text[index]) else { return false }
    return UInt64(value) < radix
  }
  guard isDigit(start) else { return nil }
  var end = start + 1
  while true {
    if isDigit(end) {
      end += 1
    } else if end < text.count && text[end] == UInt8(ascii: "_") && isDigit(end + 1) {
      end += 2
    } else {
      return end
    }
  }
}
