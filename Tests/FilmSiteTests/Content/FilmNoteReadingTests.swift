import Testing

@testable import FilmCatalog
@testable import FilmSite

/// A note's front matter: the keys a note has, any film field as a
/// correction, and a positioned error for anything else.
@Suite struct FilmNoteReadingTests {
  private func note(_ frontMatter: String, body: String = "") throws(ContentError) -> FilmNote {
    let split = try FrontMatter(
      text: "+++\n" + frontMatter + "\n+++\n" + body, file: "content/films/426.md")
    return try FilmNote(file: "content/films/426.md", idSegment: "426", frontMatter: split)
  }

  private func error(_ frontMatter: String) -> ContentError? {
    do {
      _ = try note(frontMatter)
      return nil
    } catch {
      return error
    }
  }

  @Test func everyKeyOfANoteIsRead() throws {
    let read = try note(
      """
      rating = 8.5
      watched = [2024-05-01, 2026-11-30T20:00:00+01:00]
      tags = [" Noir ", "Favourites", "Noir"]
      featured = true
      """, body: "A *note*.\n")
    #expect(read.rating == 8.5)
    #expect(read.watched.map(\.iso) == ["2024-05-01", "2026-11-30T20:00:00+01:00"])
    #expect(read.tags == ["Noir", "Favourites"])
    #expect(read.featured)
    #expect(read.body == "A *note*.\n")
    #expect(read.bodyLine == 7)
    #expect(read.overrides.isEmpty)
  }

  @Test func filmFieldsAreCorrectionsInEitherSpelling() throws {
    let read = try note(
      """
      title = "Vertigo"
      release_date = "1958-05-09"
      year = 1958
      genres = ["Thriller", "Mystery"]
      vote_average = 8.3
      cast = [{ name = "James Stewart", character = "Scottie" }, { name = "Kim Novak" }]
      trailer = { site = "YouTube", key = "Z5jvQwwHQNY" }
      """)
    let film = read.applied(to: Film(id: "426", title: "Vertigo (1958)", year: 1957))
    #expect(film.title == "Vertigo")
    #expect(film.releaseDate == "1958-05-09")
    #expect(film.year == 1958)
    #expect(film.genres == ["Thriller", "Mystery"])
    #expect(film.rating == 8.3)
    #expect(
      film.cast == [.init(name: "James Stewart", character: "Scottie"), .init(name: "Kim Novak")])
    #expect(film.trailer == Film.Trailer(site: "YouTube", key: "Z5jvQwwHQNY"))
    #expect(film.id == "426")
    #expect(read.overrides.count == 7)
  }

  @Test func theOwnersRatingIsNotTheSourcesRating() throws {
    let film = try note("rating = 4").applied(
      to: Film(id: "426", title: "X").with { $0.rating = 9 })
    #expect(film.rating == 9)
  }

  @Test func aRatingOutOfRangeIsPlacedAtItsValue() {
    #expect(
      error("featured = true\nrating = 11")
        == ContentError(
          file: "content/films/426.md", line: 3, column: 10,
          message: "rating is 11.0; it must be from 0 to 10"))
  }

  @Test func anUnknownKeyIsPlacedAtTheKey() throws {
    let found = try #require(error("featured = true\n  ratng = 5"))
    #expect((found.line, found.column) == (3, 3))
    #expect(
      found.message.hasPrefix("unknown key ratng; a note sets rating, watched, tags, featured"))
  }

  @Test(arguments: [
    ("rating = \"high\"", "rating is a string; it must be a number from 0 to 10"),
    (
      "watched = 2024-05-01",
      "watched is a local date; it must be an array of dates, like [2026-11-30]"
    ),
    (
      "watched = [\"2024-05-01\"]",
      "watched holds a string; each must be \(ContentDate.expectation)"
    ),
    (
      "watched = [2024-05-01T10:00:00]",
      "watched holds a local date-time; each must be \(ContentDate.expectation)"
    ),
    ("tags = \"noir\"", "tags is a string; it must be an array of strings"),
    ("tags = [1]", "tags holds an integer; each tag must be a string"),
    ("tags = [\"  \"]", "tags holds an empty name"),
    ("featured = \"yes\"", "featured is a string; it must be true or false"),
    ("year = \"1958\"", "year is a string; it must be an integer"),
    ("title = \" \"", "title is empty; a film needs a title"),
    ("genres = [\"A\", 2]", "genres holds an integer; it must be an array of strings"),
    (
      "cast = [{ actor = \"X\" }]",
      "cast holds a table; it must be an array of tables with a string \"name\""
    ),
    (
      "trailer = { site = \"YouTube\" }",
      "trailer is a table; it must be a table with strings \"site\" and \"key\""
    ),
  ])
  func aValueOfTheWrongTypeIsRefused(line: String, message: String) throws {
    let found = try #require(error(line))
    #expect(found.message == message)
    #expect(found.line == 2)
  }

  @Test func theIDCannotBeSet() throws {
    let found = try #require(error("id = \"427\""))
    #expect(
      found.message == "the id cannot be set: the file's name says which film the note is for")
  }

  @Test func aFieldSetTwiceInTwoSpellingsIsRefused() throws {
    let found = try #require(error("release_date = \"1958-05-09\"\nreleaseDate = \"1958-05-10\""))
    #expect((found.line, found.column) == (3, 1))
    #expect(found.message == "releaseDate sets the field releaseDate a second time")
  }
}
