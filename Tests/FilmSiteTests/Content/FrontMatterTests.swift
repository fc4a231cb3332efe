import Testing

@testable import FilmSite

/// A content file splits into TOML front matter between `+++` lines and a
/// Markdown body, and every fault in the front matter is placed in the file.
@Suite struct FrontMatterTests {
  @Test func theFrontMatterAndTheBodySplitAtTheFences() throws {
    let split = try FrontMatter(
      text: "+++\ntitle = \"About\"\n+++\n# Hello\n\nText.\n", file: "content/about.md")
    #expect(split.table["title"]?.stringValue == "About")
    #expect(split.body == "# Hello\n\nText.\n")
    #expect(split.bodyLine == 4)
  }

  @Test func aFileWithoutAnOpeningFenceIsAllBody() throws {
    let split = try FrontMatter(text: "Just text.\n+++\n", file: "content/x.md")
    #expect(split.table.isEmpty)
    #expect(split.body == "Just text.\n+++\n")
    #expect(split.bodyLine == 1)
  }

  @Test func fencesMayEndInSpacesOrACarriageReturn() throws {
    let split = try FrontMatter(text: "+++ \r\nrating = 7\r\n+++\r\nBody\r\n", file: "n.md")
    #expect(split.table["rating"]?.integerValue == 7)
    #expect(split.body == "Body\r\n")
  }

  @Test func frontMatterThatNeverClosesFailsAtItsFirstLine() {
    #expect(
      throws: ContentError(
        file: "content/films/1.md", line: 1, column: 1,
        message: "the front matter that starts here is never closed: end it with a line of +++")
    ) {
      try FrontMatter(text: "+++\nrating = 7\nNo end.\n", file: "content/films/1.md")
    }
  }

  @Test func aTOMLErrorIsPlacedOnTheFilesLineNotTheFrontMatters() {
    do {
      _ = try FrontMatter(text: "+++\ntitle = \"A\"\nrating = = 7\n+++\n", file: "c/a.md")
      Issue.record("bad TOML was read")
    } catch {
      #expect(error.file == "c/a.md")
      #expect(error.line == 3)
      #expect(error.column > 1)
    }
  }
}
