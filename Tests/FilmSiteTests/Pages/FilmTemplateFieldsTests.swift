import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// A film's placeholders come from the film field table: each field under its
/// own name, with the few exceptions the templates have always had.
@Suite struct FilmTemplateFieldsTests {
  private static let heat = Film(
    id: "949", title: "Heat", year: 1995, runtime: 170, director: "Michael Mann",
    genres: ["Crime", "Drama"], overview: "A *heist*.", posterPath: "/heat.jpg")

  /// Heat with every field set.
  private static let fullHeat = heat.with {
    $0.originalTitle = "Heat"
    $0.tagline = "A Los Angeles crime saga"
    $0.releaseDate = "1995-12-15"
    $0.rating = 7.94
    $0.voteCount = 7421
    $0.cast = [.init(name: "Al Pacino", character: "Vincent Hanna"), .init(name: "Robert De Niro")]
    $0.writers = ["Michael Mann"]
    $0.countries = ["United States of America"]
    $0.backdropPath = "/heat-wide.jpg"
    $0.trailer = .init(site: "YouTube", key: "abc_DEF-12")
    $0.imdbId = "tt0113277"
    $0.homepage = "https://example.com/heat"
  }

  /// The made values, after the fields.
  private static let madeNames = [
    "facts", "poster", "posterSrcset", "posterHue", "backdrop", "backdropSrcset", "ratingText",
    "voteCountText", "trailerURL", "imdbURL", "homepageURL",
  ]

  /// A template that uses every placeholder a film has.
  private func values(
    of film: Film, language: TemplateLanguage,
    posterBase: String = "https://images.example/w342"
  ) throws -> TemplateContext {
    let source = FilmTemplateFields.names.map { "{{{\($0)}}}" }.joined(separator: "\n")
    let template = try Template(
      source: source, file: language == .html ? "row.html" : "row.md", language: language,
      schema: Theme.Schemas.row)
    var configuration = SiteConfiguration()
    configuration.posterBaseURL = posterBase
    let contexts = PageContexts(configuration: configuration, markdown: MarkdownRenderer())
    return contexts.filmValues(film, for: template)
  }

  @Test func theNamesAreTheTablesFieldsButTheImagePathsAndTheMadeValues() {
    let fields = FilmField.all.map(\.name).filter { $0 != "posterPath" && $0 != "backdropPath" }
    #expect(FilmTemplateFields.names == fields + Self.madeNames)
  }

  @Test func aFilmShowsEachFieldAsItReads() throws {
    let values = try values(of: Self.fullHeat, language: .markdown)
    let expected: [String: TemplateValue] = [
      "id": .text("949"), "title": .text("Heat"), "year": .text("1995"),
      "runtime": .text("170"), "facts": .text("1995 · 170 min"),
      "director": .text("Michael Mann"), "genres": .text("Crime · Drama"),
      "overview": .text(PageContexts.overviewMarkdown("A *heist*.")),
      "poster": .text("https://images.example/w342/heat.jpg"), "posterSrcset": .absent,
      "backdrop": .text("https://images.example/w342/heat-wide.jpg"), "backdropSrcset": .absent,
      "tagline": .text("A Los Angeles crime saga"), "releaseDate": .text("1995-12-15"),
      "rating": .text("7.9"), "voteCount": .text("7421"), "ratingText": .text("7.9"),
      "voteCountText": .text("7,421 votes"), "cast": .text("Al Pacino · Robert De Niro"),
      "writers": .text("Michael Mann"), "countries": .text("United States of America"),
      "trailer": .absent, "trailerURL": .text("https://www.youtube.com/watch?v=abc_DEF-12"),
      "imdbId": .text("tt0113277"), "imdbURL": .text("https://www.imdb.com/title/tt0113277/"),
      "homepage": .text("https://example.com/heat"),
      "homepageURL": .text("https://example.com/heat"),
      "posterHue": .text(String(Self.fullHeat.posterHue)),
    ]
    for (name, value) in expected {
      #expect(values[name] == value, "\(name)")
    }
  }

  @Test func anOriginalTitleShowsOnlyWhenItIsNotTheTitle() throws {
    for (original, shown) in [
      ("Heat", TemplateValue.absent), (" Heat ", .absent), ("  ", .absent),
      ("Le Fabuleux Destin d'Amélie Poulain", .text("Le Fabuleux Destin d'Amélie Poulain")),
    ] {
      let film = Self.heat.with { $0.originalTitle = original }
      #expect(try values(of: film, language: .html)["originalTitle"] == shown, "\(original)")
    }
  }

  @Test func imagesOnTMDBsServerGetASourceSet() throws {
    let values = try values(
      of: Self.fullHeat, language: .html, posterBase: "https://image.tmdb.org/t/p/w342")
    #expect(values["poster"] == .text("https://image.tmdb.org/t/p/w342/heat.jpg"))
    #expect(
      values["posterSrcset"]
        == .text(
          "https://image.tmdb.org/t/p/w185/heat.jpg 185w, https://image.tmdb.org/t/p/w342/heat.jpg 342w, https://image.tmdb.org/t/p/w500/heat.jpg 500w"
        ))
    #expect(values["backdrop"] == .text("https://image.tmdb.org/t/p/w1280/heat-wide.jpg"))
    #expect(
      values["backdropSrcset"]
        == .text(
          "https://image.tmdb.org/t/p/w780/heat-wide.jpg 780w, https://image.tmdb.org/t/p/w1280/heat-wide.jpg 1280w"
        ))
  }

  @Test func anHTMLTemplateGetsTheOverviewAsHTML() throws {
    #expect(
      try values(of: Self.heat, language: .html)["overview"]
        == .text("<p>A <em>heist</em>.</p>\n"))
  }

  /// A film with only the required fields: every other field is absent, a
  /// list is empty text, and so are the facts; the poster card's hue is
  /// there for every film.
  @Test func absentFieldsAreAbsentAndAnEmptyListIsEmptyText() throws {
    let values = try values(of: Film(id: "1", title: "Alien"), language: .markdown)
    #expect(values["id"] == .text("1"))
    #expect(values["title"] == .text("Alien"))
    #expect(values["facts"] == .text(""))
    #expect(values["posterHue"] == .text(String(Film(id: "1", title: "Alien").posterHue)))
    for name in Self.madeNames where name != "facts" && name != "posterHue" {
      #expect(values[name] == .absent, "\(name)")
    }
    let hidden: Set = ["posterPath", "backdropPath"]
    for field in FilmField.all where !field.isRequired && !hidden.contains(field.name) {
      let isList = field.type == .textList || field.type == .castList
      let expected: TemplateValue = isList ? .text("") : .absent
      #expect(values[field.name] == expected, "\(field.name)")
    }
  }

  @Test func aTemplateGetsOnlyTheValuesItUses() throws {
    let template = try Template(
      source: "{{title}} {{posterSrcset}}", file: "row.html", language: .html,
      schema: Theme.Schemas.row)
    let contexts = PageContexts(configuration: SiteConfiguration(), markdown: MarkdownRenderer())
    let values = contexts.filmValues(Self.fullHeat, for: template)
    #expect(values.values.keys.sorted() == ["posterSrcset", "title"])
  }

  @Test func theFilmAndRowSchemasHoldEveryName() {
    for name in FilmTemplateFields.names {
      #expect(Theme.Schemas.film.fields.keys.contains(name), "\(name)")
      #expect(Theme.Schemas.row.fields.keys.contains(name), "\(name)")
    }
  }
}
