import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// The schema.org `Movie` of a film's page: each fact in the form schema.org
/// and Google read, and nothing for what is not known.
@Suite struct MovieObjectTests {
  /// A made-up film with every field.
  static let harbour = Film(
    id: "1", title: "Night Harbour", year: 2001, runtime: 136,
    director: "Ann Example & Bo Example", genres: ["Action", "Science Fiction"],
    overview: "A keeper learns the harbour is a *dream*.", posterPath: "/harbour.jpg"
  ).with {
    $0.releaseDate = "2001-03-31"
    $0.rating = 8.234
    $0.voteCount = 26000
    $0.cast = [.init(name: "Ada Actor", character: "Nell"), .init(name: "Ben Actor")]
    $0.trailer = .init(site: "YouTube", key: "abcDEF12345")
    $0.imdbId = "tt0000000"
    $0.tagline = "Nobody leaves."
  }

  static let base = "https://films.example.org/"
  static let route = Route(["films", "1-night-harbour"])

  static func movie(
    _ film: Film, baseURL: String? = base, posterBaseURL: String = "https://img.example/w342",
    people: PersonLinks = PersonLinks()
  ) -> JSONObject {
    let configuration = SiteConfiguration(
      title: "Test Films", posterBaseURL: posterBaseURL, baseURL: baseURL)
    let contexts = PageContexts(configuration: configuration, markdown: MarkdownRenderer())
    return FilmMetadata(film, at: route, contexts: contexts, people: people).movie
  }

  @Test func aFullFilmGivesEveryProperty() {
    let json = JSONValue.object(Self.movie(Self.harbour)).scriptSafeJSON
    #expect(
      json
        == #"{"@context":"https://schema.org","@type":"Movie","name":"Night Harbour","#
        + #""url":"https://films.example.org/films/1-night-harbour/","#
        + #""image":"https://img.example/w342/harbour.jpg","datePublished":"2001-03-31","#
        + #""director":[{"@type":"Person","name":"Ann Example"},"#
        + #"{"@type":"Person","name":"Bo Example"}],"#
        + #""actor":[{"@type":"Person","name":"Ada Actor"},"#
        + #"{"@type":"Person","name":"Ben Actor"}],"#
        + #""duration":"PT2H16M","genre":["Action","Science Fiction"],"#
        + #""description":"A keeper learns the harbour is a dream.","#
        + #""aggregateRating":{"@type":"AggregateRating","ratingValue":8.2,"ratingCount":26000,"#
        + #""bestRating":10,"worstRating":0},"#
        + #""trailer":{"@type":"VideoObject","name":"Night Harbour trailer","#
        + #""url":"https://www.youtube.com/watch?v=abcDEF12345","#
        + #""embedUrl":"https://www.youtube.com/embed/abcDEF12345"},"#
        + #""sameAs":["https://www.imdb.com/title/tt0000000/"]}"#)
  }

  @Test func aBareFilmWithoutABaseURLHasItsNameAlone() {
    #expect(
      Self.movie(Film(id: "1", title: "Untitled"), baseURL: nil)
        == ["@context": "https://schema.org", "@type": "Movie", "name": "Untitled"])
  }

  @Test func aHugeOverviewIsShortenedInTheDescription() {
    let overview = String(repeating: "word ", count: 20_000)
    let description = Self.movie(Film(id: "1", title: "A", overview: overview))["description"]
    guard case .string(let text)? = description else {
      Issue.record("no description")
      return
    }
    #expect(text.count <= FilmMetadata.longDescriptionLimit)
    #expect(text.hasSuffix("word…"))
  }

  @Test func withoutABaseURLThereIsNoPageURLAndNoRelativeImage() {
    let movie = Self.movie(Self.harbour, baseURL: nil, posterBaseURL: "posters")
    #expect(movie["url"] == nil)
    #expect(movie["image"] == nil)
  }

  @Test func aRelativePosterIsResolvedFromThePageWithABaseURL() {
    #expect(
      Self.movie(Self.harbour, posterBaseURL: "/posters")["image"]
        == "https://films.example.org/posters/harbour.jpg")
    #expect(
      Self.movie(Self.harbour, posterBaseURL: "posters")["image"]
        == "https://films.example.org/films/1-night-harbour/posters/harbour.jpg")
  }

  @Test(arguments: [
    ("1999-03-31", 1999, "1999-03-31"), ("2000-02-29", 2000, "2000-02-29"),
    ("1900-02-29", 1900, "1900"), ("1999-13-01", 1999, "1999"), ("1999-04-31", 1999, "1999"),
    ("1999", 1999, "1999"), ("31/03/1999", 1999, "1999"), ("1999-3-31", 1999, "1999"),
    ("", 812, "0812"),
  ])
  func datePublishedIsTheReleaseDateWhenItIsADateElseTheYear(
    date: String, year: Int, published: String
  ) {
    let film = Film(id: "1", title: "A", year: year).with { $0.releaseDate = date }
    #expect(Self.movie(film)["datePublished"] == .string(published))
  }

  @Test(arguments: [
    (136, "PT2H16M"), (45, "PT45M"), (120, "PT2H"), (60, "PT1H"), (1, "PT1M"),
  ])
  func durationIsISO8601(minutes: Int, duration: String) {
    #expect(FilmMetadata.isoDuration(minutes: minutes) == duration)
    let film = Film(id: "1", title: "A", runtime: minutes)
    #expect(Self.movie(film)["duration"] == .string(duration))
  }

  @Test func aRunningTimeOfZeroOrLessIsLeftOut() {
    #expect(Self.movie(Film(id: "1", title: "A", runtime: 0))["duration"] == nil)
    #expect(Self.movie(Film(id: "1", title: "A", runtime: -5))["duration"] == nil)
  }

  @Test(arguments: [
    ("Joel Coen & Ethan Coen", ["Joel Coen", "Ethan Coen"]),
    ("Joel Coen and Ethan Coen", ["Joel Coen", "Ethan Coen"]),
    ("Jean-Pierre Jeunet, Marc Caro", ["Jean-Pierre Jeunet", "Marc Caro"]),
    ("  Agnès Varda  ", ["Agnès Varda"]),
    ("A & A & ", ["A"]),
    ("Sandor Landon", ["Sandor Landon"]),
    ("Sandor and", ["Sandor and"]), ("Anne andersen and Bo", ["Anne andersen", "Bo"]),
    ("", []), ("  ", []), (" , & and ", []),
  ])
  func aDirectorCreditNamesEachPerson(credit: String, names: [String]) {
    #expect(FilmMetadata.directorNames(credit) == names)
  }

  @Test func onlyTheFirstTenBilledActorsAreNamedAndEmptyNamesSkipped() throws {
    let cast = [Film.CastMember(name: "  ")] + (1...12).map { .init(name: "Actor \($0)") }
    let movie = Self.movie(Film(id: "1", title: "A").with { $0.cast = cast })
    let actors = try #require(movie["actor"])
    #expect(actors == .array((1...10).map { ["@type": "Person", "name": .string("Actor \($0)")] }))
  }

  @Test func peopleWithAPageAreLinkedWithABaseURLOnly() {
    let people = PersonLinks(
      director: { $0 == "Agnès Varda" ? Route(["directors", "agnes-varda"]) : nil },
      actor: { $0 == "Ada Actor" ? Route(["cast", "ada-actor"]) : nil })
    let film = Self.harbour.with { $0.director = "Agnès Varda" }
    let linked = Self.movie(film, people: people)
    #expect(
      linked["director"]
        == [
          [
            "@type": "Person", "name": "Agnès Varda",
            "url": "https://films.example.org/directors/agnes-varda/",
          ]
        ])
    #expect(
      linked["actor"]
        == [
          [
            "@type": "Person", "name": "Ada Actor",
            "url": "https://films.example.org/cast/ada-actor/",
          ],
          ["@type": "Person", "name": "Ben Actor"],
        ])
    // A credit of two people has one page for the pair: neither person gets it.
    #expect(
      Self.movie(Self.harbour, people: PersonLinks(director: { _ in Route(["directors", "x"]) }))[
        "director"]
        == [
          ["@type": "Person", "name": "Ann Example"], ["@type": "Person", "name": "Bo Example"],
        ])
    let unlinked = Self.movie(film, baseURL: nil, people: people)
    #expect(unlinked["director"] == [["@type": "Person", "name": "Agnès Varda"]])
  }

  @Test(
    arguments: [
      (8.234, 10, true), (8.0, 0, false), (7.0, nil, false), (11.0, 10, false),
      (-1.0, 10, false), (Double.nan, 10, false), (0.0, 3, true), (10.0, 1, true),
    ] as [(Double, Int?, Bool)])
  func aRatingNeedsVotesAndAValueFromZeroToTen(rating: Double, votes: Int?, shown: Bool) {
    let film = Film(id: "1", title: "A").with {
      $0.rating = rating
      $0.voteCount = votes
    }
    #expect((Self.movie(film)["aggregateRating"] != nil) == shown)
  }

  @Test func aVimeoTrailerHasVimeosPlayerAndAnUnknownSiteNoTrailer() {
    let vimeo = Self.harbour.with { $0.trailer = .init(site: "Vimeo", key: "76979871") }
    #expect(
      Self.movie(vimeo)["trailer"]
        == [
          "@type": "VideoObject", "name": "Night Harbour trailer",
          "url": "https://vimeo.com/76979871",
          "embedUrl": "https://player.vimeo.com/video/76979871",
        ])
    let unknown = Self.harbour.with { $0.trailer = .init(site: "Evil", key: "javascript:alert(1)") }
    #expect(Self.movie(unknown)["trailer"] == nil)
  }

  @Test func sameAsListsIMDbAndTheHomepageWhenEachIsSafe() {
    let film = Self.harbour.with { $0.homepage = "https://night-harbour.example/" }
    #expect(
      Self.movie(film)["sameAs"]
        == ["https://www.imdb.com/title/tt0000000/", "https://night-harbour.example/"])
    let unsafe = Self.harbour.with {
      $0.homepage = "javascript:alert(1)"
      $0.imdbId = "../x"
    }
    #expect(Self.movie(unsafe)["sameAs"] == nil)
  }
}
