import Testing

@testable import FilmCatalog
@testable import FilmSite

/// The line a warning prints: the film by id and title, the field, the value
/// as given, and what was done, on one line whatever the film's text holds.
@Suite struct FieldWarningTests {
  private func line(_ film: Film) -> [String] {
    ShownFields.checked(film).warnings.map(\.description)
  }

  @Test func eachLineNamesTheFilmTheFieldAndTheValue() {
    let vertigo = Film(id: "426", title: "Vertigo").with {
      $0.posterPath = "data:image/svg+xml,<svg>"
      $0.releaseDate = "1958-02-30"
      $0.rating = 11
      $0.voteCount = -2
      $0.cast = Array(
        repeating: Film.CastMember(name: "Kim Novak"), count: ShownFields.castLimit + 5)
      $0.backdropPath = "//evil.example/x.jpg"
      $0.trailer = Film.Trailer(site: "Dailymotion", key: "x7tgad0")
      $0.imdbId = "../x"
      $0.homepage = "javascript:alert(1)"
    }
    let film = #"film 426 "Vertigo": field "#
    #expect(
      line(vertigo) == [
        film
          + #""posterPath": "data:image/svg+xml,<svg>" is a data: URL, not an image path or an http(s) URL; left out"#,
        film + #""releaseDate": "1958-02-30" is not a calendar date (YYYY-MM-DD); left out"#,
        film + #""rating": 11 is not a rating from 0 to 10; left out"#,
        film + #""voteCount": -2 is not a count of votes (it is negative); left out"#,
        film + #""cast": 1005 performers; the first 1000 are kept, the rest left out"#,
        film
          + #""backdropPath": "//evil.example/x.jpg" starts with //, a host without http(s); left out"#,
        film
          + #""trailer": "x7tgad0" on "Dailymotion" is not a YouTube or Vimeo video that a page can link to; left out"#,
        film + #""imdbId": "../x" is not an IMDb title id (tt and digits); left out"#,
        film + #""homepage": "javascript:alert(1)" is not an http(s) URL with a host; left out"#,
      ])
  }

  @Test func ratingsKeepTheirFraction() {
    #expect(
      line(Film(id: "1", title: "A").with { $0.rating = 10.25 })
        == [#"film 1 "A": field "rating": 10.25 is not a rating from 0 to 10; left out"#])
    #expect(
      line(Film(id: "1", title: "A").with { $0.rating = -0.5 })
        == [#"film 1 "A": field "rating": -0.5 is not a rating from 0 to 10; left out"#])
  }

  @Test func idsThatAreNotPlainAreQuoted() {
    let spaced = Film(id: "with space", title: "A").with { $0.imdbId = "x" }
    #expect(line(spaced).first?.hasPrefix(#"film "with space" "A": field "imdbId""#) == true)
    let quoted = Film(id: "a\"b", title: "A").with { $0.imdbId = "x" }
    #expect(line(quoted).first?.hasPrefix(#"film "a"b" "A": field"#) == true)
  }

  @Test func hostileTextCannotBreakOrRestyleTheLine() {
    let hostile = "\u{1B}[31mred\u{1B}[0m\n\r\u{7}\u{202E}evil\u{85}"
    let film = Film(id: "\u{1B}]0;title\u{7}", title: hostile + String(repeating: "t", count: 200))
      .with {
        $0.homepage = "javascript:" + hostile + String(repeating: "h", count: 500)
        $0.trailer = Film.Trailer(site: hostile, key: hostile)
      }
    let lines = line(film)
    #expect(lines.count == 2)
    for text in lines {
      let unsafe = text.unicodeScalars.filter {
        $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
      }
      #expect(unsafe.isEmpty, "\(text.debugDescription)")
      #expect(text.count < 300, "\(text.count) characters")
      #expect(text.hasSuffix("; left out"))
    }
  }
}
