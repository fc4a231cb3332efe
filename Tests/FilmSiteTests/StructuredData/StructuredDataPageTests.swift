import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// Structured data in built pages: where the layout puts it, and that no film
/// text can close its script element or leave its attribute.
@Suite struct StructuredDataPageTests {
  private static let hostile = "</script><script>alert(1)</script> <!-- & \u{2028}\u{2029} x"

  private static let film = Film(
    id: "7", title: "Title " + hostile, year: 2001, runtime: 90, director: "D " + hostile,
    genres: ["G " + hostile], overview: "Overview `" + hostile + "` *end*", posterPath: "/p.jpg"
  ).with {
    $0.tagline = "Tagline " + hostile
    $0.cast = [.init(name: "Cast " + hostile, character: "Part " + hostile)]
  }

  private func render(_ films: [Film], baseURL: String?) throws -> [String: String] {
    let renderer = SiteRenderer(
      theme: try Theme.load(from: Fixtures.templatesDirectory),
      configuration: SiteConfiguration(title: "Films", baseURL: baseURL))
    return Dictionary(
      try renderer.render(films).map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) },
      uniquingKeysWith: { first, _ in first })
  }

  private func filmPage(in files: [String: String]) -> String? {
    files.first { $0.key.hasPrefix("films/7-") }?.value
  }

  /// The JSON text of each JSON-LD element of `html`, from its start tag to
  /// the first `</script` after it, as an HTML parser ends it.
  private func jsonLD(in html: String) -> [String] {
    let start = #"<script type="application/ld+json">"#
    return html.components(separatedBy: start).dropFirst().map { rest in
      rest.components(separatedBy: "</script").first ?? rest
    }
  }

  @Test func hostileFilmTextCannotCloseTheScriptAndReadsBackAsItWas() throws {
    let files = try render([Self.film], baseURL: "https://films.example.org/")
    let page = try #require(filmPage(in: files))
    let scripts = jsonLD(in: page)
    try #require(scripts.count == 1)
    // The element ends where the writer ended it: the JSON runs up to the end tag.
    #expect(page.contains(scripts[0] + "</script>\n</head>"))
    #expect(!scripts[0].contains("<"))
    #expect(page.components(separatedBy: "<script").count == 2)
    let movie = try #require(
      try JSONSerialization.jsonObject(with: Data(scripts[0].utf8)) as? [String: Any])
    #expect(movie["name"] as? String == "Title " + Self.hostile)
    #expect(movie["genre"] as? [String] == ["G " + Self.hostile])
    #expect(movie["description"] as? String == "Overview " + Self.hostile + " end")
    let actors = try #require(movie["actor"] as? [[String: Any]])
    #expect(actors.first?["name"] as? String == "Cast " + Self.hostile)
    let directors = try #require(movie["director"] as? [[String: Any]])
    // `&` parts the credit: "D </script>… <!-- " and "\u{2028}\u{2029} x".
    #expect(directors.count == 2)
  }

  @Test func hostileTaglineInTheDescriptionStaysInItsAttribute() throws {
    let film = Self.film.with { $0.overview = nil }
    let files = try render([film], baseURL: nil)
    let page = try #require(filmPage(in: files))
    let head = try #require(page.components(separatedBy: "</head>").first)
    #expect(head.components(separatedBy: "<script").count == 2)
    #expect(!head.contains("<!--"))
    #expect(
      head.contains(
        #"<meta name="description" content="Tagline &lt;/script&gt;&lt;script&gt;alert(1)"#
          + #"&lt;/script&gt; &lt;!-- &amp; "#))
  }

  @Test func theLayoutPutsStructuredDataInTheHeadOfFilmAndListPagesOnly() throws {
    let films = [Self.film, Film(id: "8", title: "Other", year: 2001)]
    let withBase = try render(films, baseURL: "https://films.example.org/")
    for (path, html) in withBase where path.hasSuffix(".html") {
      let head = try #require(html.components(separatedBy: "</head>").first)
      let isFilm = path.hasPrefix("films/")
      let isList =
        path == "index.html"
        || (path.split(separator: "/").count == 3 && !path.hasPrefix("films/"))
      #expect(jsonLD(in: head).count == (isFilm || isList ? 1 : 0), "\(path)")
      #expect(head.contains(#"<meta property="og:type""#) == (isFilm || isList), "\(path)")
      #expect(!html.contains("\n\n</head>"), "\(path)")
    }
    // Without a base URL a list has no ItemList, but keeps its Open Graph tags.
    let index = try #require(try render(films, baseURL: nil)["index.html"])
    #expect(jsonLD(in: index).isEmpty)
    #expect(index.contains(#"<meta property="og:type" content="website">"#))
  }
}
