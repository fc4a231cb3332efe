import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// The default film page: everything a film has, nothing for what it lacks,
/// the poster card whether or not there is a poster, and the Markdown film
/// page of a theme that keeps one.
@Suite struct FilmPageTests {
  /// A made-up film with every field, for the page's every part.
  private static let complete = Film(
    id: "4242", title: "The Lighthouse Keepers", year: 2021, runtime: 118,
    director: "Ana Example", genres: ["Drama", "Mystery"],
    overview: "Two keepers on a *remote* rock stop trusting the [logbook](https://example.com).",
    posterPath: "/keepers.jpg"
  ).with {
    $0.originalTitle = "Les Gardiens du phare"
    $0.tagline = "The light must not go out."
    $0.releaseDate = "2021-09-03"
    $0.rating = 7.46
    $0.voteCount = 12345
    $0.cast = [
      .init(name: "Marta Example", character: "Keeper Ines"),
      .init(name: "Joel Sample", character: "Keeper Tom"), .init(name: "Ruth Placeholder"),
    ]
    $0.writers = ["Ana Example", "Ben Writer"]
    $0.countries = ["France", "Portugal"]
    $0.backdropPath = "/keepers-wide.jpg"
    $0.trailer = .init(site: "YouTube", key: "abcDEF123_-")
    $0.imdbId = "tt0000424"
    $0.homepage = "https://example.com/keepers"
  }

  private func render(
    _ films: [Film], configuration: SiteConfiguration = SiteConfiguration(title: "Test Films"),
    theme directory: String = Fixtures.templatesDirectory
  ) throws -> [String: String] {
    let renderer = SiteRenderer(
      theme: try Theme.load(from: directory), configuration: configuration)
    return Dictionary(
      try renderer.render(films).map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) },
      uniquingKeysWith: { first, _ in first })
  }

  /// What the page's `<main>` holds.
  private func main(_ page: String) -> String {
    let main = page.components(separatedBy: "<main").last ?? ""
    return main.components(separatedBy: "</main>").first ?? ""
  }

  @Test func aFilmWithEveryFieldMatchesGoldenFile() throws {
    var configuration = SiteConfiguration(title: "Test Films", castPagesPerFilm: 2)
    configuration.posterBaseURL = "https://image.tmdb.org/t/p/w342"
    let files = try render([Self.complete], configuration: configuration)
    try assertSnapshot(
      try #require(files["films/4242-the-lighthouse-keepers/index.html"]),
      named: "detail-full.html")
  }

  @Test func aMarkdownFilmPageRendersAsBefore() throws {
    // A theme folder with the default theme's old `film.md` and nothing else.
    let film = Film(
      id: "603", title: "The Matrix", year: 1999, runtime: 136,
      director: "Lana Wachowski & Lilly Wachowski", genres: ["Action", "Science Fiction"],
      overview:
        "A hacker learns that the world is a *simulation* and joins the [resistance](https://example.com).",
      posterPath: "/matrix.jpg")
    try Fixtures.withTemporaryDirectory { directory in
      try FileManager.default.copyItem(
        atPath: ThemeTests.markdownFilm, toPath: directory + "/film.md")
      let files = try render(
        [Film(id: "tt1", title: "Untitled & \"Unknown\""), film],
        configuration: SiteConfiguration(title: "Test Films", pageSize: 1), theme: directory)
      try assertSnapshot(
        try #require(files["films/603-the-matrix/index.html"]), named: "detail-markdown.html")
    }
  }

  @Test func aFilmWithOnlyATitleShowsItsCardAndNoEmptyPart() throws {
    let page = try #require(try render([Film(id: "1", title: "Alien")])["films/1-alien/index.html"])
    let main = main(page)
    let hue = Film(id: "1", title: "Alien").posterHue
    #expect(
      main.contains(
        #"<div class="poster" style="--poster-hue: \#(hue)" aria-hidden="true"><span>Alien</span>"#
          + "\n</div>"))
    #expect(main.contains("<h1>Alien</h1>"))
    for absent in [
      "<img", "film-backdrop", "film-original-title", "Directed by", "Written by", "Countries",
      "film-tagline", "film-rating", "film-overview", "film-link", "film-cast", "<ul", "<p></p>",
      " min",
    ] {
      #expect(!main.contains(absent), "\(absent)")
    }
    #expect(!main.trimmingCharacters(in: .newlines).contains("\n\n"))
  }

  @Test func aPosterLiesOverItsCardInThePageAndInTheRows() throws {
    let files = try render([Film(id: "7", title: "Heat", year: 1995, posterPath: "/heat.jpg")])
    let hue = Film(id: "7", title: "Heat").posterHue
    let card =
      #"<div class="poster" style="--poster-hue: \#(hue)" aria-hidden="true"><span>Heat</span> <span>1995</span>"#
      + "\n" + #"<img src="https://image.tmdb.org/t/p/w342/heat.jpg" srcset=""#
    #expect(try #require(files["films/7-heat/index.html"]).contains(card))
    let row = try #require(files["index.html"])
    #expect(
      row.contains(
        #"<span class="poster" style="--poster-hue: \#(hue)" aria-hidden="true"><span>Heat</span> <span>1995</span><img src="https://image.tmdb.org/t/p/w342/heat.jpg" srcset=""#
      ))
    // The image's alt is empty, and its title and year are there for the
    // card its ::after draws should it fail to load.
    #expect(
      row.contains(
        #"alt="" data-title="Heat" data-year="1995" width="342" height="513" loading="lazy" />"#))
  }

  @Test func theCastListShowsTheFirstBilledAndLinksThoseWithAPage() throws {
    let film = Film(id: "5", title: "Ensemble").with {
      $0.cast = [
        .init(name: "First Star", character: "Lead"), .init(name: "  ", character: "Nobody"),
        .init(name: "Second Star", character: " "), .init(name: "Third Star", character: "Aide"),
        .init(name: "Fourth Star", character: "Cut"),
      ]
    }
    let configuration = SiteConfiguration(castPagesPerFilm: 2, castShown: 3)
    let main = main(
      try #require(try render([film], configuration: configuration)["films/5-ensemble/index.html"]))
    #expect(
      main.contains(
        """
        <h2 id="film-cast-heading">Cast</h2>
        <ul>
        <li><a href="../../cast/first-star/">First Star</a> <span class="cast-character"><span class="visually-hidden">as </span>Lead</span></li>
        <li><a href="../../cast/second-star/">Second Star</a></li>
        <li><span class="cast-name">Third Star</span> <span class="cast-character"><span class="visually-hidden">as </span>Aide</span></li>
        </ul>
        </section>
        """))
    #expect(!main.contains("Fourth Star"))
    #expect(!main.contains("Nobody"))
  }

  @Test func castShownOfZeroShowsNoCast() throws {
    let film = Film(id: "5", title: "Ensemble").with { $0.cast = [.init(name: "First Star")] }
    let files = try render([film], configuration: SiteConfiguration(castShown: 0))
    #expect(!main(try #require(files["films/5-ensemble/index.html"])).contains("Cast"))
  }

  @Test func hostileNewFieldsStayTextAndMakeNoLink() throws {
    let hostile = Film(id: "66", title: "Hostile", posterPath: "/p.jpg").with {
      $0.originalTitle = "</h1><script>alert(1)</script>"
      $0.tagline = "</script><script>alert(2)</script>"
      $0.cast =
        [
          .init(
            name: "<script>alert(3)</script>", character: "</script><img src=x onerror=alert(4)>")
        ] + (1...10_000).map { .init(name: "Extra \($0)", character: "\"><b>") }
      $0.writers = ["<b onmouseover=alert(5)>w</b>"]
      $0.countries = ["{{title}}"]
      $0.backdropPath = "\" onerror=\"alert(6)"
      $0.trailer = .init(site: "YouTube", key: "javascript:alert(7)")
      $0.imdbId = "../../etc/passwd"
      $0.homepage = "javascript:alert(8)"
      $0.voteCount = 3
      $0.rating = 9.99
    }
    let page = try #require(try render([hostile])["films/66-hostile/index.html"])
    let main = main(page)
    #expect(!main.contains("<script"))
    #expect(!main.contains("<img src=x"))
    #expect(!main.contains("<b"))
    #expect(!main.contains("onerror=\""))
    #expect(!main.lowercased().contains("javascript:alert"))
    #expect(!main.contains("film-link"))
    #expect(main.contains("&lt;/h1&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(main.contains("&lt;script&gt;alert(3)&lt;/script&gt;"))
    #expect(main.contains(#"<img src="https://image.tmdb.org/t/p/w342/%22%20onerror=%22alert(6)""#))
    // The first ten billed of 10,001.
    #expect(main.components(separatedBy: "<li>").count - 1 == 10)
    #expect(main.contains("Extra 9<") && !main.contains("Extra 10<"))
    #expect(main.components(separatedBy: "<h1>").count == 2)
  }
}
