import Foundation
import Testing

/// Runs the built `filmsite` binary on a catalog of hostile films (`Fixtures/hostile-films.json`)
/// and checks that the site it writes is safe, valid and stays inside its output folder, and that
/// films it cannot publish fail the build with one clear line.
///
/// The corpus holds markup, Mustache tags and Markdown in every text field, ids that try to leave
/// `films/`, bidirectional, invisible and control characters, an overview of 1 MiB, empty and
/// absurd values, unsafe poster paths, the fields a film page shows (cast, tagline, rating,
/// trailer, IMDb id, homepage, release date) with values no page can show, a cast of 10,000,
/// and two later films whose ids were already seen. ``HostileFilmFieldsEndToEndTests`` builds
/// it with a theme that shows every field.
@Suite struct HostileCatalogEndToEndTests {
  /// Films in the corpus once the two later films with ids already seen are dropped.
  private static let filmCount = 69
  private static let duplicateCount = 2

  // MARK: - The corpus builds

  @Test func corpusBuildsAndTheSummaryCountsFilmsAndDuplicatesDropped() throws {
    try FilmSiteProcess.withTemporaryDirectory { directory in
      let (result, output) = try Self.buildCorpus(in: directory)
      #expect(result.status == 0, "\(result.stderr)")
      // One line for each value that no page can show, and nothing else.
      #expect(result.stderr.split(separator: "\n").map(String.init) == HostileCorpus.warnings)
      #expect(
        result.stdout.hasPrefix(
          "Built 69 films (2 duplicates dropped), 3 index pages and 34 browse pages into "
            + "\(output.path): 214 files written, 0 unchanged, 0 removed in "),
        "\(result.stdout)")
      #expect(result.stdout.contains(" s; 15 film values left out (see the warnings)"))
      #expect(result.stdout.split(separator: "\n").count == 1)

      let files = FilmSiteProcess.files(in: output)
      #expect(files.filter { $0.hasPrefix("films/") }.count == Self.filmCount)
      #expect(files.contains("page/3/index.html"))
      // The first film with an id wins; the later ones are on no page.
      for page in try Self.pages(in: output) {
        let showsDuplicate = page.html.contains("DUPLICATE-")
        #expect(!showsDuplicate, "\(page.path) shows a film whose id was already seen")
      }
      let firstQuotes = try Self.page(
        "films/quotes-quoted-single-tick-amp-back/index.html", in: output)
      #expect(
        firstQuotes.contains(
          #"Directed by <a href="../../directors/onmouseover-alert-1/">' onmouseover='alert(1)</a>"#
        ))
      let first603 = try Self.page("films/603-integer-603/index.html", in: output)
      #expect(first603.contains("<h1>Integer 603</h1>"))

      // The corpus holds what it claims: 71 films, one overview of exactly 1,048,576 characters,
      // which reaches its page, and a cast of 10,000.
      let films = try Self.corpusFilms(in: directory)
      #expect(films.count == Self.filmCount + Self.duplicateCount)
      let casts = films.compactMap { ($0["cast"] as? [Any])?.count }
      #expect(casts.max() == HostileCorpus.castCount)
      let longest = films.compactMap { $0["overview"] as? String }
        .map(\.unicodeScalars.count).max()
      #expect(longest == 1_048_576)
      let huge = try Self.page("films/huge-a-very-long-overview/index.html", in: output)
      #expect(huge.utf8.count > 1_048_576)
    }
  }

  // MARK: - Safe pages

  @Test func noPageHoldsExecutableMarkupFromTheData() throws {
    try FilmSiteProcess.withTemporaryDirectory { directory in
      let (result, output) = try Self.buildCorpus(in: directory)
      try #require(result.status == 0, "\(result.stderr)")
      let eventHandler = try NSRegularExpression(
        pattern: #"\son[a-z]+\s*="#, options: [.caseInsensitive])
      let pages = try Self.pages(in: output)
      #expect(pages.filter { $0.path.hasPrefix("films/") }.count == Self.filmCount)
      #expect(pages.count > Self.filmCount + 3)
      // What the default theme's pages are made of, besides cmark's output; the search
      // page's form and script are counted on their own.
      let themeElements = try HostileCorpus.elements(
        ofTheme: FilmSiteProcess.repositoryRoot.appendingPathComponent("Templates"),
        except: ["search.html"])
      for page in pages {
        // The search page holds the theme's own form and script, lists their load-more
        // script, and nothing from the data. JSON-LD blocks are checked and set aside.
        let isSearch = page.path == "search/index.html"
        let html = try HostileCorpus.withoutJSONLD(page.html, page: page.path)
        let lowered = html.lowercased()
          .replacingOccurrences(
            of: #"<script src="(\.\./)*assets/load-more\.js" defer></script>"#, with: "",
            options: .regularExpression)
        for element in [
          "<script", "<iframe", "<svg", "<object", "<embed", "<style", "<base", "<form",
        ] {
          let expected = isSearch && (element == "<script" || element == "<form") ? 1 : 0
          #expect(
            lowered.components(separatedBy: element).count - 1 == expected,
            "\(page.path) holds \(element)")
        }
        if isSearch {
          #expect(page.html.contains(#"<script src="../assets/search.js" defer></script>"#))
        }
        let loadsMore = page.html.contains("assets/load-more.js\" defer></script>")
        let allowed =
          isSearch
          ? Self.allowedElements.union(themeElements).union(Self.searchElements)
          : Self.allowedElements.union(themeElements).union(loadsMore ? ["script"] : [])
        for tag in HTMLTags.scan(html) {
          #expect(allowed.contains(tag.name), "\(page.path): element <\(tag.name)>")
          let skeleton = tag.skeleton as NSString
          #expect(
            eventHandler.firstMatch(
              in: tag.skeleton, range: NSRange(location: 0, length: skeleton.length)) == nil,
            "\(page.path): event handler in \(tag.skeleton)")
          for attribute in tag.attributes {
            #expect(
              !attribute.name.lowercased().hasPrefix("on"),
              "\(page.path): <\(tag.name) \(attribute.name)=\"\(attribute.value)\">")
            // A link goes to a page of the site or to an http(s) URL, never elsewhere.
            if attribute.name.lowercased() == "href" {
              #expect(
                URLCheck.isHTTPOrRelative(attribute.value),
                "\(page.path): <\(tag.name) href=\"\(attribute.value)\">")
            }
            guard Self.urlAttributes.contains(attribute.name.lowercased()) else { continue }
            #expect(
              URLCheck.isSafe(attribute.value),
              "\(page.path): <\(tag.name) \(attribute.name)=\"\(attribute.value)\">")
          }
        }
      }
    }
  }

  @Test func everyFileStaysInsideTheOutputFolder() throws {
    try FilmSiteProcess.withTemporaryDirectory { directory in
      let repositoryBefore = try Self.entries(of: FilmSiteProcess.repositoryRoot)
      let escapeTarget = "/tmp/filmsite-pwned"
      let escapeTargetExisted = FileManager.default.fileExists(atPath: escapeTarget)

      let (result, output) = try Self.buildCorpus(in: directory)
      try #require(result.status == 0, "\(result.stderr)")

      // Nothing new beside the output folder, nor in the folder above it (the catalog's).
      #expect(try Self.entries(of: directory) == ["films.json", "work"])
      #expect(try Self.entries(of: directory.appendingPathComponent("work")) == ["Output"])
      let everything = FileManager.default.enumerator(atPath: directory.path)
      while let path = everything?.nextObject() as? String {
        #expect(
          path == "films.json" || path == "work" || path == "work/Output"
            || path.hasPrefix("work/Output/"), "\(path)")
        let type =
          try FileManager.default.attributesOfItem(
            atPath: directory.appendingPathComponent(path).path)[.type] as? FileAttributeType
        #expect(type != .typeSymbolicLink, "\(path) is a symbolic link")
      }
      #expect(try Self.entries(of: FilmSiteProcess.repositoryRoot) == repositoryBefore)
      if !escapeTargetExisted {
        #expect(!FileManager.default.fileExists(atPath: escapeTarget))
      }

      // Every file is a regular file whose real path is inside the output folder.
      let root = output.standardizedFileURL.resolvingSymlinksInPath().path + "/"
      let files = FilmSiteProcess.files(in: output)
      for file in files {
        let url = output.appendingPathComponent(file)
        let type =
          try FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType
        #expect(type == .typeRegular, "\(file) is \(String(describing: type))")
        #expect(url.standardizedFileURL.resolvingSymlinksInPath().path.hasPrefix(root), "\(file)")
      }

      // Film pages are films/<segment>/index.html with a segment of [a-z0-9_] and a slug.
      let filmPath = try NSRegularExpression(
        pattern: #"^films/[a-z0-9_]+(-[a-z0-9-]+)?/index\.html$"#)
      let filmFiles = files.filter { $0.hasPrefix("films/") }
      #expect(filmFiles.count == Self.filmCount)
      for file in filmFiles {
        let range = NSRange(location: 0, length: (file as NSString).length)
        #expect(filmPath.firstMatch(in: file, range: range) != nil, "\(file)")
      }
      // Every other file is an index page, a browse page, the search index or 404.html,
      // each in a folder of [a-z0-9_-] names.
      let others = files.filter { !$0.hasPrefix("films/") && !$0.hasPrefix("assets/") }
      let otherPath = try NSRegularExpression(
        pattern:
          #"^(\.filmsite-manifest|404\.html|index\.html|page/[0-9]+/index\.html|(genres|directors|years)/index\.html|(genres|directors|years)/[a-z0-9_-]+/(page/[0-9]+/)?index\.html|search/index\.html|search/[a-z0-9_]+\.json)$"#
      )
      for file in others {
        let range = NSRange(location: 0, length: (file as NSString).length)
        #expect(otherPath.firstMatch(in: file, range: range) != nil, "\(file)")
      }
      #expect(others.contains("page/3/index.html") && !others.contains("page/4/index.html"))
      #expect(others.contains("search/index.json"))

      // The ids that try to leave films/ are written as hex inside it.
      for file in [
        "films/_2e2e2f-dot-dot-slash/index.html", "films/_2f-slash/index.html",
        "films/_2e2e-dot-dot/index.html", "films/_610062-nul-in-id/index.html",
        "films/_00-only-nul/index.html", "films/_5550504552-uppercase-id/index.html",
        "films/_77697468207370616365-spaces-in-id/index.html",
        "films/_f09f8eac-emoji-id/index.html",
        "films/abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwx-sixty-characters/index.html",
        "films/_2e2e2f2e2e2f2e2e2f2e2e2f2e2e2f2e2e2f746d702f66696c6d736974652d70776e6564-traversal/index.html",
      ] {
        #expect(files.contains(file), "\(file)")
      }
    }
  }

  @Test func everyPageIsValidHTML() throws {
    try FilmSiteProcess.withTemporaryDirectory { directory in
      let (result, output) = try Self.buildCorpus(in: directory)
      try #require(result.status == 0, "\(result.stderr)")
      let report = try FilmSiteProcess.validateHTML(in: output)
      #expect(report.valid, "Nu HTML Checker: \(report.output)")
    }
  }

  @Test func noPageHoldsControlCharactersOrNoncharacters() throws {
    try FilmSiteProcess.withTemporaryDirectory { directory in
      let (result, output) = try Self.buildCorpus(in: directory)
      try #require(result.status == 0, "\(result.stderr)")
      for page in try Self.pages(in: output) {
        let forbidden = page.html.unicodeScalars.filter(Self.isForbiddenInHTML)
        #expect(
          forbidden.isEmpty,
          "\(page.path): \(forbidden.map { "U+" + String($0.value, radix: 16, uppercase: true) })")
      }
    }
  }

  @Test func safetyChecksFlagUnsafeMarkup() throws {
    let unsafe = [
      #"<a href="javascript:alert(1)">x</a>"#, #"<a href="&#106;avascript:alert(1)">x</a>"#,
      #"<a href=" JAVASCRIPT&colon;alert(1)">x</a>"#, #"<a href="java&#9;script:alert(1)">x</a>"#,
      #"<img src="data:image/svg+xml,x">"#, #"<img src='vbscript:x'>"#,
      #"<img src=x onerror=alert(1)>"#, #"<p ONCLICK = "x">"#,
    ]
    for html in unsafe {
      let flagged = HTMLTags.scan(html).contains { tag in
        tag.attributes.contains {
          $0.name.lowercased().hasPrefix("on") || !URLCheck.isSafe($0.value)
        }
      }
      #expect(flagged, "\(html)")
    }
    let safe = [
      #"<a href="../../page/2/">x</a>"#, #"<img src="data:image/png;base64,iVBORw0KGgo=">"#,
      #"<img src="https://image.tmdb.org/t/p/w342/javascript:alert(1)" alt="&quot; onerror=&quot;">"#,
      #"<a href="java%09script:alert(1)">x</a>"#, #"<a href="">x</a>"#,
    ]
    for html in safe {
      let flagged = HTMLTags.scan(html).contains { tag in
        tag.attributes.contains {
          $0.name.lowercased().hasPrefix("on") || !URLCheck.isSafe($0.value)
        }
      }
      #expect(!flagged, "\(html)")
    }
    // A link may go only to the site or to http(s).
    for href in ["data:image/png;base64,iVBORw0KGgo=", "mailto:x@example.com", " JavaScript:x"] {
      #expect(!URLCheck.isHTTPOrRelative(href), "\(href)")
    }
    for href in ["../../page/2/", "HTTPS://example.com", "#content", "java%09script:x"] {
      #expect(URLCheck.isHTTPOrRelative(href), "\(href)")
    }
    // A JSON-LD block that film text closed early leaves JSON that does not parse.
    let closed = #"<script type="application/ld+json">{"name": "</script><p>x</p>"}</script>"#
    withKnownIssue {
      _ = try HostileCorpus.withoutJSONLD(closed, page: "page")
    }
    let whole =
      #"<p>a</p><script type="application/ld+json">{"name": "\u003c/script\u003e"}</script>"#
    #expect(try HostileCorpus.withoutJSONLD(whole, page: "page") == "<p>a</p>")
  }

  // MARK: - Pages read as the data

  @Test func everyPageHasOneHeadingAndShowsMarkupAsText() throws {
    try FilmSiteProcess.withTemporaryDirectory { directory in
      let (result, output) = try Self.buildCorpus(in: directory)
      try #require(result.status == 0, "\(result.stderr)")
      for page in try Self.pages(in: output) {
        let headings = page.html.components(separatedBy: "<h1").count - 1
        #expect(headings == 1, "\(page.path) has \(headings) <h1>")
      }
      let expectations: [(page: String, text: String)] = [
        (
          "films/script-script-alert-1-script/index.html",
          "<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>"
        ),
        (
          "films/script-script-alert-1-script/index.html",
          "<title>&lt;script&gt;alert(1)&lt;/script&gt; (1999) · Films</title>"
        ),
        (
          "films/script-script-alert-1-script/index.html",
          #"<p>Directed by <a href="../../directors/svg-onload-alert-1/">&quot;&gt;&lt;svg onload=alert(1)&gt;</a></p>"#
        ),
        (
          "films/script-script-alert-1-script/index.html",
          #"<p><a href="../../genres/svg-onload-alert-1/">&quot;&gt;&lt;svg onload=alert(1)&gt;</a> · <a href="../../genres/img-src-x-onerror-alert-1/">&lt;img src=x onerror=alert(1)&gt;</a></p>"#
        ),
        (
          "films/iframe-iframe-src-javascript-alert-1-iframe/index.html",
          "<h1>&lt;iframe src=&quot;javascript:alert(1)&quot;&gt;&lt;/iframe&gt;</h1>"
        ),
        (
          "films/quotes-quoted-single-tick-amp-back/index.html",
          "<h1>&quot;Quoted&quot; 'single' `tick` &amp; &lt;amp&gt; \\ back</h1>"
        ),
        (
          "films/mustache-title-content-x-y-x-c-a-a/index.html",
          "<h1>{{title}} {{{content}}} {{#x}}y{{/x}} {{! c }} {{^a}}{{/a}}</h1>"
        ),
        (
          "films/mustache-title-content-x-y-x-c-a-a/index.html",
          "<p>{{title}} {{{content}}} {{#x}}shown{{/x}} {{^overview}}none{{/overview}} {{.}}</p>"
        ),
        ("films/entities-lt-script-gt-60-b-62-amp/index.html", "<h1>&amp;lt;script&amp;gt;"),
        ("films/heading-heading-first/index.html", "<p># heading that must stay text</p>"),
        ("films/quote-quote-first/index.html", "<p>&gt; quote that must stay text</p>"),
        ("films/list-list-first/index.html", "<p>- list item that must stay text</p>"),
        ("films/ordered-ordered-first/index.html", "<p>1. ordered item that must stay text</p>"),
        (
          "films/negative-negative/index.html", #"<p><a href="../../years/-5/">-5</a> · -1 min</p>"#
        ),
        (
          "films/absurd-absurd/index.html",
          #"<p><a href="../../years/99999/">99999</a> · 100000 min</p>"#
        ),
        ("films/spaces/index.html", "<h1></h1>"),
        ("films/punct/index.html", "<h1>!!!???...---***###</h1>"),
      ]
      let indexPages = try Self.pages(in: output).filter { !$0.path.hasPrefix("films/") }
      let listed = indexPages.contains {
        $0.html.contains("&lt;script&gt;alert(1)&lt;/script&gt; (1999)")
      }
      #expect(listed, "no index page lists the escaped title")
      for (path, text) in expectations {
        let found = try Self.page(path, in: output).contains(text)
        #expect(found, "\(path) lacks \(text)")
      }
    }
  }

  @Test func everyFilmPageKeepsItsLinkBackToTheIndex() throws {
    try FilmSiteProcess.withTemporaryDirectory { directory in
      let (result, output) = try Self.buildCorpus(in: directory)
      try #require(result.status == 0, "\(result.stderr)")
      for page in try Self.pages(in: output) where page.path.hasPrefix("films/") {
        let linksBack = page.html.contains("← Back to the films, page ")
        #expect(linksBack, "\(page.path) has no link back to the index")
      }
    }
  }

  @Test func filmDataAddsNoBlocksToAPage() throws {
    try FilmSiteProcess.withTemporaryDirectory { directory in
      let (result, output) = try Self.buildCorpus(in: directory)
      try #require(result.status == 0, "\(result.stderr)")
      let blocks: Set<String> = [
        "pre", "blockquote", "ul", "ol", "li", "hr", "h2", "h3", "h4", "h5", "h6", "table",
      ]
      for page in try Self.pages(in: output) where page.path.hasPrefix("films/") {
        // The layout's navigation is a list; the film's content is inside <main>.
        let main = page.html.components(separatedBy: "<main").last ?? ""
        let found = Set(HTMLTags.scan(main).map(\.name)).intersection(blocks)
        #expect(found.isEmpty, "\(page.path) holds \(found.sorted())")
      }
    }
  }

  // MARK: - Rejected films

  struct RejectedFilm: Sendable, CustomTestStringConvertible {
    let name: String
    let json: String
    /// The whole of stderr; `{catalog}` stands for the catalog's path.
    let message: String
    var testDescription: String { name }
  }

  static let rejectedFilms: [RejectedFilm] = [
    RejectedFilm(
      name: "an empty id", json: #"[{"id": "", "title": "Empty id"}]"#,
      message: #"error: film "Empty id": field "id": the id is empty"#),
    RejectedFilm(
      name: "an id of 300 characters",
      json: #"[{"id": "\#(String(repeating: "a", count: 300))", "title": "Long id"}]"#,
      message:
        #"error: film "Long id": field "id": the id "\#(String(repeating: "a", count: 40))…" is 300 bytes long; ids may have at most 128 bytes, or 64 when they hold characters other than a-z and 0-9"#
    ),
    RejectedFilm(
      name: "a title that is a number", json: #"[{"id": 1, "title": 42}]"#,
      message: #"error: {catalog}: film 1: field "title": expected a string"#),
    RejectedFilm(
      name: "a year that is a string", json: #"[{"id": 1, "title": "A", "year": "1999"}]"#,
      message: #"error: {catalog}: film 1: field "year": expected an integer"#),
    RejectedFilm(
      name: "genres that are a string", json: #"[{"id": 1, "title": "A", "genres": "Drama"}]"#,
      message: #"error: {catalog}: film 1: field "genres": expected an array of strings"#),
    RejectedFilm(
      name: "an id that is a boolean", json: #"[{"id": true, "title": "A"}]"#,
      message: #"error: {catalog}: film 1: field "id": expected a string or an integer"#),
    RejectedFilm(
      name: "an id that is null", json: #"[{"id": null, "title": "A"}]"#,
      message: #"error: {catalog}: film 1: missing required field "id""#),
    RejectedFilm(
      name: "a title that is null", json: #"[{"id": 1, "title": null}]"#,
      message: #"error: {catalog}: film 1: missing required field "title""#),
    // The fields a film page shows keep the rule: a value of the wrong JSON type stops the
    // build; a value of the right type that no page can show is left out with a warning.
    RejectedFilm(
      name: "a rating that is a string", json: #"[{"id": 1, "title": "A", "rating": "11"}]"#,
      message: #"error: {catalog}: film 1: field "rating": expected a number"#),
    RejectedFilm(
      name: "a vote count that is a string",
      json: #"[{"id": 1, "title": "A", "vote_count": "5"}]"#,
      message: #"error: {catalog}: film 1: field "vote_count": expected an integer"#),
    RejectedFilm(
      name: "a cast that is a string", json: #"[{"id": 1, "title": "A", "cast": "Kim Novak"}]"#,
      message:
        #"error: {catalog}: film 1: field "cast": expected an array of objects with a string "name""#
    ),
    RejectedFilm(
      name: "a cast member without a name",
      json: #"[{"id": 1, "title": "A", "cast": [{"character": "Judy"}]}]"#,
      message: #"error: {catalog}: film 1: missing required field "cast[0].name""#),
    RejectedFilm(
      name: "a character that is a number",
      json: #"[{"id": 1, "title": "A", "cast": [{"name": "<script>", "character": 5}]}]"#,
      message: #"error: {catalog}: film 1: field "cast[0].character": expected a string"#),
    RejectedFilm(
      name: "a trailer that is a URL",
      json: #"[{"id": 1, "title": "A", "trailer": "javascript:alert(1)"}]"#,
      message:
        #"error: {catalog}: film 1: field "trailer": expected an object with strings "site" and "key""#
    ),
    RejectedFilm(
      name: "an IMDb id that is a number", json: #"[{"id": 1, "title": "A", "imdb_id": 52357}]"#,
      message: #"error: {catalog}: film 1: field "imdb_id": expected a string"#),
    RejectedFilm(
      name: "a homepage that is a list",
      json: #"[{"id": 1, "title": "A", "homepage": ["https://example.com"]}]"#,
      message: #"error: {catalog}: film 1: field "homepage": expected a string"#),
    RejectedFilm(
      name: "a release date that gives no year, with no year",
      json: #"[{"id": 1, "title": "A", "release_date": "</script>"}]"#,
      message:
        #"error: {catalog}: film 1: field "release_date": expected a date like "1999-10-15""#),
  ]

  @Test(arguments: rejectedFilms)
  func rejectedFilmFailsWithOneLineAndLeavesTheSiteAlone(_ film: RejectedFilm) throws {
    try FilmSiteProcess.withTemporaryDirectory { directory in
      let output = directory.appendingPathComponent("Output")
      let built = try FilmSiteProcess.run(["build", "--output", output.path, "--quiet"])
      try #require(built.status == 0, "\(built.stderr)")
      let before = try Self.snapshot(of: output)
      #expect(before[".filmsite-manifest"] != nil)

      let catalog = directory.appendingPathComponent("films.json")
      try film.json.write(to: catalog, atomically: true, encoding: .utf8)
      let result = try FilmSiteProcess.run(
        ["build", "--catalog", catalog.path, "--output", output.path])
      #expect(result.status == 1)
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr == film.message.replacingOccurrences(of: "{catalog}", with: catalog.path)
          + "\n")
      #expect(try Self.snapshot(of: output) == before)
      #expect(try Self.entries(of: directory) == ["Output", "films.json"])
    }
  }

  @Test func rejectedIDIsNamedOnOneLineWithoutControlCharacters() throws {
    try FilmSiteProcess.withTemporaryDirectory { directory in
      let catalog = directory.appendingPathComponent("films.json")
      let id = #"a\u001b[31m\n"# + String(repeating: "x", count: 300)
      try #"[{"id": "\#(id)", "title": "Escapes"}]"#.write(
        to: catalog, atomically: true, encoding: .utf8)
      let result = try FilmSiteProcess.run(
        [
          "build", "--catalog", catalog.path, "--output",
          directory.appendingPathComponent("Output").path,
        ])
      #expect(result.status == 1)
      #expect(result.stderr.hasPrefix(#"error: film "Escapes": field "id": the id ""#))
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(
        !result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" },
        "\(result.stderr.debugDescription)")
    }
  }

  /// Films are named by title, not by number: once pages are merged and
  /// duplicates dropped, a film's place in the catalog is no longer known.
  @Test func rejectedIDNamesTheFilmByItsTitle() throws {
    try FilmSiteProcess.withTemporaryDirectory { directory in
      let catalog = directory.appendingPathComponent("films.json")
      // The second film repeats the first one's id and is dropped; the third has an empty id.
      try #"[{"id": 1, "title": "A"}, {"id": 1, "title": "B"}, {"id": "", "title": "C"}]"#.write(
        to: catalog, atomically: true, encoding: .utf8)
      let result = try FilmSiteProcess.run(
        [
          "build", "--catalog", catalog.path, "--output",
          directory.appendingPathComponent("Output").path,
        ])
      #expect(result.status == 1)
      #expect(result.stderr == "error: film \"C\": field \"id\": the id is empty\n")
    }
  }

  @Test func encodedIDOf64BytesBuildsAsTheREADMESays() throws {
    // README: "Ids longer than 128 characters (64 when encoded) are rejected".
    try FilmSiteProcess.withTemporaryDirectory { directory in
      let catalog = directory.appendingPathComponent("films.json")
      let id = String(repeating: "A", count: 64)
      try #"[{"id": "\#(id)", "title": "Sixty four"}]"#.write(
        to: catalog, atomically: true, encoding: .utf8)
      let result = try FilmSiteProcess.run(
        [
          "build", "--catalog", catalog.path, "--output",
          directory.appendingPathComponent("Output").path,
        ])
      #expect(result.status == 0, "\(result.stderr)")
    }
  }

  @Test func loneSurrogateInAFilmIsReportedWhereItIs() throws {
    try FilmSiteProcess.withTemporaryDirectory { directory in
      let catalog = directory.appendingPathComponent("films.json")
      try #"[{"id": "\ud800", "title": "A"}]"#.write(
        to: catalog, atomically: true, encoding: .utf8)
      let result = try FilmSiteProcess.run(
        [
          "build", "--catalog", catalog.path, "--output",
          directory.appendingPathComponent("Output").path,
        ])
      #expect(result.status == 1)
      #expect(result.stderr.hasPrefix("error: \(catalog.path): "), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1)
      // The file is an array of films: the fault is the escape in film 1, line 1.
      #expect(
        result.stderr.contains("film 1") || result.stderr.contains("line 1, column"),
        "\(result.stderr)")
    }
  }

  // MARK: - Time

  /// Units repeated into overviews of 1 MiB: thousands of images (each one rewritten after
  /// cmark runs), and `![[]()`, which libcmark 0.30.2 parses in time quadratic in its length.
  /// Either finishes in well under a second when the work is linear.
  static let heavyOverviews: [String] = [
    "word ![a](https://example.com/a.png) more text here and there. ",
    "![[]()",
  ]

  @Test(arguments: heavyOverviews)
  func overviewOfOneMebibyteBuildsInSeconds(_ unit: String) throws {
    try FilmSiteProcess.withTemporaryDirectory { directory in
      let catalog = directory.appendingPathComponent("films.json")
      let overview = String(
        String(repeating: unit, count: 1_048_576 / unit.utf8.count + 1).prefix(1_048_576))
      let data = try JSONEncoder().encode([["id": "big", "title": "Big", "overview": overview]])
      try data.write(to: catalog)
      let limit = Duration.seconds(10)
      let status = try Self.run(
        [
          "build", "--catalog", catalog.path, "--output",
          directory.appendingPathComponent("Output").path, "--quiet",
        ], limit: limit)
      #expect(status != nil, "the build took longer than \(limit); it was stopped")
      #expect(status == nil || status == 0)
    }
  }

  // MARK: - Helpers

  /// Writes the corpus to `<directory>/films.json` and builds it into
  /// `<directory>/work/Output` from the repository root.
  private static func buildCorpus(in directory: URL) throws -> (FilmSiteProcess.Result, URL) {
    let corpus = try HostileCorpus.write(in: directory)
    let work = directory.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let output = work.appendingPathComponent("Output")
    let result = try FilmSiteProcess.run(
      ["build", "--catalog", corpus.path, "--output", output.path])
    return (result, output)
  }

  /// The films of the corpus that ``buildCorpus(in:)`` wrote in `directory`.
  private static func corpusFilms(in directory: URL) throws -> [[String: Any]] {
    let corpus = directory.appendingPathComponent("films.json")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: corpus))
    return try #require(json as? [[String: Any]])
  }

  private static func pages(in output: URL) throws -> [(path: String, html: String)] {
    try FilmSiteProcess.files(in: output).filter { $0.hasSuffix(".html") }.map { path in
      (path, try page(path, in: output))
    }
  }

  private static func page(_ path: String, in output: URL) throws -> String {
    String(
      decoding: try Data(contentsOf: output.appendingPathComponent(path)), as: UTF8.self)
  }

  /// The names in a folder, hidden ones too, sorted.
  private static func entries(of directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  /// Every file below `directory` with its bytes.
  private static func snapshot(of directory: URL) throws -> [String: Data] {
    var contents: [String: Data] = [:]
    for file in FilmSiteProcess.files(in: directory) {
      contents[file] = try Data(contentsOf: directory.appendingPathComponent(file))
    }
    return contents
  }

  /// Runs `filmsite` and stops it after `limit`; `nil` when it had to be stopped.
  private static func run(_ arguments: [String], limit: Duration) throws -> Int32? {
    let process = Process()
    process.executableURL = FilmSiteProcess.executable
    process.arguments = arguments
    process.currentDirectoryURL = FilmSiteProcess.repositoryRoot
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while process.isRunning, clock.now < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    guard process.isRunning else { return process.terminationStatus }
    process.terminate()
    process.waitUntilExit()
    return nil
  }

  /// The elements the default theme and cmark's safe output may use.
  private static let allowedElements: Set<String> = [
    "html", "head", "meta", "title", "link", "body", "header", "main", "nav", "footer", "span",
    "a", "p", "h1", "img", "em", "strong", "code", "br", "pre", "blockquote", "ul", "ol", "li",
    "hr", "h2", "h3", "h4", "h5", "h6",
  ]

  /// The search page's form and script, from the theme.
  private static let searchElements: Set<String> = [
    "form", "label", "input", "noscript", "script",
  ]

  private static let urlAttributes: Set<String> = [
    "href", "src", "action", "formaction", "poster", "background", "cite", "data", "srcset",
    "xlink:href",
  ]

  /// Code points HTML forbids in a document: controls other than white space, and noncharacters.
  private static func isForbiddenInHTML(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 { return value != 0x09 && value != 0x0A && value != 0x0D && value != 0x0C }
    if (0x7F...0x9F).contains(value) { return true }
    if (0xFDD0...0xFDEF).contains(value) { return true }
    return value & 0xFFFE == 0xFFFE
  }
}

/// The start tags of an HTML page, read the way a browser tokenizes them.
enum HTMLTags {
  struct Attribute {
    let name: String
    /// The value with character references decoded.
    let value: String
  }

  struct Tag {
    let name: String
    let attributes: [Attribute]
    /// The tag with its quoted values left out: `<img src alt>`, for pattern checks.
    let skeleton: String
  }

  static func scan(_ html: String) -> [Tag] {
    let bytes = Array(html.utf8)
    var tags: [Tag] = []
    var index = 0

    func skip(past marker: String) {
      let marker = Array(marker.utf8)
      while index < bytes.count {
        if bytes[index...].starts(with: marker) {
          index += marker.count
          return
        }
        index += 1
      }
    }

    func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    func isLetter(_ byte: UInt8) -> Bool {
      (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      if bytes[index...].starts(with: Array("<!--".utf8)) {
        skip(past: "-->")
        continue
      }
      let next = index + 1 < bytes.count ? bytes[index + 1] : 0
      if next == UInt8(ascii: "!") || next == UInt8(ascii: "/") || next == UInt8(ascii: "?") {
        skip(past: ">")
        continue
      }
      guard isLetter(next) else {
        index += 1
        continue
      }
      index += 1
      let nameStart = index
      while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
        bytes[index] != UInt8(ascii: "/")
      {
        index += 1
      }
      let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
      var skeleton = "<" + name
      var attributes: [Attribute] = []
      while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
        if isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") {
          skeleton.unicodeScalars.append(Unicode.Scalar(bytes[index]))
          index += 1
          continue
        }
        let attributeStart = index
        while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
          bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/")
        {
          index += 1
        }
        let attributeName = String(decoding: bytes[attributeStart..<index], as: UTF8.self)
        skeleton += attributeName
        var value = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
          skeleton += "="
          index += 1
          if index < bytes.count,
            bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
          {
            let quote = bytes[index]
            index += 1
            let valueStart = index
            while index < bytes.count, bytes[index] != quote { index += 1 }
            value = String(decoding: bytes[valueStart..<min(index, bytes.count)], as: UTF8.self)
            index += 1
            skeleton += "\"\""
          } else {
            let valueStart = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") {
              index += 1
            }
            value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
            skeleton += value
          }
        }
        attributes.append(Attribute(name: attributeName, value: decodeReferences(value)))
      }
      index += 1
      tags.append(Tag(name: name, attributes: attributes, skeleton: skeleton + ">"))
    }
    return tags
  }

  /// Decodes numeric character references and the named ones a URL could hide behind.
  static func decodeReferences(_ text: String) -> String {
    guard text.contains("&") else { return text }
    let named: [String: String] = [
      "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t",
      "newline": "\n", "sol": "/", "lpar": "(", "rpar": ")",
    ]
    var out = ""
    var rest = Substring(text)
    while let ampersand = rest.firstIndex(of: "&") {
      out += rest[..<ampersand]
      let afterAmpersand = rest.index(after: ampersand)
      guard let semicolon = rest[afterAmpersand...].firstIndex(of: ";"),
        rest.distance(from: afterAmpersand, to: semicolon) <= 10
      else {
        out += "&"
        rest = rest[afterAmpersand...]
        continue
      }
      let reference = rest[afterAmpersand..<semicolon].lowercased()
      var decoded: String?
      if reference.hasPrefix("#x") {
        decoded = UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map {
          String($0)
        }
      } else if reference.hasPrefix("#") {
        decoded = UInt32(reference.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
      } else {
        decoded = named[reference]
      }
      if let decoded {
        out += decoded
        rest = rest[rest.index(after: semicolon)...]
      } else {
        out += "&"
        rest = rest[afterAmpersand...]
      }
    }
    return out + rest
  }
}

/// Whether a URL from a page can run code when followed or loaded.
enum URLCheck {
  /// `data:` images cmark's safe mode lets through.
  private static let safeDataPrefixes = [
    "data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp",
  ]

  /// True for a relative URL or an `http(s)` URL: where a link may go.
  static func isHTTPOrRelative(_ value: String) -> Bool {
    guard let scheme = scheme(of: value) else { return true }
    return scheme == "http" || scheme == "https"
  }

  /// True for a relative URL, an `http(s)` URL, or a `data:` URL of a bitmap image.
  static func isSafe(_ value: String) -> Bool {
    guard let scheme = scheme(of: value) else { return true }
    switch scheme {
    case "http", "https": return true
    case "data": return safeDataPrefixes.contains { normalized(value).lowercased().hasPrefix($0) }
    default: return false
    }
  }

  /// The URL as a browser reads it: tabs and line breaks dropped anywhere, and
  /// leading controls and spaces.
  private static func normalized(_ value: String) -> String {
    var url = String(value.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
    while let first = url.unicodeScalars.first, first.value <= 0x20 {
      url.unicodeScalars.removeFirst()
    }
    return url
  }

  /// The URL's scheme, lowercased; `nil` for a relative URL.
  private static func scheme(of value: String) -> String? {
    let lowered = normalized(value).lowercased()
    guard let colon = lowered.firstIndex(of: ":") else { return nil }
    let scheme = lowered[..<colon]
    let isScheme =
      scheme.first.map { $0.isASCII && $0.isLetter } == true
      && scheme.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || "+-.".contains($0) }
    return isScheme ? String(scheme) : nil
  }
}
