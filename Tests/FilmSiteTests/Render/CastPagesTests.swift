import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// `cast/` lists every actor with a page and their film counts; each actor's
/// films are paged like every other list; the navigation links to `cast/`.
@Suite struct CastPagesTests {
  private static let films = (1...5).map { number in
    Film(id: String(number), title: "Film \(number)", year: 2000).with {
      $0.cast = [
        .init(name: "Shared Star", character: "Lead"), .init(name: "Actor \(number)"),
        .init(name: "Far Down \(number)"),
      ]
    }
  }

  private func render(_ films: [Film], castPagesPerFilm: Int = 2, pageSize: Int = 2) throws
    -> [String: String]
  {
    let configuration = SiteConfiguration(pageSize: pageSize, castPagesPerFilm: castPagesPerFilm)
    let renderer = SiteRenderer(theme: try Theme.builtIn(), configuration: configuration)
    return Dictionary(
      try renderer.render(films).map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) },
      uniquingKeysWith: { first, _ in first })
  }

  @Test func anActorsFilmsArePagedAndTheListCountsThem() throws {
    let files = try render(Self.films)
    #expect(files["cast/shared-star/index.html"] != nil)
    #expect(files["cast/shared-star/page/3/index.html"] != nil)
    #expect(files["cast/shared-star/page/4/index.html"] == nil)
    let list = try #require(files["cast/index.html"])
    #expect(list.contains(#"<a href="shared-star/">Shared Star</a> (5)"#))
    #expect(list.contains(#"<a href="actor-3/">Actor 3</a> (1)"#))
  }

  @Test func onlyTheFirstBilledGetAPage() throws {
    let files = try render(Self.films)
    #expect(files.keys.filter { $0.hasPrefix("cast/far-down") }.isEmpty)
    #expect(files.keys.filter { $0.hasPrefix("cast/") }.count == 1 + 3 + 5)
    #expect(
      try render(Self.films, castPagesPerFilm: 0).keys.filter { $0.hasPrefix("cast/") } == [
        "cast/index.html"
      ])
  }

  @Test func everyPageLinksToTheCastList() throws {
    let files = try render(Self.films)
    #expect(try #require(files["index.html"]).contains(#"<a href="cast/">Cast</a>"#))
    // From cast/shared-star/page/2/, three folders up is cast/.
    #expect(
      try #require(files["cast/shared-star/page/2/index.html"]).contains(
        #"<a href="../../../">Cast</a>"#))
  }

  @Test func aNegativeCountIsRefused() {
    #expect(throws: SiteError.invalidCastCount(-1)) {
      try SitePlan(films: [], configuration: SiteConfiguration(castPagesPerFilm: -1))
    }
  }
}
