import Testing

@testable import FilmSite

/// A link to a film or page is reported at the line and column of its `[`
/// (an autolink's `<`, an image's `!`) in the file, the column in Unicode
/// scalars, wherever it sits in the document.
@Suite struct MarkdownLinkPositionTests {
  /// Where the one link of `markdown` is reported, counting from `firstLine`.
  private func position(of markdown: String, firstLine: Int = 1) throws -> [Int] {
    let links = try MarkdownRenderer().links(in: markdown, firstLine: firstLine)
    return links.map(\.line) + links.map(\.column)
  }

  @Test(arguments: [
    // A link on line 7, column 12.
    ("One\n\nTwo\n\nThree\n\nWatch also [Vertigo](film:426).", 7, 12),
    ("- one\n- two [x](film:1)", 2, 7),
    ("*see [x](film:1)*", 1, 6),
    ("**_[x](film:1)_**", 1, 4),
    ("## [x](film:1)", 1, 4),
    ("  ## [x](film:1) ##", 1, 6),
    ("Title [x](film:1)\n===", 1, 7),
    ("1. a\n2. b\n\n   c [x](film:1)", 4, 6),
    ("> q [x](film:1)", 1, 5),
    ("- > - deep [x](film:1)", 1, 12),
    // A table is a paragraph to cmark, whose third line holds the link.
    ("|a|b|\n|-|-|\n|[x](film:1)|y|", 3, 2),
    // Later lines of a paragraph: indented, lazy, quoted with extra space, nested.
    ("- a\n  b [x](film:1)", 2, 5),
    ("- a\nlazy [x](film:1)", 2, 6),
    ("> q1\n>  q2 [x](film:1)", 2, 7),
    ("> > n1\n> > n2 [x](film:1)", 2, 8),
    ("> - a\n>   b [x](film:1)", 2, 7),
    ("para\n   three spaces [x](film:1)", 2, 17),
    // Link text over two lines, or starting with a line break.
    ("x [Rear\nWindow](film:1)", 1, 3),
    ("x [a *b\nc* d](film:1)", 1, 3),
    ("x [\nWindow](film:1)", 1, 3),
    ("a\nb\nc [Rear\nWindow](film:1)", 3, 3),
    // Line breaks inside code spans and inline HTML before the link.
    ("`code\nspan` [x](film:1)", 2, 7),
    ("<span\nx> [x](film:1)", 2, 4),
    // ... when the line they end on is lazy: cmark counts from where the
    // line's containers end, not from its first character.
    ("- a `c\n  d` [x](film:1)", 2, 6),
    ("- a `c\nd` [x](film:1)", 2, 4),
    ("1. a `c\n  d` [x](film:1)", 2, 6),
    ("> - a `c\n>  d` [x](film:1)", 2, 7),
    ("- a <span\n  x> [x](film:1)", 2, 6),
    // Backticks no code span closes: cmark places their text after them.
    ("a [``c](film:1)", 1, 3),
    ("a ``b [`c](film:1)", 1, 7),
    ("a\n``b [x](film:1)", 2, 5),
    ("- a\n  ``b [x](film:1)", 2, 7),
    ("a [\\`c](film:1)", 1, 3),
    // ... but an email autolink's text, which may start with one, has the right column.
    ("Write to\n<`me@example.com> or see [Vertigo](film:426).", 2, 26),
    ("- a\\\n  <`a@b.c> [x](film:1)", 2, 12),
    // A `[`, `!` or `<` in a lazy line's indent, after the link's own, is not taken for it.
    ("1. a `c\n  d` [[x]](film:1)", 2, 6),
    ("1. a <span\n  x> [<](film:1)", 2, 6),
    // Non-ASCII text before the link counts one column per scalar.
    ("Amélie 🎬 [x](film:1)", 1, 10),
    ("- ß\n  ü [x](film:1)", 2, 5),
    // Autolinks, reference links (where they are used) and images.
    ("- x <film:1>", 1, 5),
    ("> a\n> b <film:1>", 2, 5),
    ("[x][ref]\n\n[ref]: film:9", 1, 1),
    ("- text [x][ref]\n\n[ref]: film:9", 1, 8),
    ("- text [ref]\n\n[ref]: film:9", 1, 8),
    // Line endings other than a line feed, and tabs.
    ("a\r\nb [x](film:1)", 2, 3),
    ("a\rb [x](film:1)", 2, 3),
    ("-\tx [x](film:1)", 1, 5),
    ("> a\n>\tb [x](film:1)", 2, 5),
    // cmark reads a NUL as U+FFFD and skips a byte order mark; columns are the file's.
    ("\u{0}[x](film:1)", 1, 2),
    ("a\u{0}\u{0}b [x](film:1)", 1, 6),
    ("a\n- \u{0} b\n  c\u{0} [x](film:1)", 3, 6),
    ("\u{FEFF}[x](film:1)", 1, 1),
  ])
  func linkIsReportedAtItsFirstCharacter(markdown: String, line: Int, column: Int) throws {
    #expect(try position(of: markdown) == [line, column], "\(markdown.debugDescription)")
  }

  @Test func laterLinksOnALazyLineAfterACodeSpanAreWhereTheyAre() throws {
    #expect(try position(of: "1. a `c\n  d` [x](film:1) [<](film:2)") == [2, 2, 6, 18])
  }

  @Test func linesCountFromTheLineTheBodyStartsOn() throws {
    #expect(try position(of: "[x](film:1)", firstLine: 5) == [5, 1])
    #expect(try position(of: "a\n\n- b [x](film:1)", firstLine: 4) == [6, 5])
  }

  @Test func unknownTargetsAreReportedWhereTheyAre() {
    let markdown = "One\n\nTwo\n\nThree\n\nWatch also [Vertigo](film:426).\n"
    #expect(
      throws: MarkdownLinkError(faults: [
        .init(destination: "film:426", line: 7, column: 12, reason: .unknownFilm(id: "426"))
      ])
    ) { try MarkdownRenderer().html(from: markdown) { _ in nil } }
  }

  @Test func positionsStayInsideTheDocumentForAnyInput() throws {
    // Lines of markers and tabs whose columns cmark counts from elsewhere.
    let documents = [
      "> >\t> x\n>>>>>> [a](film:1)", "-\t-\t- a\n\t\t\t[b](film:2)", "\u{0}\u{0}[c](film:3)",
      "\u{FEFF}\u{FEFF}[d](film:4)", "x\n\n\n\r\r\n[e](film:5)\r",
      String(repeating: ">", count: 5_000) + " a\n" + String(repeating: ">", count: 5_000)
        + String(repeating: " [f](film:6)", count: 2_000),
    ]
    for document in documents {
      let lines = document.utf8.count { $0 == 0x0A || $0 == 0x0D } + 1
      let label = document.prefix(40).debugDescription
      let links = try MarkdownRenderer().links(in: document)
      #expect(!links.isEmpty, "\(label)")
      for link in links {
        #expect((1...lines).contains(link.line), "\(label)")
        #expect((1...document.unicodeScalars.count).contains(link.column), "\(label)")
      }
    }
  }

  @Test func manyLinksInALargeDocumentAreResolvedInLinearTime() throws {
    let line = "A film, [Vertigo](film:426), and a page, [About](@/about.md).\n"
    // Many lines, and one long line, where each column is counted on from the last.
    for (markdown, lastLine, lastColumn) in [
      (String(repeating: line, count: 20_000), 20_000, 42),
      (String(repeating: "[V](film:426) ", count: 20_000), 1, 19_999 * 14 + 1),
    ] {
      var asked = 0
      let start = ContinuousClock.now
      let html = try MarkdownRenderer().html(from: markdown) { _ in
        asked += 1
        return "../x/"
      }
      let links = try MarkdownRenderer().links(in: markdown)
      #expect(ContinuousClock.now - start < .seconds(20))
      #expect(asked == links.count)
      #expect(html.components(separatedBy: "<a href=\"../x/\">").count == links.count + 1)
      #expect(links.count >= 20_000)
      #expect(links.last?.line == lastLine)
      #expect(links.last?.column == lastColumn)
    }
  }
}
