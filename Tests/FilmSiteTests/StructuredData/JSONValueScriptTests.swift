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
}
