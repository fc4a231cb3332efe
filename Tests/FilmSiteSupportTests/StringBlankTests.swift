import FilmSiteSupport
import Testing

@Suite struct StringBlankTests {
  /// White space of any kind, and nothing at all, is blank; a visible
  /// character anywhere, or a mark that white space does not carry, is not.
  @Test(arguments: [
    ("", true), (" ", true), ("\t\n ", true), ("\u{3000}", true), ("\u{A0}", true),
    ("a", false), (" a ", false), ("\u{301}", false), ("\u{200B}", false), ("-", false),
  ])
  func blankIsEmptyOrWhiteSpaceAlone(text: String, isBlank: Bool) {
    #expect(text.isBlank == isBlank)
  }
}
