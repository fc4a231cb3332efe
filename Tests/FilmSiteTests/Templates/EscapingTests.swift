import Testing

@testable import FilmSite

@Suite struct EscapingTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
    ("a & b", "a &amp; b"),
    (#"say "hi""#, "say &quot;hi&quot;"),
    ("it's", "it&#39;s"),
    ("x\u{0}y\u{7}z\u{85}", "xyz"),
    ("tab\tand\nline", "tab\tand\nline"),
    ("Amélie 🎬 \u{202E}", "Amélie 🎬 \u{202E}"),
    (String(decoding: [0xEF, 0xBF, 0xBE, 0xEF, 0xB7, 0x90], as: UTF8.self), ""),
  ])
  func html(input: String, output: String) {
    #expect(Escaping.html(input) == output)
  }

  @Test(arguments: [
    ("plain words", "plain words"),
    ("*bold* _it_", #"\*bold\* \_it\_"#),
    ("[x](javascript:alert(1))", #"\[x\]\(javascript\:alert\(1\)\)"#),
    ("<img src=x onerror=y>", #"\<img src\=x onerror\=y\>"#),
    ("line\n# heading\r\n> quote", ##"line \# heading  \> quote"##),
    ("&amp; `code`", #"\&amp\; \`code\`"#),
    ("back\\slash", #"back\\slash"#),
    ("Amélie\u{0}", "Amélie"),
    ("    indented genre", "indented genre"),
    ("\n\t  x", "x"),
  ])
  func markdown(input: String, output: String) {
    #expect(Escaping.markdown(input) == output)
  }

  @Test(arguments: [
    ("An *emphatic* [link](https://example.com).", "An *emphatic* [link](https://example.com)."),
    ("# Not a heading", ##"\# Not a heading"##),
    ("> not a quote", #"\> not a quote"#),
    ("- not a list", #"\- not a list"#),
    ("*emphasis* stays", "*emphasis* stays"),
    ("***", #"\***"#),
    ("```swift", #"\```swift"#),
    ("1999. A year", #"1999\. A year"#),
    ("2) second", #"2\) second"#),
    ("first\n\n# second", "first  # second"),
    ("    indented", "indented"),
    ("<script>alert(1) and the rest", #"\<script>alert(1) and the rest"#),
    ("<!-- never closed", #"\<!-- never closed"#),
  ])
  func markdownParagraph(input: String, output: String) {
    #expect(Escaping.markdownParagraph(input) == output)
  }

  @Test func terminalTextHasNoControlsAndIsCut() {
    #expect(Escaping.terminal("a\nb\u{1B}[31m") == "a b [31m")
    #expect(Escaping.terminal(String(repeating: "x", count: 100), limit: 5) == "xxxxx…")
  }

  @Test func forbiddenCharactersLeaveHTMLThatCmarkDecoded() {
    let html = MarkdownRenderer().html(from: "a &#1; b &#x85; c &#xFDD0; d · é")
    #expect(Escaping.removingForbiddenCharacters(html) == "<p>a  b  c  d · é</p>\n")
    #expect(Escaping.removingForbiddenCharacters("<p>plain · text</p>") == "<p>plain · text</p>")
  }

  @Test func terminalTextHidesDirectionControls() {
    #expect(Escaping.terminal("abc\u{202E}def\u{2066}") == "abc def ")
  }

  /// The escapers find forbidden characters in UTF-8 bytes; they must agree
  /// with the rule written on scalars for every character where it matters.
  @Test func byteLevelRuleAgreesWithTheScalarRule() {
    let planeEnds = (1...16).flatMap { plane in (0xFFF0...0xFFFF).map { plane << 16 | $0 } }
    let values = Array(0...0xD7FF) + Array(0xE000...0xFFFF) + planeEnds + [0x1F3AC, 0x10000]
    var disagreements: [UInt32] = []
    for value in values {
      guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
      let text = "a" + String(Character(scalar)) + "b"
      let kept = Escaping.removingForbiddenCharacters(text) == text
      if kept == Escaping.isForbidden(scalar) { disagreements.append(UInt32(value)) }
    }
    #expect(disagreements.isEmpty, "disagree on \(disagreements.prefix(10))")
  }

  /// Pages drop forbidden characters from their bytes, passing over eight
  /// plain bytes at a time; they must drop what the string form drops,
  /// wherever in a word the character falls.
  @Test func pageBytesLoseWhatTheStringFormLoses() {
    let scalars: [UInt32] = [0x1, 0x7F, 0x85, 0x9F, 0xA0, 0xFDD0, 0xFFFE, 0xFFFD, 0x1FFFF, 0x1F3AC]
    let pieces =
      ["a", "<p>", "\n", "\t", "\r", "·", "é", "\u{1B}", " ", "~"]
      + scalars.compactMap(Unicode.Scalar.init).map { String(Character($0)) }
    var state: UInt64 = 42
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    for _ in 0..<5000 {
      let text = (0..<(next() % 40)).map { _ in pieces[next() % pieces.count] }.joined()
      var bytes = Array(text.utf8)
      Escaping.removeForbiddenCharacters(from: &bytes)
      #expect(
        bytes == Array(Escaping.removingForbiddenCharacters(text).utf8), "\(Array(text.utf8))")
    }
  }

  /// Found by the `markdown` fuzz target: a dropped character before the leading spaces kept
  /// them, and four of them made the value an indented code block.
  @Test(arguments: ["\u{0}    x", "\u{1} \u{85}\t x", "\u{FFFE}\n    x"])
  func markdownDropsLeadingSpaceAfterADroppedCharacter(input: String) {
    #expect(Escaping.markdown(input) == "x")
    var bytes: [UInt8] = []
    var text = input
    text.withUTF8 { Escaping.appendMarkdown($0, to: &bytes) }
    #expect(bytes == Array("x".utf8))
  }

  /// cmark skips a byte order mark at the start of a document, so a value that starts with
  /// one (found by the `markdown` fuzz target: `"\u{04}\u{01}\u{FEFF}\0-"`) led with the
  /// character after it: a `-` made an empty list of an overview, and spaces a code block.
  @Test(arguments: [
    "\u{04}\u{01}\u{FEFF}\0-", "\u{FEFF}- x", "\u{FEFF} \u{FEFF}# x", "\u{FEFF}    x",
    "\u{FEFF}\u{1}\u{FEFF}> x",
  ])
  func leadingByteOrderMarksAreDropped(input: String) {
    let paragraph = Escaping.markdownParagraph(input)
    #expect(!paragraph.unicodeScalars.contains("\u{FEFF}"))
    let html = MarkdownRenderer().html(from: paragraph)
    #expect(html.hasPrefix("<p>") && !html.contains("<ul>") && !html.contains("<pre>"), "\(html)")
    #expect(!Escaping.markdown(input).unicodeScalars.contains("\u{FEFF}"))
    #expect(MarkdownRenderer().html(from: Escaping.markdown(input)).hasPrefix("<p>"))
    // Inside a value a byte order mark is text, kept as it is.
    #expect(Escaping.markdownParagraph("a\u{FEFF}-") == "a\u{FEFF}-")
  }

  @Test func escapingKeepsTextAroundDroppedCharacters() {
    #expect(Escaping.html("é\u{85}<ü\u{FFFF}") == "é&lt;ü")
    #expect(Escaping.markdown("\r\n é*\u{10FFFE}") == #"é\*"#)
    #expect(Escaping.markdownParagraph("  a\u{1}\nb  ") == "a b")
  }
}
