import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

@Suite struct ThemeTests {
  /// Copies the default theme into `directory` and returns the copy's path.
  private func copyTheme(into directory: String) throws -> String {
    let theme = directory + "/theme"
    try FileManager.default.copyItem(atPath: Fixtures.templatesDirectory, toPath: theme)
    return theme
  }

  @Test func defaultThemeLoadsWithItsAssets() throws {
    let theme = try Theme.load(from: Fixtures.templatesDirectory)
    #expect(
      theme.assets.keys.sorted() == [
        "favicon.svg", "load-more.js", "poster-placeholder.svg", "search.js", "style.css",
      ])
  }

  @Test func unknownPlaceholderNamesTheFileLineAndColumn() throws {
    try Fixtures.withTemporaryDirectory { directory in
      let theme = try copyTheme(into: directory)
      try "<h1>{{title}}</h1>\n\n<p>By {{directr}}</p>\n".write(
        toFile: theme + "/film.html", atomically: true, encoding: .utf8)
      let expected = TemplateError(
        file: theme + "/film.html", line: 3, column: 7, reason: .unknownPlaceholder("directr"))
      #expect(throws: expected) { try Theme.load(from: theme) }
    }
  }

  /// A template the folder lacks is the built-in theme's, in either form of a list.
  @Test(arguments: ["terms.html", "row.html"])
  func missingTemplateComesFromTheBuiltInTheme(removed: String) throws {
    try Fixtures.withTemporaryDirectory { directory in
      let theme = try copyTheme(into: directory)
      try FileManager.default.removeItem(atPath: theme + "/" + removed)
      let loaded = try Theme.load(from: theme)
      let template = removed == "terms.html" ? loaded.terms : loaded.row
      #expect(template.file == "(built-in theme)/" + removed)
      #expect(loaded.contentHash == (try Theme.builtIn()).contentHash)
    }
  }

  /// The Markdown form of the default theme's film lists, which it had before
  /// they became HTML: kept to test Markdown lists.
  private static let markdownLists = Fixtures.repositoryRoot
    .appendingPathComponent("Tests/FilmSiteTests/Theme/MarkdownLists").path

  /// Copies the default theme with its film lists in Markdown.
  private func copyThemeWithMarkdownLists(into directory: String) throws -> String {
    let theme = try copyTheme(into: directory)
    for name in ["index", "row"] {
      try FileManager.default.removeItem(atPath: theme + "/\(name).html")
      try FileManager.default.copyItem(
        atPath: Self.markdownLists + "/\(name).md", toPath: theme + "/\(name).md")
    }
    return theme
  }

  @Test func filmListsMayBeMarkdown() throws {
    try Fixtures.withTemporaryDirectory { directory in
      let theme = try Theme.load(from: try copyThemeWithMarkdownLists(into: directory))
      #expect(theme.index.language == .markdown)
      #expect(theme.row.language == .markdown)
      let standard = try Theme.load(from: Fixtures.templatesDirectory)
      #expect(standard.index.language == .html)
      #expect(standard.row.language == .html)
      #expect(theme.contentHash != standard.contentHash)
    }
  }

  @Test func aListTemplateInBothLanguagesIsRefused() throws {
    try Fixtures.withTemporaryDirectory { directory in
      let theme = try copyTheme(into: directory)
      try FileManager.default.copyItem(
        atPath: Self.markdownLists + "/index.md", toPath: theme + "/index.md")
      let expected = TemplateError(
        file: theme + "/index.md", line: 0, column: 0, reason: .duplicateTemplate(of: "index.html"))
      #expect(throws: expected) { try Theme.load(from: theme) }
      #expect(
        expected.description
          == "\(theme)/index.md: the theme also has index.html; keep one of the two")
    }
  }

  /// The default theme with one of its list templates, `markdown`, in Markdown.
  @Test(arguments: [
    (markdown: "row", index: "index.html", row: "row.md"),
    (markdown: "index", index: "index.md", row: "row.html"),
  ])
  func aRowInAnotherLanguageThanItsIndexIsRefused(markdown: String, index: String, row: String)
    throws
  {
    try Fixtures.withTemporaryDirectory { directory in
      let theme = try copyTheme(into: directory)
      try FileManager.default.removeItem(atPath: theme + "/\(markdown).html")
      try FileManager.default.copyItem(
        atPath: Self.markdownLists + "/\(markdown).md", toPath: theme + "/\(markdown).md")
      let expected = TemplateError(
        file: theme + "/" + row, line: 0, column: 0, reason: .listLanguageMismatch(index: index))
      #expect(throws: expected) { try Theme.load(from: theme) }
      #expect(
        expected.description
          == "\(theme)/\(row): rows must be in the language of \(index) (row.html with index.html, row.md with index.md)"
      )
    }
  }

  @Test func aMissingRowIsNamedInTheIndexsLanguage() throws {
    try Fixtures.withTemporaryDirectory { directory in
      let theme = try copyThemeWithMarkdownLists(into: directory)
      try FileManager.default.removeItem(atPath: theme + "/row.md")
      // The built-in row is HTML, so it cannot stand in for the Markdown one.
      let expected = TemplateError(
        file: theme + "/row.md", line: 0, column: 0,
        reason: .unreadable(
          "no such file (index.md needs a row in its language, and the built-in theme's is row.html)"
        ))
      #expect(throws: expected) { try Theme.load(from: theme) }
    }
  }

  @Test func aFolderNamedLikeTheOtherFormIsNotATemplate() throws {
    try Fixtures.withTemporaryDirectory { directory in
      let theme = try copyTheme(into: directory)
      try FileManager.default.createDirectory(
        atPath: theme + "/index.md", withIntermediateDirectories: false)
      #expect(try Theme.load(from: theme).index.language == .html)
    }
  }

  @Test func theSameSourceInAnotherLanguageIsAnotherTheme() throws {
    // A rename from row.md to row.html (and index) with the same text renders
    // differently, so an up-to-date build must not skip it.
    try Fixtures.withTemporaryDirectory { directory in
      for side in ["a", "b"] {
        try FileManager.default.createDirectory(
          atPath: directory + "/" + side, withIntermediateDirectories: false)
      }
      let markdown = try copyThemeWithMarkdownLists(into: directory + "/a")
      let html = try copyTheme(into: directory + "/b")
      for name in ["index", "row"] {
        try FileManager.default.removeItem(atPath: html + "/\(name).html")
        try FileManager.default.copyItem(
          atPath: markdown + "/\(name).md", toPath: html + "/\(name).html")
      }
      #expect(try Theme.load(from: markdown).contentHash != Theme.load(from: html).contentHash)
    }
  }

  @Test func markdownListsListTheSameFilmsAsTheDefaultHTMLLists() throws {
    // The HTML rows add the poster card, which cmark's safe mode cannot
    // make; the pages still link the same films, pages and names in order.
    let films = try CatalogFile.load(
      path: Fixtures.repositoryRoot.appendingPathComponent("Catalog/films.json").path)
    try Fixtures.withTemporaryDirectory { directory in
      let markdown = try Theme.load(from: try copyThemeWithMarkdownLists(into: directory))
      let html = try Theme.load(from: Fixtures.templatesDirectory)
      func lists(_ theme: Theme) throws -> [String: [String]] {
        let files = try SiteRenderer(theme: theme, configuration: SiteConfiguration())
          .render(films)
        return Dictionary(
          uniqueKeysWithValues: files.compactMap { file in
            let page = String(decoding: file.contents, as: UTF8.self)
            guard !file.path.hasPrefix("films/"), file.path.hasSuffix("index.html"),
              page.contains("<body class=\"index\">")
            else { return nil }
            return (file.path, Self.linksAndHeading(inMainOf: page))
          })
      }
      let fromMarkdown = try lists(markdown)
      let fromHTML = try lists(html)
      #expect(fromHTML.count == fromMarkdown.count)
      #expect(fromHTML.count > 100)
      for (path, links) in fromMarkdown {
        #expect(links.count > 2, "\(path)")
        // The HTML escaper writes an apostrophe (in a name such as O'Connor) as `&#39;`.
        let html = fromHTML[path]?.map { $0.replacingOccurrences(of: "&#39;", with: "'") }
        #expect(html == links, "\(path)")
      }
    }
  }

  /// The Markdown name list the default theme had before `terms.html`, kept
  /// as the reference the HTML one is held to, and to test Markdown name lists.
  static let markdownTerms = Fixtures.repositoryRoot
    .appendingPathComponent("Tests/FilmSiteTests/Theme/MarkdownTerms/terms.md").path

  /// Films whose names carry markup, Markdown, entities and odd Unicode,
  /// and none with a director, so that the directors' list is empty.
  private static let hostileNames = [
    Film(
      id: "1", title: "A", year: 1999, genres: ["<script>alert(1)</script>", "*Noir* & `code`"]),
    Film(
      id: "2", title: "B", year: 2001, genres: ["[link](javascript:x)", "Ünïcødé\u{200B} \"q\""]),
    Film(id: "3", title: "C", genres: ["\\_under\\_ # not a heading", "1. not a list"]),
  ]

  @Test(arguments: [false, true])
  func theHTMLNameListsAreTheMarkdownOnesWithoutCmark(hostile: Bool) throws {
    let films =
      hostile
      ? Self.hostileNames
      : try CatalogFile.load(
        path: Fixtures.repositoryRoot.appendingPathComponent("Catalog/films.json").path)
    try Fixtures.withTemporaryDirectory { directory in
      let theme = try copyTheme(into: directory)
      try FileManager.default.removeItem(atPath: theme + "/terms.html")
      try FileManager.default.copyItem(atPath: Self.markdownTerms, toPath: theme + "/terms.md")
      let markdown = try Theme.load(from: theme)
      #expect(markdown.terms.language == .markdown)
      let html = try Theme.builtIn()
      #expect(html.terms.language == .html)
      func nameLists(_ theme: Theme) throws -> [String: String] {
        let files = try SiteRenderer(theme: theme, configuration: SiteConfiguration())
          .render(films)
        return Dictionary(
          uniqueKeysWithValues: files.compactMap { file in
            let page = String(decoding: file.contents, as: UTF8.self)
            guard page.contains("<body class=\"terms\">") else { return nil }
            return (file.path, page)
          })
      }
      let fromMarkdown = try nameLists(markdown)
      let fromHTML = try nameLists(html)
      #expect(fromHTML.keys.sorted() == fromMarkdown.keys.sorted())
      #expect(fromHTML.count >= 3)
      for (path, page) in fromMarkdown {
        // The HTML escaper writes an apostrophe (in a name such as O'Connor) as `&#39;`.
        #expect(fromHTML[path]?.replacingOccurrences(of: "&#39;", with: "'") == page, "\(path)")
      }
      if hostile {
        #expect(
          fromHTML["directors/index.html"]?.contains("No film of the catalog has one.") == true)
        #expect(fromHTML["genres/index.html"]?.contains("&lt;script&gt;") == true)
      }
    }
  }

  /// The `<h1>` line and every link target inside `<main>`, in order.
  private static func linksAndHeading(inMainOf page: String) -> [String] {
    let main = page.components(separatedBy: "<main").last ?? ""
    let heading = main.split(separator: "\n").first { $0.hasPrefix("<h1>") }.map(String.init)
    let links = main.components(separatedBy: #"href=""#).dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
    return [heading ?? "no heading"] + links
  }

  /// The Markdown film page the default theme had before `film.html`, kept
  /// to test Markdown film pages.
  static let markdownFilm = Fixtures.repositoryRoot
    .appendingPathComponent("Tests/FilmSiteTests/Theme/MarkdownFilm/film.md").path

  @Test func theFilmPageMayBeMarkdown() throws {
    try Fixtures.withTemporaryDirectory { directory in
      let theme = try copyTheme(into: directory)
      try FileManager.default.removeItem(atPath: theme + "/film.html")
      try FileManager.default.copyItem(atPath: Self.markdownFilm, toPath: theme + "/film.md")
      let loaded = try Theme.load(from: theme)
      #expect(loaded.film.file == theme + "/film.md")
      #expect(loaded.film.language == .markdown)
      #expect(loaded.contentHash != (try Theme.builtIn()).contentHash)
    }
  }

  /// A film's page shows the index page that lists it when its template
  /// names `indexURL` or `indexPage`, as a value or a section, in either
  /// language; only then is that page one of the film page's inputs.
  @Test(arguments: [
    ("film.html", "<h1>{{title}}</h1>\n", false),
    ("film.html", "<a href=\"{{homeURL}}\">Back to the films</a>\n", false),
    ("film.html", "<a href=\"{{indexURL}}\">Back</a>\n", true),
    ("film.html", "<p>Page {{{indexPage}}}</p>\n", true),
    ("film.html", "{{#genreLinks}}{{name}}, page {{indexPage}} {{/genreLinks}}\n", true),
    ("film.html", "{{^indexURL}}No list{{/indexURL}}\n", true),
    ("film.md", "# {{title}}\n", false),
    ("film.md", "[Back]({{indexURL}})\n", true),
  ])
  func theFilmPageShowsItsIndexPageWhenItsTemplateNamesIt(
    file: String, template: String, shows: Bool
  ) throws {
    try Fixtures.withTemporaryDirectory { directory in
      try template.write(toFile: directory + "/" + file, atomically: true, encoding: .utf8)
      let theme = try Theme.load(from: directory)
      #expect(theme.film.file == directory + "/" + file)
      #expect(theme.filmShowsIndexPage == shows)
      #expect(
        try BuildFingerprint.siteKeys(theme: theme, configuration: .init()).filmShowsIndexPage
          == shows)
    }
  }

  @Test func theBuiltInFilmPageShowsItsIndexPage() throws {
    #expect(try Theme.builtIn().filmShowsIndexPage)
  }

  /// The film page and the name lists, each given in both languages.
  @Test(arguments: [(markdownFilm, "film"), (markdownTerms, "terms")])
  func aTemplateInBothLanguagesIsRefused(markdown: String, name: String) throws {
    try Fixtures.withTemporaryDirectory { directory in
      let theme = try copyTheme(into: directory)
      try FileManager.default.copyItem(atPath: markdown, toPath: theme + "/\(name).md")
      let expected = TemplateError(
        file: theme + "/\(name).md", line: 0, column: 0,
        reason: .duplicateTemplate(of: "\(name).html"))
      #expect(throws: expected) { try Theme.load(from: theme) }
      #expect(
        expected.description
          == "\(theme)/\(name).md: the theme also has \(name).html; keep one of the two")
    }
  }

  @Test func everyDocumentedPlaceholderIsKnown() throws {
    // The README lists each template's placeholders; keep it and the schemas in step.
    let readme = try String(
      contentsOf: Fixtures.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    for (file, schema) in Theme.Schemas.all {
      #expect(readme.contains("`\(file)`"), "README.md does not describe \(file)")
      let itemNames = schema.fields.values.compactMap { $0?.names }.flatMap { $0 }
      for name in schema.names + itemNames {
        #expect(readme.contains("`\(name)`"), "README.md does not document {{\(name)}} of \(file)")
      }
    }
  }
}
