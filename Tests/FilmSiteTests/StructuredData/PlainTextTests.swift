import Testing

@testable import FilmSite

/// The plain text that descriptions show of a film's Markdown overview.
@Suite struct PlainTextTests {
  @Test(
    arguments: [
      (
        "A hacker learns the world is a *simulation* and joins the [resistance](https://x.org).",
        "A hacker learns the world is a simulation and joins the resistance."
      ),
      ("Tom & Jerry say \"hi\" < 3 > 2 'ok'", "Tom & Jerry say \"hi\" < 3 > 2 'ok'"),
      ("*sim*ulation, `code` and **bold**", "simulation, code and bold"),
      ("Two\nlines\n\n  and   spaces ", "Two lines and spaces"),
      ("Say <b>raw</b> <script>alert(1)</script>", "Say raw alert(1)"),
      ("# Not a heading", "# Not a heading"),
      ("&copy; &#65; &amp;", "© A &"),
      ("   ", nil),
    ] as [(String, String?)])
  func showsWhatAReaderSeesWithoutMarkup(markdown: String, text: String?) {
    #expect(PlainText.overview(markdown, renderer: MarkdownRenderer()) == text)
  }

  @Test func aVeryLongOverviewIsItsLiteralText() {
    let long = String(repeating: "*a* ", count: PageContexts.maximumMarkdownOverview / 3)
    let text = PlainText.overview(long, renderer: MarkdownRenderer())
    #expect(text?.hasPrefix("*a* *a*") == true)
  }

  @Test(arguments: [
    ("short", 10, "short"),
    ("one two three four", 12, "one two…"),
    ("abcdefghijklmnop", 8, "abcdefg…"),
    ("a bcdefghijklmnop", 8, "a bcdef…"),
    ("exactly ten", 11, "exactly ten"),
    // Characters, not bytes: each of these is longer in UTF-8 than its limit.
    ("café crème", 10, "café crème"),
    ("e\u{301}e\u{301}e\u{301}", 3, "e\u{301}e\u{301}e\u{301}"),
    ("🎬🎬🎬🎬", 3, "🎬🎬…"),
  ])
  func shortensAtASpaceInTheSecondHalf(text: String, limit: Int, shortened: String) {
    let result = PlainText.shortened(text, to: limit)
    #expect(result == shortened)
    #expect(result.count <= limit)
  }
}
