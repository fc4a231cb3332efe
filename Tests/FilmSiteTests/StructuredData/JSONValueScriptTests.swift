import FilmSiteSupport
import Foundation
import Testing

@testable import FilmSite

/// The JSON that JSON-LD script elements hold: compact, in the order members
/// were set, and unable to end its element whatever its strings say.
@Suite struct JSONValueScriptTests {
  @Test func writesCompactJSONWithMembersInTheOrderTheyWereSet() {
    var object: JSONObject = ["b": 1, "a": "x"]
    object["c"] = [1, "two", .number(2.5)]
    object["a"] = "y"
    object["gone"] = 1
    object["gone"] = nil
    object["d"] = ["nested": .array([])]
    #expect(
      JSONValue.object(object).scriptSafeJSON
        == #"{"b":1,"a":"y","c":[1,"two",2.5],"d":{"nested":[]}}"#)
  }

  @Test(arguments: [
    (7.8, "7.8"), (10, "10.0"), (0, "0.0"), (-1.5, "-1.5"), (1e-7, "1e-07"),
    (Double.nan, "null"), (Double.infinity, "null"), (-Double.infinity, "null"),
  ])
  func writesNumbersAsJSONHasThem(number: Double, json: String) {
    #expect(JSONValue.number(number).scriptSafeJSON == json)
  }

  @Test func escapesWhatCouldEndTheScriptOrConfuseAParser() {
    // U+FDD0, which Swift allows in no literal.
    let noncharacter = String(decoding: [0xEF, 0xB7, 0x90], as: UTF8.self)
    let text = "</script><!--&\u{2028}\u{2029}\"\\\n\u{7F}\u{85}\(noncharacter)\u{1FFFE}é🎬"
    #expect(
      JSONValue.string(text).scriptSafeJSON
        == #""\u003c/script\u003e\u003c!--\u0026\u2028\u2029\"\\\n\u007f\u0085\ufdd0\ud83f\udffeé🎬""#
    )
  }

  @Test func keysAreEscapedLikeValues() {
    let object: JSONValue = ["</script>": "a"]
    #expect(object.scriptSafeJSON == #"{"\u003c/script\u003e":"a"}"#)
  }

  @Test(arguments: [
    "</script><script>alert(1)</script>", "<!-- <script>", "Tom & Jerry", "line\u{2028}break",
    "para\u{2029}graph", "</SCRIPT >", "]]>", "\u{0}\u{1F}\u{7F}\u{9F}\u{FFFF}\u{10FFFF}",
    "plain", "",
  ])
  func theElementCannotBeClosedAndItsJSONReadsBackTheSameString(text: String) throws {
    let element = JSONValue.object(["@type": "Movie", "name": .string(text)]).scriptElement
    let prefix = #"<script type="application/ld+json">"#
    #expect(element.hasPrefix(prefix))
    #expect(element.hasSuffix("</script>"))
    let json = String(element.dropFirst(prefix.count).dropLast("</script>".count))
    // Nothing inside can end the element or open a comment, in any case.
    #expect(!json.contains("<"))
    #expect(!json.contains(">"))
    #expect(!json.contains("&"))
    #expect(!json.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" })
    #expect(!json.unicodeScalars.contains(where: Escaping.isForbidden))
    let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
    #expect(parsed == ["@type": "Movie", "name": text])
  }

  @Test func theByteWriterEscapesEveryStringAsTheReferenceDoes() {
    // Each kind of character the escapes treat apart, and its neighbours.
    let values: [UInt32] = [
      0x61, 0x20, 0x3C, 0x3E, 0x26, 0x22, 0x5C, 0x0A, 0x09, 0x00, 0x1F, 0x7E, 0x7F, 0x80, 0x85,
      0x9F, 0xA0, 0xE9, 0x2027, 0x2028, 0x2029, 0x202A, 0x20AC, 0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0,
      0xFFFD, 0xFFFE, 0xFFFF, 0x2019, 0x2026, 0x1_F3AC, 0x1_FFFD, 0x1_FFFE, 0x1_FFFF, 0x10_FFFE,
      0x10_FFFF,
    ]
    let alphabet = values.compactMap(Unicode.Scalar.init)
    var generator = SplitMix64(seed: 0x15_0A)
    for _ in 0..<5_000 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
      }
      let string = String(text)
      // After other JSON, as in an object.
      var bytes = Array(#"{"a":1,"b":"#.utf8)
      JSONValue.appendString(string, to: &bytes)
      #expect(
        String(decoding: bytes, as: UTF8.self) == #"{"a":1,"b":"# + Self.referenceLiteral(string))
    }
  }

  /// The literal as the escapes of `scriptSafeJSON` read, character by
  /// character: the reference that the byte-level writer is held to.
  static func referenceLiteral(_ text: String) -> String {
    var literal: [UInt8] = []
    JSONStringLiteral.append(text, to: &literal)
    var out = ""
    for scalar in String(decoding: literal, as: UTF8.self).unicodeScalars {
      switch scalar {
      case "<", ">", "&", "\u{2028}", "\u{2029}":
        out += escape(scalar)
      case _ where Escaping.isForbidden(scalar):
        out += escape(scalar)
      default:
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  private static func escape(_ scalar: Unicode.Scalar) -> String {
    String(scalar).utf16.map { unit in
      let hex = String(unit, radix: 16)
      return #"\u"# + String(repeating: "0", count: 4 - hex.count) + hex
    }.joined()
  }
}
