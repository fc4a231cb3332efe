import Testing

@testable import FilmCatalog

/// A string's plain run is found eight bytes at a time where it can be, and
/// ends where the reference, one byte at a time, ends it.
@Suite struct JSONScannerTests {
  /// Every byte value, at every place of a run of 24 plain bytes, from every start before it.
  @Test func eachByteEndsTheRunExactlyWhereTheReferenceEndsIt() {
    for byte in UInt8.min...UInt8.max {
      for place in 0..<24 {
        var bytes = Array(repeating: UInt8(ascii: "a"), count: 24)
        bytes[place] = byte
        bytes.withUnsafeBufferPointer { buffer in
          for start in 0...24 {
            let fast = JSONScanner.endOfPlainRun(in: buffer, from: start)
            let reference = JSONScanner.endOfPlainRunByteByByte(in: buffer, from: start)
            #expect(fast == reference, "byte \(byte) at \(place), from \(start)")
          }
        }
      }
    }
  }

  /// Long runs of mixed bytes (UTF-8 above 0x7F among them), ended by every kind of byte.
  @Test func randomRunsEndWhereTheReferenceEndsThem() {
    var random = SplitMix64(seed: 2027)
    let plain = Array("abc é 漢 ~!#".utf8)
    let enders: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x00, 0x0A, 0x1F]
    for _ in 0..<2_000 {
      let count = Int(random.next() % 200)
      var bytes = (0..<count).map { _ in plain[Int(random.next() % UInt64(plain.count))] }
      if random.next() % 4 != 0, count > 0 {
        bytes[Int(random.next() % UInt64(count))] =
          enders[
            Int(random.next() % UInt64(enders.count))]
      }
      bytes.withUnsafeBufferPointer { buffer in
        let start = count == 0 ? 0 : Int(random.next() % UInt64(count))
        #expect(
          JSONScanner.endOfPlainRun(in: buffer, from: start)
            == JSONScanner.endOfPlainRunByteByByte(in: buffer, from: start))
      }
    }
  }
}
