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
    // The accent joins the byte after the first `limit`: still three characters.
    ("abc\u{301}", 3, "abc\u{301}"),
  ])
  func shortensAtASpaceInTheSecondHalf(text: String, limit: Int, shortened: String) {
    let result = PlainText.shortened(text, to: limit)
    #expect(result == shortened)
    #expect(result.count <= limit)
  }

  @Test func shortensAsTheReferenceDoesWhateverTheCharacters() {
    // ASCII (where bytes are counted), a carriage return and line feed (one
    // character), a letter and an accent that join, a letter of two bytes.
    let alphabet = ["a", "b", " ", " ", "\r", "\n", "\r\n", "e", "\u{301}", "é", "🎬"]
    var generator = SplitMix64(seed: 0x15_0B)
    for _ in 0..<5_000 {
      var text = ""
      for _ in 0..<Int.random(in: 0...30, using: &generator) {
        text += alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
      }
      let limit = Int.random(in: 1...24, using: &generator)
      #expect(PlainText.shortened(text, to: limit) == Self.referenceShortened(text, to: limit))
    }
  }

  /// `shortened` as it reads, counting characters: the reference the byte
  /// path for ASCII is held to.
  static func referenceShortened(_ text: String, to limit: Int) -> String {
    guard text.count > limit else { return text }
    let cut = text.prefix(limit - 1)
    if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2
    {
      return cut[..<space] + "…"
    }
    return cut + "…"
  }
}
