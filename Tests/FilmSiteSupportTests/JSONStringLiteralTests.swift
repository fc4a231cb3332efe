import Foundation
import Testing

@testable import FilmSiteSupport

@Suite struct JSONStringLiteralTests {
  private static let samples = [
    "", "plain", "Amélie 🎬 / path", "\"quoted\" back\\slash",
    String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }) + "\u{7F}\u{2028}</script>",
  ]

  @Test(arguments: samples)
  func aLiteralIsWhatFoundationsEncoderWrites(text: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let expected = String(decoding: try encoder.encode(text), as: UTF8.self)
    #expect(JSONStringLiteral.quoted(text) == expected)
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    JSONStringLiteral.append(text, to: &bytes)
    #expect(bytes == Array(("[" + expected).utf8))
    #expect(try JSONDecoder().decode(String.self, from: Data(expected.utf8)) == text)
  }
}
