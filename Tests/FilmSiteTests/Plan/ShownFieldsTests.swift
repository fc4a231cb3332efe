import Testing

@testable import FilmCatalog
@testable import FilmSite

/// What the plan keeps of a film's values: a value no page can show safely
/// is left out with one warning naming the film and the field, a blank one
/// silently, and every other value is kept as it is.
@Suite struct ShownFieldsTests {
  private func film(_ change: (inout Film.Fields) -> Void) -> Film {
    Film(id: "7", title: "Seven").with(change)
  }

  /// The film as the plan keeps it, and the fields its warnings name.
  private func checked(_ change: (inout Film.Fields) -> Void) -> (film: Film, fields: [String]) {
    let (film, warnings, _) = ShownFields.checked(film(change))
    return (film, warnings.map(\.field))
  }

  // MARK: - Rating and votes

  @Test(arguments: [0, 0.1, 5, 7.8, 9.99, 10])
  func ratingsFrom0To10AreKept(_ rating: Double) {
    let result = checked { $0.rating = rating }
    #expect(result.film.rating == rating)
    #expect(result.fields.isEmpty)
  }

  @Test(arguments: [11, -1, 10.000_001, -0.01, 1e300, Double.infinity, -Double.infinity, .nan])
  func otherRatingsAreLeftOut(_ rating: Double) {
    let result = checked {
      $0.rating = rating
      $0.voteCount = 12
    }
    #expect(result.film.rating == nil)
    #expect(result.film.voteCount == 12)
    #expect(result.fields == ["rating"])
  }

  @Test func aNegativeVoteCountIsLeftOutAndTheRatingKept() {
    let result = checked {
      $0.rating = 7.5
      $0.voteCount = -3
    }
    #expect(result.film.rating == 7.5)
    #expect(result.film.voteCount == nil)
    #expect(result.fields == ["voteCount"])
    #expect(checked { $0.voteCount = 0 }.film.voteCount == 0)
  }

  // MARK: - Links

  @Test func linksThatPagesCanMakeAreKeptAsGiven() {
    let result = checked {
      $0.homepage = "https://example.com/ü"
      $0.imdbId = "tt0133093"
      $0.trailer = Film.Trailer(site: "YouTube", key: "dQw4w9WgXcQ")
    }
    #expect(result.fields.isEmpty)
    #expect(result.film.homepage == "https://example.com/ü")
    #expect(result.film.imdbId == "tt0133093")
    #expect(result.film.trailer == Film.Trailer(site: "YouTube", key: "dQw4w9WgXcQ"))
  }

  @Test func linksThatPagesCannotMakeAreLeftOut() {
    let result = checked {
      $0.homepage = "javascript:alert(1)"
      $0.imdbId = "../x"
      $0.trailer = Film.Trailer(site: "YouTube", key: "javascript:alert(1)")
    }
    #expect(result.film.homepage == nil)
    #expect(result.film.imdbId == nil)
    #expect(result.film.trailer == nil)
    #expect(result.fields == ["trailer", "imdbId", "homepage"])
    let unknownSite = checked { $0.trailer = Film.Trailer(site: "Dailymotion", key: "x7tgad0") }
    #expect(unknownSite.film.trailer == nil)
    #expect(unknownSite.fields == ["trailer"])
  }

  // MARK: - Release date

  @Test(arguments: ["1999-10-15", "2000-02-29", "1600-02-29", "2024-12-31", "0001-01-01"])
  func calendarDatesAreKept(_ date: String) {
    #expect(ShownFields.isCalendarDate(date))
    #expect(checked { $0.releaseDate = date }.film.releaseDate == date)
  }

  @Test(arguments: [
    "1999", "1999-10", "1900-02-29", "2023-02-29", "1999-04-31", "1999-13-01", "1999-00-10",
    "1999-10-00", "1999-10-32", "1999-1-15", "99-10-15", " 1999-10-15", "1999-10-15T00:00",
    "1999/10/15", "１９９９-10-15", "1999-10-1x", "javascript:x", "0000-01-01",
  ])
  func otherDatesAreLeftOut(_ date: String) {
    #expect(!ShownFields.isCalendarDate(date))
    let result = checked {
      $0.year = 1999
      $0.releaseDate = date
    }
    #expect(result.film.releaseDate == nil)
    #expect(result.film.year == 1999)
    #expect(result.fields == ["releaseDate"])
  }

  // MARK: - Images

  @Test(arguments: [
    "/kqjL17yufvn9OVLyXYpvtyrFfak.jpg", "poster.jpg", "/a b<c>.jpg", "\" onerror=\"alert(1)",
    "/javascript:alert(1)", "https://image.example/p.jpg", "HTTP://Image.example/p.jpg",
    "  /padded.jpg  ", "%6Aavascript:alert(1)", "/é.jpg",
  ])
  func imagePathsAndHTTPURLsAreKept(_ path: String) {
    #expect(ShownFields.imagePathProblem(path) == nil)
    let result = checked {
      $0.posterPath = path
      $0.backdropPath = path
    }
    #expect(result.film.posterPath == path)
    #expect(result.film.backdropPath == path)
    #expect(result.fields.isEmpty)
  }

  @Test(arguments: [
    ("javascript:alert(1)", FieldWarning.Problem.scheme("javascript")),
    (" JavaScript:alert(1)", .scheme("javascript")),
    ("data:image/svg+xml,<svg onload=alert(1)>", .scheme("data")),
    ("DATA:image/png;base64,iVBORw0KGgo=", .scheme("data")),
    ("file:///etc/passwd", .scheme("file")),
    ("vbscript:msgbox(1)", .scheme("vbscript")), ("httpx://cdn.example/x.jpg", .scheme("httpx")),
    ("https:///x.jpg", .notHTTPURL), ("https://", .notHTTPURL), ("http:x.jpg", .notHTTPURL),
    ("https://@evil.example/x.jpg", .notHTTPURL), ("//evil.example/x.jpg", .hostWithoutScheme),
    (#"\\evil.example\x.jpg"#, .hostWithoutScheme), (#"/\evil.example/x.jpg"#, .hostWithoutScheme),
    ("/a\nb.jpg", .controlCharacter), ("/a\u{1B}[31m.jpg", .controlCharacter),
    ("/a\tb.jpg", .controlCharacter), ("/a\u{7F}.jpg", .controlCharacter),
    ("/a\u{85}.jpg", .controlCharacter), ("/a\u{0}.jpg", .controlCharacter),
  ])
  func unsafeImagePathsAreLeftOut(path: String, problem: FieldWarning.Problem) {
    #expect(ShownFields.imagePathProblem(path) == problem)
    let result = checked {
      $0.posterPath = path
      $0.backdropPath = path
    }
    #expect(result.film.posterPath == nil)
    #expect(result.film.backdropPath == nil)
    #expect(result.fields == ["posterPath", "backdropPath"])
  }

  @Test func imagePathsLongerThanTheLimitAreLeftOut() {
    let longest = "/" + String(repeating: "a", count: ShownFields.maximumPathBytes - 1)
    #expect(ShownFields.imagePathProblem(longest) == nil)
    #expect(
      ShownFields.imagePathProblem(longest + "a")
        == .tooLong(bytes: ShownFields.maximumPathBytes + 1))
  }

  // MARK: - Cast

  @Test func castEntriesWithoutANameAreDroppedAndBlankCharactersMadeNil() {
    let result = checked {
      $0.cast = [
        Film.CastMember(name: "Kim Novak", character: "Madeleine"),
        Film.CastMember(name: "  ", character: "Nobody"),
        Film.CastMember(name: "", character: nil),
        Film.CastMember(name: "James Stewart", character: " \n "),
        Film.CastMember(name: "<script>alert(1)</script>", character: "</script>"),
      ]
    }
    #expect(
      result.film.cast == [
        Film.CastMember(name: "Kim Novak", character: "Madeleine"),
        Film.CastMember(name: "James Stewart", character: nil),
        Film.CastMember(name: "<script>alert(1)</script>", character: "</script>"),
      ])
    #expect(result.fields.isEmpty)
  }

  @Test func aCastPastTheLimitKeepsItsFirstBilledWithAWarning() {
    let cast = (0..<10_000).map { Film.CastMember(name: "Actor \($0)", character: "Part \($0)") }
    let result = checked { $0.cast = [Film.CastMember(name: " ")] + cast }
    #expect(result.film.cast == Array(cast.prefix(ShownFields.castLimit)))
    #expect(result.fields == ["cast"])
    let atTheLimit = Array(cast.prefix(ShownFields.castLimit))
    let kept = checked { $0.cast = atTheLimit }
    #expect(kept.film.cast == atTheLimit)
    #expect(kept.fields.isEmpty)
    // Entries without a name do not count towards the limit.
    let padded = checked { $0.cast = atTheLimit + [Film.CastMember(name: "")] }
    #expect(padded.film.cast == atTheLimit)
    #expect(padded.fields.isEmpty)
  }

  // MARK: - Blank values and films as they are

  @Test func blankValuesAreAbsentWithoutAWarning() {
    let result = checked {
      $0.posterPath = ""
      $0.releaseDate = ""
      $0.backdropPath = "  "
      $0.imdbId = ""
      $0.homepage = " "
    }
    #expect(result.fields.isEmpty)
    #expect(result.film == film { _ in })
  }

  @Test func aFilmWithNothingToLeaveOutIsKeptAsItIs() {
    let whole = film {
      $0.posterPath = "/p.jpg"
      $0.releaseDate = "1958-05-09"
      $0.rating = 8.3
      $0.voteCount = 5_000
      $0.cast = [Film.CastMember(name: "Kim Novak")]
      $0.backdropPath = "/b.jpg"
      $0.trailer = Film.Trailer(site: "Vimeo", key: "123")
      $0.imdbId = "tt0052357"
      $0.homepage = "https://example.com"
    }
    let (kept, warnings, leftOut) = ShownFields.checked(whole)
    #expect(kept == whole)
    // The same store, not a copy. (Compared outside `#expect`: its expansion of `===` on
    // two `AnyObject`s crashes this compiler in a debug build.)
    let isSameStore = kept.storage.object === whole.storage.object
    #expect(isSameStore)
    #expect(warnings.isEmpty)
    #expect(!leftOut)
  }

  @Test func warningsFollowTheFilmsThenTheFieldTable() {
    let films = (0..<3).map { number in
      Film(id: String(number), title: "F\(number)").with {
        $0.homepage = "javascript:\(number)"
        $0.rating = 11
      }
    }
    let (kept, warnings, leftOut) = ShownFields.checked(films)
    #expect(kept.map(\.id) == ["0", "1", "2"])
    #expect(
      warnings.map { "\($0.filmID) \($0.field)" } == [
        "0 rating", "0 homepage", "1 rating", "1 homepage", "2 rating", "2 homepage",
      ])
    #expect(kept.allSatisfy { $0.homepage == nil && $0.rating == nil })
    #expect(leftOut == [true, true, true])
  }

  @Test func aFilmKnownWholeIsKeptUncheckedAndTheOthersAreChecked() {
    let blankPoster = film { $0.posterPath = "  " }
    let badRating = film { $0.rating = 11 }
    let blankCharacter = film { $0.cast = [Film.CastMember(name: "Kim Novak", character: " ")] }
    let films = [blankPoster, badRating, blankCharacter]
    let (kept, warnings, leftOut) = ShownFields.checked(films, whole: [true, false, false])
    // Known whole, it is not read again: what it holds stays, unchecked.
    let isSameStore = kept[0].storage.object === blankPoster.storage.object
    #expect(isSameStore)
    #expect(kept[1].rating == nil)
    #expect(kept[2].cast == [Film.CastMember(name: "Kim Novak")])
    #expect(warnings.map(\.field) == ["rating"])
    // Left a value short with a warning, and without one.
    #expect(leftOut == [false, true, true])
    // Marks for other films than these are not theirs: every film is checked.
    let unmatched = ShownFields.checked(films, whole: [true])
    #expect(unmatched.leftOut == [true, true, true])
    #expect(unmatched.films[0].posterPath == nil)
  }

  @Test func everyWarningNamesAFieldOfTheTable() {
    let (_, warnings, _) = ShownFields.checked(
      film {
        $0.posterPath = "javascript:x"
        $0.releaseDate = "x"
        $0.rating = -1
        $0.voteCount = -1
        $0.cast = Array(repeating: Film.CastMember(name: "A"), count: ShownFields.castLimit + 1)
        $0.backdropPath = "data:x"
        $0.trailer = Film.Trailer(site: "x", key: "y")
        $0.imdbId = "x"
        $0.homepage = "x"
      })
    let names = FilmField.all.map(\.name)
    #expect(warnings.count == 9)
    #expect(warnings.map(\.field) == names.filter(Set(warnings.map(\.field)).contains))
  }
}
