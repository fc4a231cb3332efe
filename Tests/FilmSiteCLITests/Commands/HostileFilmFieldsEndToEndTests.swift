import Foundation
import Testing

/// The hostile corpus (``HostileCorpus``) built with a theme that shows every
/// field a film page may show: the cast, writers, countries, tagline,
/// rating, release date, and the homepage, IMDb and backdrop as raw links. The
/// build leaves out what no page can show safely and says so, and what it
/// keeps is escaped for where it lands, so the pages stay safe and valid
/// whatever the default theme shows.
@Suite struct HostileFilmFieldsEndToEndTests {
  /// A film page and a row that put each new field in text, in a link or in
  /// an image, as a theme author might.
  private static let theme: [String: String] = [
    "film.md": """
    # {{title}}

    {{#originalTitle}}Original title: {{originalTitle}}{{/originalTitle}}

    {{#tagline}}*{{tagline}}*{{/tagline}}

    {{#rating}}Rated {{rating}}{{#voteCount}} from {{voteCount}} votes{{/voteCount}}{{/rating}}

    {{#releaseDate}}Released {{releaseDate}}{{/releaseDate}}

    {{#cast}}Starring {{cast}}{{/cast}}

    {{#writers}}Written by {{writers}}{{/writers}}

    {{#countries}}Made in {{countries}}{{/countries}}

    {{#homepage}}[Homepage]({{homepage}}){{/homepage}}

    {{#imdbId}}[IMDb](https://www.imdb.com/title/{{imdbId}}/){{/imdbId}}

    {{#backdrop}}![Backdrop]({{backdrop}}){{/backdrop}}

    [Back to page {{indexPage}}]({{indexURL}})

    """,
    "row.html": """
    <li><a href="{{url}}">{{title}}</a>{{#homepage}} <a href="{{homepage}}">home</a>{{/homepage}}\
    {{#imdbId}} <a href="https://www.imdb.com/title/{{imdbId}}/">IMDb</a>{{/imdbId}}\
    {{#backdrop}} <img src="{{backdrop}}" alt="" \
    width="780" height="439">{{/backdrop}}{{#tagline}} <q>{{tagline}}</q>{{/tagline}}\
    {{#rating}} {{rating}}{{/rating}}{{#voteCount}} ({{voteCount}}){{/voteCount}}\
    {{#releaseDate}} {{releaseDate}}{{/releaseDate}}{{#writers}} {{writers}}{{/writers}}\
    {{#countries}} {{countries}}{{/countries}}{{#originalTitle}} {{originalTitle}}{{/originalTitle}}</li>

    """,
  ]

  /// Builds the corpus with ``theme`` into `<directory>/Output`.
  private static func build(in directory: URL) async throws -> (FilmSiteProcess.Result, URL, URL) {
    let catalog = try HostileCorpus.write(in: directory)
    let theme = directory.appendingPathComponent("theme")
    try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
    for (name, text) in Self.theme {
      try text.write(to: theme.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let output = directory.appendingPathComponent("Output")
    let result = try await FilmSiteProcess.run(
      ["build", "--catalog", catalog.path, "--templates", theme.path, "--output", output.path])
    return (result, output, theme)
  }

  private static func page(_ path: String, in output: URL) throws -> String {
    String(decoding: try Data(contentsOf: output.appendingPathComponent(path)), as: UTF8.self)
  }

  @Test func theBuildWarnsOnceForEachValueLeftOutAndCountsThem() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (result, _, _) = try await Self.build(in: directory)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").map(String.init) == HostileCorpus.warnings)
      #expect(
        result.stdout.contains("; \(HostileCorpus.warnings.count) film values left out"),
        "\(result.stdout)")
    }
  }

  @Test func noPageHoldsMarkupOrALinkFromAValueLeftOut() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (result, output, theme) = try await Self.build(in: directory)
      try #require(result.status == 0, "\(result.stderr)")
      let allowed = try HostileCorpus.elements(ofTheme: theme)
        .union(
          HostileCorpus.elements(
            ofTheme: FilmSiteProcess.repositoryRoot.appendingPathComponent("Templates"))
        )
        .union(["p", "a", "img", "em", "strong", "code", "h1", "br"])
      let pages = FilmSiteProcess.files(in: output).filter { $0.hasSuffix(".html") }
      #expect(pages.count > 69)
      for path in pages {
        let html = try HostileCorpus.withoutJSONLD(Self.page(path, in: output), page: path)
        for tag in HTMLTags.scan(html) {
          let isThemeScript =
            tag.name == "script"
            && tag.attributes.contains { $0.name == "src" && $0.value.hasSuffix(".js") }
          #expect(
            allowed.contains(tag.name) && (tag.name != "script" || isThemeScript),
            "\(path): <\(tag.name)>")
          for attribute in tag.attributes {
            let name = attribute.name.lowercased()
            #expect(!name.hasPrefix("on"), "\(path): \(tag.skeleton)")
            if name == "href" {
              #expect(
                URLCheck.isHTTPOrRelative(attribute.value), "\(path): href=\(attribute.value)")
            } else if name == "src" || name == "srcset" {
              #expect(URLCheck.isSafe(attribute.value), "\(path): \(name)=\(attribute.value)")
            }
            // Left-out values: the IMDb id that climbs, the backdrop of another scheme.
            #expect(!attribute.value.contains("title/.."), "\(path): \(attribute.value)")
            #expect(!attribute.value.contains("w780javascript"), "\(path): \(attribute.value)")
          }
        }
      }
    }
  }

  @Test func keptValuesShowAndLeftOutOnesDoNot() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (result, output, _) = try await Self.build(in: directory)
      try #require(result.status == 0, "\(result.stderr)")
      let kept = try Self.page("films/goodlinks-links-that-are-kept/index.html", in: output)
      for text in [
        "Rated 7.5 from 120 votes", "Released 2000-02-29", "https://www.imdb.com/title/tt0000001/",
        "https://example.com/film?a=1&amp;b=2", "https://image.tmdb.org/t/p/w1280/backdrop.jpg",
      ] {
        #expect(kept.contains(text), "the kept film's page lacks \(text)")
      }
      let rating = try Self.page("films/rating11-rating-eleven/index.html", in: output)
      #expect(!rating.contains("Rated"))
      let negative = try Self.page("films/ratingnegative-rating-below-zero/index.html", in: output)
      #expect(!negative.contains("Rated") && !negative.contains("votes"))
      let date = try Self.page("films/baddate-not-a-day/index.html", in: output)
      #expect(!date.contains("Released") && !date.contains("1999-02-30"))
      let homepage = try Self.page("films/homepagejs-homepage-script/index.html", in: output)
      #expect(!homepage.contains("Homepage]") && !homepage.contains(">Homepage<"))

      // The cast: blank names gone, a blank character gone, markup as text, the first 1000 kept.
      let cast = try Self.page("films/castscript-cast-with-scripts/index.html", in: output)
      #expect(cast.contains("&lt;script&gt;alert(1)&lt;/script&gt; · &lt;/script&gt;"), "\(cast)")
      #expect(cast.contains("Blank Part</p>"), "\(cast)")
      let big = try Self.page(HostileCorpus.bigCastPage, in: output)
      #expect(big.contains(HostileCorpus.performer(999).name))
      #expect(!big.contains(HostileCorpus.performer(1000).name))
      #expect(big.contains("&lt;script&gt;alert(950)&lt;/script&gt;"))
      #expect(big.utf8.count < 100_000, "\(big.utf8.count) bytes")
    }
  }

  @Test func everyPageIsValidHTML() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (result, output, _) = try await Self.build(in: directory)
      try #require(result.status == 0, "\(result.stderr)")
      let report = try await FilmSiteProcess.validateHTML(in: output)
      #expect(report.valid, "Nu HTML Checker: \(report.output)")
    }
  }
}
