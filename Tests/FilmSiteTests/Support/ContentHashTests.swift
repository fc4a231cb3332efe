import Foundation
import Testing

@testable import FilmSite

@Suite struct ContentHashTests {
  /// Manifests keep these hashes between builds and FilmSite versions: a change
  /// to the function must be deliberate (and would make every page look changed once).
  @Test func hashIsTheSameInEveryRun() {
    #expect(ContentHash("").description == ContentHash("").description)
    // Computed independently with a Python MurmurHash64A and FilmSite's seed.
    #expect(ContentHash("The Matrix").description == "52c876c5577b16cb")
  }

  /// Inputs of a 64-byte block or more go through the lanes first: these
  /// values come from a Python version of the function written from its doc
  /// comments (`scripts/content-hash-reference.py TEXT`, `--bytes 768`).
  @Test func longInputsHashAsTheLanesDescribe() {
    let sentence =
      "The Matrix is a 1999 science fiction action film written and directed by the Wachowskis."
    #expect(ContentHash(sentence).description == "02dc0579636480ec")
    let bytes = [UInt8]((0..<768).map { UInt8(truncatingIfNeeded: $0) })
    #expect(bytes.withUnsafeBytes(ContentHash.init).description == "a288bf2ddc134543")
  }

  /// A change anywhere in a long input, in a lane, between lanes or blocks,
  /// or in the bytes after the last block, changes its hash.
  @Test func everyByteOfALongInputCounts() {
    let bytes = [UInt8]((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
    var seen: Set<ContentHash> = [bytes.withUnsafeBytes(ContentHash.init)]
    for index in bytes.indices {
      for flip: UInt8 in [1, 0x80] {
        var changed = bytes
        changed[index] ^= flip
        seen.insert(changed.withUnsafeBytes(ContentHash.init))
      }
    }
    #expect(seen.count == 1 + 2 * bytes.count)
    // The same words in another order: two lanes' halves, then two blocks.
    var lanesSwapped = bytes
    lanesSwapped.swapAt(0, 16)
    var blocksSwapped = bytes
    for offset in 0..<64 { blocksSwapped.swapAt(offset, 64 + offset) }
    let orders = [bytes, lanesSwapped, blocksSwapped].map { $0.withUnsafeBytes(ContentHash.init) }
    #expect(Set(orders).count == 3)
  }

  /// A lane's first word equal to its key makes the product of its two words
  /// zero: the second word still counts.
  @Test func aWordEqualToItsKeyDoesNotHideTheOther() {
    var block = [UInt8](repeating: 0x61, count: 64)
    withUnsafeBytes(of: UInt64(0xA076_1D64_78BD_642F).littleEndian) { key in
      block.replaceSubrange(0..<8, with: key)
    }
    var seen: Set<ContentHash> = []
    for value: UInt8 in [0, 1, 2, 0x80] {
      block[8] = value
      seen.insert(block.withUnsafeBytes(ContentHash.init))
    }
    #expect(seen.count == 4)
  }

  @Test func everyLengthAndEveryByteCounts() {
    var seen: Set<ContentHash> = []
    let bytes = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
    for length in 0...bytes.count {
      seen.insert(ContentHash(Data(bytes.prefix(length))))
    }
    for index in bytes.indices {
      var changed = bytes
      changed[index] ^= 1
      seen.insert(ContentHash(Data(changed)))
    }
    #expect(seen.count == bytes.count + 1 + bytes.count)
  }

  @Test func hexadecimalFormRoundTrips() throws {
    for value: UInt64 in [0, 1, 0xFFFF_FFFF_FFFF_FFFF, 0x0123_4567_89AB_CDEF] {
      let hash = ContentHash(value: value)
      #expect(hash.description.count == 16)
      #expect(ContentHash(hex: Substring(hash.description)) == hash)
    }
    #expect(ContentHash(hex: "xyz") == nil)
    #expect(ContentHash(hex: "0123456789abcdef0") == nil)
  }

  /// Every byte in every place: read as a digit exactly when it is one, to the value Swift reads.
  @Test func everyByteIsReadAsADigitExactlyWhenItIsOne() {
    let hexDigits = Set("0123456789abcdefABCDEF".utf8)
    for place in 0..<16 {
      for byte in UInt8.min...UInt8.max {
        var digits = Array("0f1E2d3C4b5A6978".utf8)
        digits[place] = byte
        let read = ContentHash(hexDigits: digits)
        // A manifest's bytes are read through the slice's own reading.
        #expect(digits.withUnsafeBytes { ContentHash(hexDigits: $0[...]) } == read)
        if hexDigits.contains(byte) {
          let expected = UInt64(String(decoding: digits, as: UTF8.self), radix: 16)
          #expect(read?.value == expected, "byte \(byte) at \(place)")
        } else {
          #expect(read == nil, "byte \(byte) at \(place)")
        }
      }
    }
  }

  /// Random values in either case, read eight digits at a time from raw bytes
  /// (``ContentHash/init(hexDigits:)-(UnsafeRawBufferPointer)``) as the
  /// reference reads them a digit at a time.
  @Test func rawBytesAreReadAsTheReferenceReadsThem() {
    var random = SplitMix64(seed: 0x6865_78)
    for _ in 0..<20_000 {
      let value = random.next()
      var digits = Array(ContentHash(value: value).description.utf8)
      // Some letters upper-case.
      for place in digits.indices
      where (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(digits[place])
        && random.next() % 2 == 0
      {
        digits[place] -= 0x20
      }
      let reference = ContentHash(hexDigits: digits)
      #expect(reference?.value == value)
      #expect(digits.withUnsafeBytes { ContentHash(hexDigits: $0) } == reference)
    }
  }

  @Test func combinedValuesAreDelimited() {
    func hash(_ parts: [String?]) -> ContentHash {
      var hasher = ContentHasher()
      for part in parts { hasher.combine(part) }
      return hasher.finalize()
    }
    #expect(hash(["ab", "c"]) != hash(["a", "bc"]))
    #expect(hash([nil]) != hash([""]))
    #expect(hash(["a", nil]) != hash([nil, "a"]))
    #expect(hash(["a", "b"]) == hash(["a", "b"]))
  }
}
