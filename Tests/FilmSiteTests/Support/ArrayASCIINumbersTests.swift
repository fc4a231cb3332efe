import Testing

@testable import FilmSite

/// The manifest's and the state's numbers are written without making a
/// string, and must read back as the strings would have written them.
@Suite struct ArrayASCIINumbersTests {
  @Test func decimalIsWhatStringWrites() {
    var values = [0, 1, 9, 10, 11, 99, 100, -1, -9, -10, -100, Int.max, Int.min, Int.max - 1]
    for power in 0..<19 {
      let tens = (0..<power).reduce(1) { value, _ in value * 10 }
      values += [tens - 1, tens, tens + 1, -tens, 1 - tens]
    }
    var random = SplitMix64(seed: 7)
    values += (0..<2000).map { _ in Int(truncatingIfNeeded: random.next()) >> random.int(0...62) }
    for value in values {
      // After other bytes, which it leaves as they are.
      var bytes = Array("x\t".utf8)
      bytes.appendDecimal(value)
      #expect(bytes == Array("x\t\(value)".utf8), "\(value)")
    }
  }

  @Test func hexIsWhatAHashDescriptionWrites() {
    var random = SplitMix64(seed: 11)
    let values: [UInt64] =
      [0, 1, 0xF, 0x10, 0xA, UInt64.max, 1 << 63, 0x0123_4567_89AB_CDEF]
      + (0..<2000).map { _ in random.next() >> UInt64(random.int(0...63)) }
      // Every digit in every place.
      + (0..<16).flatMap { place in (0..<16).map { UInt64($0) << UInt64(4 * place) } }
    for value in values {
      let hash = ContentHash(value: value)
      var bytes = Array("-".utf8)
      bytes.appendHex(hash)
      #expect(bytes == Array("-\(hash.description)".utf8), "\(value)")
      #expect(ContentHash(hexDigits: bytes.dropFirst()) == hash)
    }
  }
}
