import Testing

@testable import FilmSite

@Suite struct StringTrimmingTests {
  @Test(arguments: [
    ("Heat", "Heat"), ("  Heat \n", "Heat"), ("\u{A0}Amélie\u{3000}", "Amélie"), ("", ""),
    ("   ", ""), ("a b", "a b"), ("\tx", "x"), ("x\r\n", "x"), ("é ", "é"), (" \u{301}a", "a"),
    ("a\u{2028}", "a"), ("\u{85}b", "b"), ("!", "!"), ("~ ~", "~ ~"),
  ])
  func trimsWhiteSpaceAtBothEndsOnly(text: String, trimmed: String) {
    #expect(text.trimmingSpaces() == trimmed)
    // The same as trimming character by character, the slow way.
    var slice = Substring(text)
    while slice.first?.isWhitespace == true { slice.removeFirst() }
    while slice.last?.isWhitespace == true { slice.removeLast() }
    #expect(text.trimmingSpaces() == String(slice))
  }
}
