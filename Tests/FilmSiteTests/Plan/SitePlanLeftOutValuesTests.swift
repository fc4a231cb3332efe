import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// The plan keeps each film without the values no page can show safely, so
/// nothing the site renders (pages, search index) holds them; the build's
/// summary carries the warnings, and an up-to-date rebuild, which plans
/// nothing, has none.
@Suite struct SitePlanLeftOutValuesTests {
  /// Films whose unsafe values carry a marker that no other text of a site holds.
  private static let films = [
    Film(id: "2", title: "Zulu", year: 1964).with {
      $0.homepage = "javascript:alert('MARK-HOMEPAGE')"
      $0.imdbId = "../MARK-IMDB"
      $0.rating = 11
      $0.voteCount = -7
    },
    Film(id: "1", title: "Alpha", year: 1965).with {
      $0.posterPath = "data:image/svg+xml,MARK-POSTER"
      $0.backdropPath = "javascript:MARK-BACKDROP"
      $0.releaseDate = "MARK-DATE"
      $0.trailer = Film.Trailer(site: "MARK-SITE", key: "MARK-KEY")
      $0.cast = [
        Film.CastMember(name: " "), Film.CastMember(name: "Ann", character: "  "),
      ]
    },
    Film(id: "3", title: "Clean", year: 1966).with {
      $0.rating = 7.5
      $0.voteCount = 10
      $0.imdbId = "tt0058777"
    },
  ]

  @Test func theKeptFilmsLackTheUnsafeValuesAndTheWarningsFollowTheInput() throws {
    let plan = try SitePlan(films: Self.films, configuration: SiteConfiguration())
    let kept = Dictionary(uniqueKeysWithValues: plan.films.map { ($0.film.id, $0.film) })
    #expect(plan.films.map(\.film.title) == ["Alpha", "Clean", "Zulu"])
    #expect(
      plan.warnings.map { "\($0.filmID) \($0.field)" } == [
        "2 rating", "2 voteCount", "2 imdbId", "2 homepage", "1 posterPath", "1 releaseDate",
        "1 backdropPath", "1 trailer",
      ])
    let zulu = try #require(kept["2"])
    #expect(zulu.homepage == nil && zulu.imdbId == nil && zulu.rating == nil)
    #expect(zulu.voteCount == nil)
    let alpha = try #require(kept["1"])
    #expect(alpha.posterPath == nil && alpha.backdropPath == nil && alpha.releaseDate == nil)
    #expect(alpha.trailer == nil)
    #expect(alpha.cast == [Film.CastMember(name: "Ann")])
    #expect(kept["3"] == Self.films[2])
  }

  @Test func noRenderedFileHoldsALeftOutValue() throws {
    try Fixtures.withTemporaryDirectory { directory in
      // A film page that shows every field the plan checks.
      try """
      # {{title}}

      {{homepage}} {{imdbId}} {{rating}} {{voteCount}} {{releaseDate}} {{backdrop}}
      {{poster}} {{cast}} {{trailer}}
      """.write(toFile: directory + "/film.md", atomically: true, encoding: .utf8)
      let theme = try Theme.load(from: directory)
      let renderer = SiteRenderer(theme: theme, configuration: SiteConfiguration())
      let files = try renderer.render(Self.films)
      let text = files.map { String(decoding: $0.bytes, as: UTF8.self) }.joined()
      #expect(!text.contains("MARK-"), "\(text.components(separatedBy: "MARK-").count - 1)")
      let clean = try #require(
        files.first { $0.path.hasPrefix("films/3-") }.map {
          String(decoding: $0.bytes, as: UTF8.self)
        })
      #expect(clean.contains("tt0058777") && clean.contains("7.5"))
    }
  }

  @Test func theSummaryCountsTheValuesLeftOutAndAnUpToDateRebuildHasNone() async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "filmsite-left-out-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let source = CatalogSource(films: Self.films)
    let builder = SiteBuilder(
      input: .source(source, maxPages: Paginator.defaultMaxPages),
      templatesDirectory: Fixtures.templatesDirectory, outputDirectory: root + "/Output")

    let first = try await builder.build()
    #expect(first.fieldWarnings.count == 8)
    #expect("\(first)".contains("; 8 film values left out (see the warnings)"), "\(first)")

    let again = try await builder.build()
    #expect(again.upToDate)
    #expect(again.fieldWarnings.isEmpty)
    #expect(!"\(again)".contains("left out"), "\(again)")
  }
}
