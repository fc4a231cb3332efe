import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// When a rebuild may skip the plan: only when every changed film gives the
/// rest of the site what it gave before (its footprint), with the settings,
/// the theme and the number of films the state was made with.
@Suite struct FilmPageRebuildTests {
  private static let films = (1...12).map { number in
    Film(
      id: String(number), title: "Film \(number)", year: 1990 + number % 3,
      director: number % 2 == 0 ? "Agnès Varda" : "Claire Denis", genres: ["Drama"],
      overview: "About film \(number)."
    ).with {
      $0.cast = [Film.CastMember(name: "Actor \(number % 4)", character: nil)]
      $0.releaseDate = "2001-01-\(10 + number)"
    }
  }

  /// The rebuild of `edited` after a build of `builtFilms` with `configuration`
  /// (and `row` as the theme's row template, when given), and before it,
  /// when given, one with `earlierRow` as the row template.
  private func rebuild(
    _ edited: [Film], from builtFilms: [Film] = films,
    configuration: SiteConfiguration = SiteConfiguration(pageSize: 5),
    builtWith built: SiteConfiguration? = nil, row: String? = nil, earlierRow: String? = nil
  ) async throws -> FilmPageRebuild? {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("filmsite-rebuild-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    do {
      // A theme folder whose row template is `row`; `nil` for the built-in theme.
      func theme(_ name: String, row: String?) throws -> String? {
        guard let row else { return nil }
        let folder = root + "/" + name
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try row.write(toFile: folder + "/row.html", atomically: true, encoding: .utf8)
        return folder
      }
      let themeDirectory = try theme("theme", row: row)
      let output = root + "/Output"
      let builds = earlierRow == nil ? [] : [try theme("earlier-theme", row: earlierRow)]
      for templates in builds + [themeDirectory] {
        _ = try await SiteBuilder(
          input: .source(CatalogSource(films: builtFilms), maxPages: Paginator.defaultMaxPages),
          templatesDirectory: templates, outputDirectory: output,
          configuration: built ?? configuration
        ).build()
      }
      let theme = try Theme.load(from: themeDirectory)
      let state = try #require(SiteWriter(directory: output).state())
      let settings = try BuildFingerprint.allButFilms(
        theme: theme, configuration: configuration, content: .empty, query: "",
        maxPages: Paginator.defaultMaxPages)
      return FilmPageRebuild(
        films: edited, state: state, settings: BuildSettings(all: settings), theme: theme,
        configuration: configuration, content: .empty)
    }
  }

  private func edited(_ index: Int, _ change: (inout Film.Fields) -> Void) -> [Film] {
    var films = Self.films
    films[index] = films[index].with(change)
    return films
  }

  @Test func theSameFilmsChangeNoPage() async throws {
    let rebuild = try #require(try await rebuild(Self.films))
    #expect(rebuild.changed.isEmpty)
  }

  @Test func anOverviewOrARuntimeChangesTheFilmsPageAlone() async throws {
    let rebuild = try #require(
      try await rebuild(
        edited(3) {
          $0.overview = "Another overview."
          $0.runtime = 99
        }))
    #expect(rebuild.changed.map(\.offset) == [3])
    #expect(rebuild.changed.first?.links.genres == [.init(name: "Drama", slug: "drama")])
  }

  @Test(arguments: [
    "title", "year", "director", "genres", "first billed actor", "release date", "id",
  ])
  func aValueOtherPagesShowNeedsThePlan(field: String) async throws {
    let films = edited(3) { film in
      switch field {
      case "title": film.title = "Another title"
      case "year": film.year = 1970
      case "director": film.director = "Wong Kar-wai"
      case "genres": film.genres = ["War"]
      case "first billed actor": film.cast = [Film.CastMember(name: "Someone", character: nil)]
      case "release date": film.releaseDate = "1999-09-09"
      default: film.id = "99"
      }
    }
    // The release date only matters to the feed, which needs a base URL.
    let configuration = SiteConfiguration(pageSize: 5, baseURL: "https://films.example/")
    #expect(try await rebuild(films, configuration: configuration) == nil)
  }

  /// An actor billed too late for a page of their own is still linked to the
  /// page another film gives them: a new name there may have one, or lose it.
  @Test func aLateBilledActorsNewNameNeedsThePlanAndTheirNewCharacterDoesNot() async throws {
    let configuration = SiteConfiguration(pageSize: 5, castPagesPerFilm: 1)
    func billed(_ name: String, as character: String? = nil) -> [Film] {
      edited(3) { $0.cast.append(Film.CastMember(name: name, character: character)) }
    }
    // "Actor 1", billed first on film 1, has a page; "Nobody" has none.
    for (built, now) in [
      ("Nobody", "Actor 1"), ("Actor 1", "Nobody"), ("Nobody", "nobody"),
      ("Nobody", "Nobody\u{301}"),
    ] {
      #expect(
        try await rebuild(billed(now), from: billed(built), configuration: configuration) == nil,
        "\(built) to \(now)")
    }
    // A new character, or a space the page trims, shows the same actors.
    for (built, now) in [
      ("Actor 1", billed("Actor 1", as: "Someone")), ("Nobody", billed("Nobody", as: "Someone")),
      ("Nobody", billed("Nobody ")),
    ] {
      let rebuild = try await rebuild(now, from: billed(built), configuration: configuration)
      #expect(rebuild?.changed.map(\.offset) == [3], "\(built)")
    }
  }

  @Test func anOverviewInTheFeedNeedsThePlanAndOneOutsideItDoesNot() async throws {
    let configuration = SiteConfiguration(pageSize: 5, baseURL: "https://films.example/")
    // Twelve films: the feed lists them all.
    #expect(
      try await rebuild(edited(3) { $0.overview = "New." }, configuration: configuration) == nil)
    // Without a base URL there is no feed.
    #expect(try await rebuild(edited(3) { $0.overview = "New." }) != nil)
  }

  @Test func aRowThatShowsTheOverviewMakesItAValueOtherPagesShow() async throws {
    let row = "<li><a href=\"{{url}}\">{{title}}</a> {{overview}}</li>\n"
    #expect(try await rebuild(edited(3) { $0.overview = "New." }, row: row) == nil)
    #expect(try await rebuild(edited(3) { $0.runtime = 77 }, row: row) != nil)
  }

  /// A build with another row template makes every footprint again: after
  /// a site whose rows showed the overview is rebuilt with rows that do
  /// not, an overview no longer needs the plan.
  @Test func aNewRowTemplateMakesTheFootprintsAgain() async throws {
    let showsOverview = "<li><a href=\"{{url}}\">{{title}}</a> {{overview}}</li>\n"
    let rebuild = try await rebuild(edited(3) { $0.overview = "New." }, earlierRow: showsOverview)
    #expect(rebuild?.changed.map(\.offset) == [3])
  }

  @Test func otherSettingsOrAnotherNumberOfFilmsNeedThePlan() async throws {
    #expect(
      try await rebuild(
        Self.films, configuration: SiteConfiguration(pageSize: 6),
        builtWith: SiteConfiguration(pageSize: 5)) == nil)
    #expect(try await rebuild(Array(Self.films.dropLast())) == nil)
  }
}
