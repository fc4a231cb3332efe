import Foundation
import Testing

@testable import FilmCatalog

@Suite struct JSONSyntaxCheckerTests {
  @Test(arguments: [
    "{}",
    "[]",
    "0",
    "-0",
    "-0.5e+10",
    "1E-7",
    "3.14159",
    "123456789012345678901234567890",
    "true",
    "false",
    "null",
    #""plain""#,
    #""""#,
    #""\"\\\/\b\f\n\r\t""#,
    #""\u00e9\u00C9\uD83D\uDE00""#,
    #""Amélie — 東京物語 😀""#,
    " \n\t[1, 2]\r\n",
    #"{"a": [1, {"b": null, "c": [true, false]}], "d": {"e": {}}, "f": []}"#,
    #"[{"id": 603, "title": "The Matrix", "genres": ["Action"], "rating": 8.2}]"#,
    "{\r\n  \"title\": \"Amélie\"\r\n}\r\n",
  ])
  func validDocumentHasNoError(json: String) {
    #expect(firstError(json) == nil)
  }

  @Test(arguments: [
    Case(#"["é", x]"#, line: 1, column: 7, message: #"unexpected character "x""#),
    Case(#"["😀", x]"#, line: 1, column: 7, message: #"unexpected character "x""#),
    Case("[\n  \"東京物語\",\n  \"é\" x\n]", line: 3, column: 7, message: #"expected "," or "]""#),
    Case("[1,]", line: 1, column: 4, message: #"unexpected character "]""#),
    Case(#"{"a": 1,}"#, line: 1, column: 9, message: "expected a string key"),
    Case("{1: 2}", line: 1, column: 2, message: "expected a string key"),
    Case(#"{"a" 1}"#, line: 1, column: 6, message: #"expected ":" after the key"#),
    Case("[1 2]", line: 1, column: 4, message: #"expected "," or "]""#),
    Case(#"{"a": 1 "b": 2}"#, line: 1, column: 9, message: #"expected "," or "}""#),
    Case(#"["abc"#, line: 1, column: 2, message: "unterminated string"),
    Case("[\n  \"abc", line: 2, column: 3, message: "unterminated string"),
    Case(
      "[\n  \"abc\n\"]", line: 2, column: 7, message: "control character in a string (escape it)"),
    Case("[1, 2", line: 1, column: 6, message: "unexpected end of file"),
    Case("", line: 1, column: 1, message: "unexpected end of file"),
    Case("   ", line: 1, column: 4, message: "unexpected end of file"),
    Case("nul", line: 1, column: 4, message: "unexpected end of file"),
    Case("[tru]", line: 1, column: 5, message: #"unexpected character "]""#),
    Case("[-]", line: 1, column: 3, message: "invalid number"),
    Case("[1.]", line: 1, column: 4, message: "invalid number"),
    Case("[1e]", line: 1, column: 4, message: "invalid number"),
    Case("[1e+]", line: 1, column: 5, message: "invalid number"),
    Case("[.5]", line: 1, column: 2, message: #"unexpected character ".""#),
    Case(#"["a\u12G4"]"#, line: 1, column: 8, message: #"invalid \u escape"#),
    Case(#"["a\u12"]"#, line: 1, column: 8, message: #"invalid \u escape"#),
    Case("[\"a\tb\"]", line: 1, column: 4, message: "control character in a string (escape it)"),
    Case("[1] x", line: 1, column: 5, message: "unexpected text after the JSON value"),
    Case("[\n  1,\n  x\n]", line: 3, column: 3, message: #"unexpected character "x""#),
    Case("[\r\n x]", line: 2, column: 2, message: #"unexpected character "x""#),
    Case("[\u{7F}]", line: 1, column: 2, message: "unexpected byte 0x7F"),
    Case("[é]", line: 1, column: 2, message: "unexpected byte 0xC3"),
  ])
  func invalidDocumentReportsLineAndColumn(_ testCase: Case) {
    #expect(
      firstError(testCase.json)
        == JSONSyntaxChecker.SyntaxError(
          line: testCase.line, column: testCase.column, message: testCase.message))
  }

  @Test func invalidEscapeIsReportedAtTheEscapedCharacter() throws {
    let error = try #require(firstError(#"["a\qb"]"#))
    #expect(error.line == 1)
    #expect(error.column == 5)
    #expect(error.message.hasPrefix("invalid escape"))
  }

  @Test func nestingUpToTheLimitIsValid() {
    let json = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(firstError(json) == nil)
  }

  @Test(arguments: [513, 1000, 100_000])
  func deepNestingIsReportedNotRecursedInto(depth: Int) {
    let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(
      firstError(json)
        == JSONSyntaxChecker.SyntaxError(line: 1, column: 513, message: "nested too deeply"))
  }

  @Test func deeplyNestedObjectsAreReported() {
    let json = String(repeating: #"{"a":"#, count: 1000) + "1" + String(repeating: "}", count: 1000)
    // The 513th `{` is preceded by 512 copies of the five-character `{"a":`.
    #expect(
      firstError(json)
        == JSONSyntaxChecker.SyntaxError(line: 1, column: 2561, message: "nested too deeply"))
  }

  /// RFC 8259 forbids leading zeros: `01` is not a JSON number.
  @Test(arguments: ["[01]", "-01", "00"])
  func leadingZeroIsInvalid(json: String) throws {
    let error = try #require(firstError(json))
    #expect(error.line == 1)
  }
}

extension JSONSyntaxCheckerTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let json: String
    let line: Int
    let column: Int
    let message: String

    init(_ json: String, line: Int, column: Int, message: String) {
      self.json = json
      self.line = line
      self.column = column
      self.message = message
    }

    var testDescription: String { json.debugDescription }
  }
}

private func firstError(_ json: String) -> JSONSyntaxChecker.SyntaxError? {
  JSONSyntaxChecker.firstError(in: Array(json.utf8))
}

@Suite struct JSONSurrogateTests {
  @Test(arguments: [
    (#"["\ud800"]"#, "a high surrogate \\u escape without a low one after it"),
    (#"["\udc00"]"#, "a low surrogate \\u escape without a high one before it"),
    (#"["\ud800\u0041"]"#, "a high surrogate \\u escape without a low one after it"),
  ])
  func unpairedSurrogatesAreErrorsAtTheirEscape(json: String, message: String) throws {
    let error = try #require(JSONSyntaxChecker.firstError(in: Array(json.utf8)))
    #expect(error == JSONSyntaxChecker.SyntaxError(line: 1, column: 3, message: message))
  }

  @Test func pairedSurrogatesAreValid() {
    #expect(JSONSyntaxChecker.firstError(in: Array(#"["\ud83c\udfac"]"#.utf8)) == nil)
  }
}
