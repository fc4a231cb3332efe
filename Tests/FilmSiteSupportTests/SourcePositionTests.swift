import FilmSiteSupport
import Testing

@Suite struct SourcePositionTests {
  @Test(arguments: [
    ("", 0, 1, 1),
    ("abc", 0, 1, 1),
    ("abc", 2, 1, 3),
    ("abc", 3, 1, 4),
    ("abc", 99, 1, 4),
    ("a\nbc", 2, 2, 1),
    ("a\r\nbc", 4, 2, 2),
    ("é東😀x", 9, 1, 4),
    ("é東😀x", 10, 1, 5),
    ("line\n\n  é x", 10, 3, 4),
  ])
  func countsLinesAtLineFeedsAndColumnsInScalars(
    text: String, offset: Int, line: Int, column: Int
  ) {
    #expect(
      SourcePosition(offset: offset, in: Array(text.utf8))
        == SourcePosition(line: line, column: column))
  }
}
