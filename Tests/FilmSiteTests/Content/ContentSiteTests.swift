import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// A site built with a content folder: notes shown on their films' pages
/// and correcting them, tags as a taxonomy, the owner's pages in the layout
/// and its navigation, and warnings for notes named for no film.
@Suite struct ContentSiteTests {
  static let films = [
    Film(id: "426", title: "Vertigo (1957)", year: 1957, director: "Alfred Hitchcock"),
    Film(id: "962", title: "The Gold Rush", year: 1925, director: "Charlie Chaplin"),
    Film(id: "tt-x", title: "Encoded", year: 1990),
  ]

  static let content = [
    "films/426.md": """
    +++
    title = "Vertigo"
    year = 1958
    rating = 9.5
    watched = [2024-05-01]
    tags = ["Noir", "Favourites"]
    featured = true
    +++
    Seen **twice**.
    """,
    "films/962.md": "+++\ntags = [\"Favourites\"]\n+++\n",
    "films/_74742d78.md": "The encoded id's note.\n",
    "films/999.md": "A film no longer in the catalog.\n",
    "about.md": "+++\ntitle = \"About us\"\ndate = 2026-11-30\n+++\nWe show *films*.\n",
  ]

  /// Builds the films with `content` into a new folder and hands `body` the
  /// output folder and the summary.
  static func withSite(
    content: [String: String] = content, navigation: [String] = ["about.md"],
    _ body: (String, BuildSummary) throws -> Void
  ) async throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("filmsite-content-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    for (path, text) in content {
      let full = root + "/content/" + path
      try FileManager.default.createDirectory(
        atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: full, atomically: true, encoding: .utf8)
    }
    var configuration = SiteConfiguration(title: "Archive", pageSize: 2)
    configuration.navigation = navigation
    let summary = try await SiteBuilder(
      input: .source(CatalogSource(films: films), maxPages: Paginator.defaultMaxPages),
      contentDirectory: root + "/content", outputDirectory: root + "/Output",
      configuration: configuration
    ).build()
    try body(root + "/Output", summary)
  }

  static func page(_ path: String, in output: String) throws -> String {
    try String(contentsOfFile: output + "/" + path, encoding: .utf8)
  }

  @Test func aNoteCorrectsItsFilmAndShowsOnItsPage() async throws {
    try await Self.withSite { output, summary in
      let page = try Self.page("films/426-vertigo/index.html", in: output)
      #expect(page.contains("<h1>Vertigo</h1>"))
      #expect(page.contains(">1958</a>"))
      #expect(page.contains("<p class=\"your-rating\">Your rating <strong>9.5</strong>/10</p>"))
      #expect(page.contains("<p class=\"featured\">Featured</p>"))
      #expect(page.contains("<p>Seen <strong>twice</strong>.</p>"))
      #expect(page.contains("<time datetime=\"2024-05-01\">1 May 2024</time>"))
      #expect(page.contains("<a href=\"../../tags/noir/\">Noir</a>"))
      #expect(!FileManager.default.fileExists(atPath: output + "/films/426-vertigo-1957"))
      #expect(summary.description.contains("3 notes (2 fields corrected), 1 page of your own"))
    }
  }

  @Test func aNoteForAnEncodedIDIsNamedAsTheRouteWritesIt() async throws {
    try await Self.withSite { output, _ in
      let page = try Self.page("films/_74742d78-encoded/index.html", in: output)
      #expect(page.contains("<p>The encoded id's note.</p>"))
    }
  }

  @Test func aNoteForNoFilmIsAWarningNotAnError() async throws {
    try await Self.withSite { _, summary in
      #expect(summary.contentWarnings.map(\.idSegment) == ["999"])
      let warning = try #require(summary.contentWarnings.first).description
      #expect(
        warning.hasSuffix(
          "/content/films/999.md: no film has the id 999 this note is named for; the note is left out"
        ))
    }
  }

  @Test func tagsAreATaxonomyWithAListOfNames() async throws {
    try await Self.withSite { output, _ in
      let favourites = try Self.page("tags/favourites/index.html", in: output)
      #expect(favourites.contains("The Gold Rush") && favourites.contains("Vertigo"))
      let tags = try Self.page("tags/index.html", in: output)
      #expect(tags.contains("Favourites") && tags.contains("Noir"))
      #expect(
        try Self.page("index.html", in: output).contains("<li><a href=\"tags/\">Tags</a></li>"))
    }
  }

  @Test func withoutTagsThereIsNoTagsFolderNorLink() async throws {
    try await Self.withSite(content: ["about.md": Self.content["about.md"] ?? ""]) { output, _ in
      #expect(!FileManager.default.fileExists(atPath: output + "/tags"))
      let home = try Self.page("index.html", in: output)
      #expect(!home.contains("Tags</a>"))
    }
  }

  @Test func anOwnPageIsInTheLayoutAndEveryPageLinksIt() async throws {
    try await Self.withSite { output, _ in
      let about = try Self.page("about/index.html", in: output)
      #expect(about.contains("<title>About us · Archive</title>"))
      #expect(about.contains("<h1>About us</h1>"))
      #expect(about.contains("<time datetime=\"2026-11-30\">30 November 2026</time>"))
      #expect(about.contains("<p>We show <em>films</em>.</p>"))
      #expect(about.contains("<a href=\"./\" aria-current=\"page\">About us</a>"))
      #expect(try Self.page("index.html", in: output).contains("<a href=\"about/\">About us</a>"))
      #expect(
        try Self.page("films/962-the-gold-rush/index.html", in: output)
          .contains("<a href=\"../../about/\">About us</a>"))
    }
  }

  @Test func aNavigationEntryThatNamesNoPageFailsTheBuild() async throws {
    await #expect(
      throws: SiteError.unknownNavigationPage("abut.md", known: ["about.md"])
    ) {
      try await Self.withSite(navigation: ["abut.md"]) { _, _ in }
    }
  }
}
