import Foundation
import Testing

@testable import FilmSite

/// Reading a content folder: notes in `films/`, pages everywhere else at
/// their paths, and a positioned error for a file that cannot be used.
@Suite struct SiteContentTests {
  /// Writes `files` (path → text) into a new content folder and reads it.
  private func load(_ files: [String: String]) throws -> SiteContent {
    try Fixtures.withTemporaryDirectory { root in
      let folder = root + "/content"
      for (path, text) in files {
        let full = folder + "/" + path
        try FileManager.default.createDirectory(
          atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
      }
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      return try SiteContent.load(from: folder)
    }
  }

  /// The message of the error reading `files` gives, with the file's path
  /// inside the content folder.
  private func failure(_ files: [String: String]) -> String? {
    do {
      _ = try load(files)
      return nil
    } catch let error as ContentError {
      let file = error.file.components(separatedBy: "/content/").last ?? error.file
      return "\(file):\(error.line):\(error.column): \(error.message)"
    } catch {
      return "\(error)"
    }
  }

  private static let about = "+++\ntitle = \"About\"\n+++\nHello.\n"

  @Test func notesArePerFilmAndPagesLandAtTheirPaths() throws {
    let content = try load([
      "films/426.md": "+++\nrating = 9\n+++\n",
      "films/_2e2e2f78.md": "Encoded id.\n",
      "about.md": Self.about,
      "festival/index.md": "+++\ntitle = \"Festival\"\n+++\n",
      "festival/2026.md": "+++\ntitle = \"2026\"\ndate = 2026-06-01\n+++\nProgramme.\n",
    ])
    #expect(content.notes.keys.sorted() == ["426", "_2e2e2f78"])
    #expect(content.notes["426"]?.rating == 9)
    #expect(content.pages.map(\.path) == ["about.md", "festival/2026.md", "festival/index.md"])
    #expect(content.pages.map(\.route.description) == ["about/", "festival/2026/", "festival/"])
    #expect(content.pages.map(\.title) == ["About", "2026", "Festival"])
  }

  @Test func hiddenFilesAndFilesThatAreNotMarkdownAreLeftAlone() throws {
    let content = try load([
      ".about.md.swp": "junk", "about.md": Self.about, "films/.1.md": "+++\n", "poster.jpg": "x",
      "notes.txt": "x",
    ])
    #expect(content.pages.map(\.path) == ["about.md"])
    #expect(content.notes.isEmpty)
  }

  @Test func theHashChangesWithAnyFilesBytesOrName() throws {
    let one = try load(["about.md": Self.about])
    let same = try load(["about.md": Self.about])
    let edited = try load(["about.md": Self.about + " "])
    let renamed = try load(["us.md": Self.about])
    #expect(one.hash == same.hash)
    #expect(one.hash != edited.hash)
    #expect(one.hash != renamed.hash)
    #expect(one.hash != SiteContent.empty.hash)
  }

  @Test(arguments: [
    (
      "films.md",
      "films.md:1:1: its page films/ would replace the films' pages, films/; rename the file"
    ),
    (
      "genres/drama.md",
      "genres/drama.md:1:1: its page genres/drama/ would replace the list of genres, genres/; rename the file"
    ),
    (
      "page/2.md",
      "page/2.md:1:1: its page page/2/ would replace the index's pages, page/; rename the file"
    ),
    (
      "index.md",
      "index.md:1:1: its page index.html would replace the home page, index.html; rename the file"
    ),
    (
      "search.md",
      "search.md:1:1: its page search/ would replace the search page, search/; rename the file"
    ),
    (
      "assets/x.md",
      "assets/x.md:1:1: its page assets/x/ would replace the theme's assets, assets/; rename the file"
    ),
    (
      "tags.md",
      "tags.md:1:1: its page tags/ would replace the list of tags, tags/; rename the file"
    ),
  ])
  func aPageInTheWayOfAGeneratedOneIsRefusedNamingBoth(path: String, message: String) {
    #expect(failure([path: Self.about]) == message)
  }

  @Test func twoFilesOfOnePageAreRefused() throws {
    let message = try #require(failure(["about.md": Self.about, "about/index.md": Self.about]))
    #expect(message.hasPrefix("about/index.md:1:1: its page about/ is also the page of "))
    #expect(message.hasSuffix("content/about.md; rename one of them"))
  }

  @Test(arguments: [
    (
      "Über uns.md",
      "\"Über uns\" cannot be part of a page's URL: use a-z, 0-9, - and _ (such as uber-uns)"
    ),
    ("About.md", "\"About\" cannot be part of a page's URL: use a-z, 0-9, - and _ (such as about)"),
    ("-x.md", "\"-x\" cannot be part of a page's URL: use a-z, 0-9, - and _ (such as x)"),
    ("a b/c.md", "\"a b\" cannot be part of a page's URL: use a-z, 0-9, - and _ (such as a-b)"),
  ])
  func aPageNameThatCannotBeAURLIsRefusedWithAName(path: String, message: String) {
    #expect(failure([path: Self.about]) == path + ":1:1: " + message)
  }

  @Test(arguments: ["Vertigo", "tt-1", "_2e2", "_xyz1", "a.b"])
  func aNoteNamedForNoPossibleIDIsRefused(name: String) throws {
    let message = try #require(failure(["films/\(name).md": "Note.\n"]))
    #expect(message.hasPrefix("films/\(name).md:1:1: \(name).md names no film id"))
  }

  @Test func aNoteInAFolderBelowFilmsIsRefused() {
    #expect(
      failure(["films/old/1.md": "Note.\n"])
        == "films/old/1.md:1:1: a note goes directly in films/, named for its film's id: films/<id>.md"
    )
  }

  @Test func aPageNeedsATitle() {
    #expect(
      failure(["about.md": "No front matter.\n"])
        == "about.md:1:1: a page needs a title: start the file with +++, title = \"…\", +++")
  }

  @Test func aPagesUnknownKeyIsPlaced() {
    #expect(
      failure(["about.md": "+++\ntitle = \"A\"\nweight = 3\n+++\n"])
        == "about.md:3:1: unknown key weight; a page sets title, date, description")
  }

  @Test func aFileTooLargeIsRefusedBeforeItIsParsed() {
    let huge = String(repeating: "x", count: ContentFiles.maximumFileSize + 1)
    #expect(
      failure(["films/1.md": huge])
        == "films/1.md:1:1: the file is larger than 4 MiB, the most a content file may be")
  }

  @Test func aFileThatIsNotUTF8IsRefused() throws {
    try Fixtures.withTemporaryDirectory { root in
      try FileManager.default.createDirectory(
        atPath: root + "/films", withIntermediateDirectories: true)
      try Data([0x2B, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: root + "/films/1.md"))
      #expect(
        throws: ContentError(
          file: root + "/films/1.md", line: 1, column: 1, message: "the file is not UTF-8 text")
      ) {
        try SiteContent.load(from: root)
      }
    }
  }
}
