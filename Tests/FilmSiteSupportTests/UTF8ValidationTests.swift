import Foundation
import Testing

@testable import FilmSiteSupport

@Suite struct UTF8ValidationTests {
  @Test func utf8CheckAgreesWithTheStandardLibrary() {
    var random = SplitMix64(seed: 7)
    // Many "a"s make runs of ASCII, which the check skips eight bytes at a time.
    let interesting: [UInt8] =
      [
        0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF,
        0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF, 0x9F, 0xA0, 0x8F, 0x90,
      ] + Array(repeating: 0x61, count: 40)
    for _ in 0..<20000 {
      let length = Int(random.next() % 24)
      let bytes = (0..<length).map { _ in
        interesting[Int(random.next() % UInt64(interesting.count))]
      }
      let expected = String(validating: bytes, as: UTF8.self) != nil
      let actual = bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
      #expect(actual == expected, "\(bytes)")
    }
  }

  @Test func theCheckOnEveryCoreAgreesWithTheCheckInOne() {
    var random = SplitMix64(seed: 11)
    // Long enough for several pieces (4 KiB each at least), with characters
    // of every length and damage near the cuts as anywhere else.
    let characters: [[UInt8]] = [
      [0x61], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x8E, 0xAC],
    ]
    for round in 0..<200 {
      var bytes: [UInt8] = []
      while bytes.count < 40_000 {
        bytes += characters[Int(random.next() % 4)]
      }
      if round % 2 == 1 {
        // One damaged byte: a stray continuation, a lead without its end, or an invalid byte.
        let damage: [UInt8] = [0x80, 0xBF, 0xC3, 0xF0, 0xFF, 0xC0]
        bytes[Int(random.next() % UInt64(bytes.count))] = damage[Int(random.next() % 6)]
      }
      let expected = bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
      for pieces in [1, 2, 3, 7, 16] {
        #expect(
          UTF8Validation.isValidInParallel(Data(bytes), pieces: pieces) == expected,
          "round \(round), \(pieces) pieces")
      }
    }
  }

  @Test func aCutIsMovedPastACharactersContinuationBytes() {
    // Two pieces of 16,384 bytes are cut at 8,192: a four-byte character
    // starting 1, 2 or 3 bytes before the cut puts it on each of its
    // continuation bytes in turn, and is valid only if the cut moves past them all.
    let character: [UInt8] = [0xF0, 0x9F, 0x8E, 0xAC]
    for start in 8_189...8_191 {
      var bytes = [UInt8](repeating: 0x61, count: 16_384)
      bytes.replaceSubrange(start..<start + 4, with: character)
      #expect(UTF8Validation.isValidInParallel(Data(bytes), pieces: 2), "at \(start)")
    }
    // A fourth continuation byte after a whole character is a stray: the cut
    // stops before it, and the next piece fails on it as the whole check does.
    var bytes = [UInt8](repeating: 0x61, count: 16_384)
    bytes.replaceSubrange(8_191..<8_195, with: character)
    bytes[8_195] = 0x80
    #expect(!bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) })
    #expect(!UTF8Validation.isValidInParallel(Data(bytes), pieces: 2))
  }
}

private struct SplitMix64 {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  /// JSON's punctuation, digits and the letters of its literals: the bytes
  /// whose edits keep a catalog close to valid.
  static let alphabet = Array(#"{}[]":,.-+eE0123456789 \ntnfalsu"#.utf8)

  /// `bytes` with one byte replaced, removed, or inserted from `alphabet`.
  mutating func mutant(of bytes: [UInt8], from alphabet: [UInt8] = alphabet) -> [UInt8] {
    var bytes = bytes
    let position = Int(next() % UInt64(bytes.count))
    let replacement = alphabet[Int(next() % UInt64(alphabet.count))]
    switch next() % 3 {
    case 0: bytes[position] = replacement
    case 1: bytes.remove(at: position)
    default: bytes.insert(replacement, at: position)
    }
    return bytes
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
