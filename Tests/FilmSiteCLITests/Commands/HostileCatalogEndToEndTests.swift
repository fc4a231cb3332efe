import Foundation
import Testing

/// Runs the built `filmsite` binary on a catalog of hostile films (`Fixtures/hostile-films.json`)
/// and checks that the site it writes is safe, valid and stays inside its output folder. Films
/// it cannot publish are in ``RejectedFilmEndToEndTests``.
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

  @Test func corpusBuildsAndTheSummaryCountsFilmsAndDuplicatesDropped() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (result, output) = try await Self.buildCorpus(in: directory)
      #expect(result.status == 0, "\(result.stderr)")
      // One line for each value that no page can show, and nothing else.
      #expect(result.stderr.split(separator: "\n").map(String.init) == HostileCorpus.warnings)
      #expect(
        result.stdout.hasPrefix(
          "Built 69 films (2 duplicates dropped), 3 index pages and 45 browse pages into "
            + "\(output.path): 227 files written, 0 unchanged, 0 removed in "),
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
          #"Directed by <a href="../../directors/onmouseover-alert-1/">&#39; onmouseover=&#39;alert(1)</a>"#
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

  @Test func noPageHoldsExecutableMarkupFromTheData() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (result, output) = try await Self.buildCorpus(in: directory)
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

  @Test func everyFileStaysInsideTheOutputFolder() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let repositoryBefore = try Self.entries(of: FilmSiteProcess.repositoryRoot)
      let escapeTarget = "/tmp/filmsite-pwned"
      let escapeTargetExisted = FileManager.default.fileExists(atPath: escapeTarget)

      let (result, output) = try await Self.buildCorpus(in: directory)
      try #require(result.status == 0, "\(result.stderr)")

      // Nothing new beside the output folder but the state and the films' rows
      // the next build starts from, nor in the folder above it (the catalog's).
      #expect(try Self.entries(of: directory) == ["films.json", "work"])
      #expect(
        try Self.entries(of: directory.appendingPathComponent("work"))
          == [".Output.filmsite-rows", ".Output.filmsite-state", "Output"])
      let everything = FileManager.default.enumerator(atPath: directory.path)
      while let path = everything?.nextObject() as? String {
        #expect(
          path == "films.json" || path == "work" || path == "work/Output"
            || path == "work/.Output.filmsite-state" || path == "work/.Output.filmsite-rows"
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
          #"^(\.filmsite-manifest|404\.html|index\.html|page/[0-9]+/index\.html|(genres|directors|years|cast)/index\.html|(genres|directors|years|cast)/[a-z0-9_-]+/(page/[0-9]+/)?index\.html|search/index\.html|search/[a-z0-9_]+\.json)$"#
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

  @Test func everyPageIsValidHTML() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (result, output) = try await Self.buildCorpus(in: directory)
      try #require(result.status == 0, "\(result.stderr)")
      let report = try await FilmSiteProcess.validateHTML(in: output)
      #expect(report.valid, "Nu HTML Checker: \(report.output)")
    }
  }

  @Test func noPageHoldsControlCharactersOrNoncharacters() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (result, output) = try await Self.buildCorpus(in: directory)
      try #require(result.status == 0, "\(result.stderr)")
      for page in try Self.pages(in: output) {
        let forbidden = page.html.unicodeScalars.filter(Self.isForbiddenInHTML)
        #expect(
          forbidden.isEmpty,
          "\(page.path): \(forbidden.map { "U+" + String($0.value, radix: 16, uppercase: true) })")
      }
    }
  }

  // MARK: - Pages read as the data

  @Test func everyPageHasOneHeadingAndShowsMarkupAsText() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (result, output) = try await Self.buildCorpus(in: directory)
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
          "<h1>&quot;Quoted&quot; &#39;single&#39; `tick` &amp; &lt;amp&gt; \\ back</h1>"
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
        ("films/spaces/index.html", "<h1>     </h1>"),
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

  @Test func everyFilmPageKeepsItsLinkBackToTheIndex() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (result, output) = try await Self.buildCorpus(in: directory)
      try #require(result.status == 0, "\(result.stderr)")
      for page in try Self.pages(in: output) where page.path.hasPrefix("films/") {
        let linksBack = page.html.contains("← Back to the films, page ")
        #expect(linksBack, "\(page.path) has no link back to the index")
      }
    }
  }

  @Test func filmDataAddsNoBlocksToAPage() async throws {
    try await FilmSiteProcess.withTemporaryFolder { directory in
      let (result, output) = try await Self.buildCorpus(in: directory)
      try #require(result.status == 0, "\(result.stderr)")
      let blocks: Set<String> = [
        "pre", "blockquote", "ul", "ol", "li", "hr", "h2", "h3", "h4", "h5", "h6", "table",
      ]
      for page in try Self.pages(in: output) where page.path.hasPrefix("films/") {
        // The layout's navigation is a list; the film's content is inside <main>, and
        // the theme's cast list (a heading and a list, whose names are escaped) is set aside.
        var main = page.html.components(separatedBy: "<main").last ?? ""
        if let start = main.range(of: #"<section class="film-cast""#),
          let end = main.range(of: "</section>", range: start.upperBound..<main.endIndex)
        {
          main.removeSubrange(start.lowerBound..<end.upperBound)
        }
        let found = Set(HTMLTags.scan(main).map(\.name)).intersection(blocks)
        #expect(found.isEmpty, "\(page.path) holds \(found.sorted())")
      }
    }
  }

  // MARK: - Helpers

  /// Writes the corpus to `<directory>/films.json` and builds it into
  /// `<directory>/work/Output` from the repository root.
  private static func buildCorpus(in directory: URL) async throws -> (FilmSiteProcess.Result, URL) {
    let corpus = try HostileCorpus.write(in: directory)
    let work = directory.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let output = work.appendingPathComponent("Output")
    let result = try await FilmSiteProcess.run(
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

  /// The elements the default theme and cmark's safe output may use.
  private static let allowedElements: Set<String> = [
    "html", "head", "meta", "title", "link", "body", "header", "main", "nav", "footer", "span",
    "a", "p", "h1", "img", "em", "strong", "code", "br", "pre", "blockquote", "ul", "ol", "li",
    "hr", "h2", "h3", "h4", "h5", "h6", "div", "section",
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
