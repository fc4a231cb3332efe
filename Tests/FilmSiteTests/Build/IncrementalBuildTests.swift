import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// Whole builds on real files: what a rebuild rewrites, keeps and removes.
@Suite struct IncrementalBuildTests {
  private static let films = (1...30).map { number in
    Film(
      id: String(number), title: "Film \(number)", year: 1990 + number, genres: ["Drama"],
      overview: "Overview \(number).")
  }

  private func build(
    _ films: [Film], into output: String, templates: String = Fixtures.templatesDirectory
  ) async throws -> SiteWriter.Summary {
    try await buildSummary(films, into: output, templates: templates).files
  }

  private func buildSummary(
    _ films: [Film], into output: String, templates: String = Fixtures.templatesDirectory,
    title: String = "Films"
  ) async throws -> BuildSummary {
    let source = CatalogSource(films: films)
    let builder = SiteBuilder(
      input: .source(source, maxPages: Paginator.defaultMaxPages), templatesDirectory: templates,
      outputDirectory: output,
      configuration: SiteConfiguration(title: title, pageSize: 10))
    return try await builder.build()
  }

  /// Inode and modification time of every file, by path.
  private func identities(_ output: String) throws -> [String: String] {
    var result: [String: String] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: output) {
      let attributes = try FileManager.default.attributesOfItem(atPath: output + "/" + path)
      guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
      result[path] = "\(attributes[.systemFileNumber] ?? 0) \(attributes[.modificationDate] ?? 0)"
    }
    return result
  }

  private func changed(_ before: [String: String], _ after: [String: String]) -> [String] {
    after.keys.filter { before[$0] != after[$0] && $0 != ".filmsite-manifest" }.sorted()
  }

  @Test func noOpRebuildWritesNoFile() async throws {
    try await withOutput { output in
      _ = try await build(Self.films, into: output)
      let before = try identities(output)
      let summary = try await build(Self.films, into: output)
      #expect(summary == .init(written: 0, unchanged: 139, removed: 0))
      #expect(changed(before, try identities(output)) == [])
    }
  }

  /// A rebuild that plans nothing looks at the site's folders with its
  /// files: a file of the user's in any of them is carried into the new site.
  @Test func theUsersFilesAreKeptByARebuildOfTheChangedFilmsPagesAlone() async throws {
    try await withOutput { output in
      _ = try await build(Self.films, into: output)
      let folders = try FileManager.default.subpathsOfDirectory(atPath: output).filter { path in
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: output + "/" + path, isDirectory: &isFolder)
          && isFolder.boolValue
      }.sorted()
      #expect(folders.count > 30)
      // The first, one in the middle and the last folder, and the site's own.
      let mine = [folders[0], folders[folders.count / 2], folders[folders.count - 1], ""].map {
        ($0.isEmpty ? "" : $0 + "/") + "mine.txt"
      }
      for path in mine { try Data(path.utf8).write(to: URL(fileURLWithPath: output + "/" + path)) }
      for overview in ["Changed once.", "Changed twice."] {
        var films = Self.films
        films[3] = films[3].with { $0.overview = overview }
        let summary = try await buildSummary(films, into: output)
        #expect(summary.filmPagesOnly)
        #expect(summary.files.written == 1)
        for path in mine {
          #expect(try String(contentsOfFile: output + "/" + path, encoding: .utf8) == path)
        }
      }
    }
  }

  @Test func changingOneFilmRewritesOnlyItsPageAndItsIndexPage() async throws {
    try await withOutput { output in
      _ = try await build(Self.films, into: output)
      let before = try identities(output)
      var films = Self.films
      films[14] = Film(id: "15", title: "Film 15", year: 2005, genres: ["Drama"], overview: "New.")
      let summary = try await build(films, into: output)
      #expect(summary == .init(written: 1, unchanged: 138, removed: 0))
      #expect(changed(before, try identities(output)) == ["films/15-film-15/index.html"])

      films[14] = Film(id: "15", title: "Film 15", year: 1977, genres: ["Drama"], overview: "New.")
      let again = try identities(output)
      let moved = try await build(films, into: output)
      #expect(moved == .init(written: 9, unchanged: 130, removed: 2))
      // The year shows on the rows of the main index and the genre's page, moves the film
      // from one year's page to another, and is part of its search entry.
      #expect(
        changed(again, try identities(output)) == [
          "films/15-film-15/index.html", "genres/drama/page/2/index.html", "page/2/index.html",
          "search/15.json", "search/1977.json", "search/fi.json", "search/index.json",
          "years/1977/index.html", "years/index.html",
        ])
      #expect(!FileManager.default.fileExists(atPath: output + "/years/2005"))
      #expect(!FileManager.default.fileExists(atPath: output + "/search/2005.json"))
    }
  }

  @Test func removingAFilmRemovesItsPage() async throws {
    try await withOutput { output in
      _ = try await build(Self.films, into: output)
      let films = Self.films.filter { $0.id != "30" }
      let summary = try await build(films, into: output)
      // The film's page, its year's page (no other film is from 2020) and the search
      // chunks of its year and of "30".
      #expect(summary.removed == 4)
      #expect(!FileManager.default.fileExists(atPath: output + "/films/30-film-30"))
      #expect(!FileManager.default.fileExists(atPath: output + "/years/2020"))
      #expect(FileManager.default.fileExists(atPath: output + "/films/29-film-29/index.html"))
    }
  }

  @Test func templateChangeRewritesThePagesItAffects() async throws {
    try await withOutput { output in
      let theme = output + "-theme"
      try FileManager.default.copyItem(atPath: Fixtures.templatesDirectory, toPath: theme)
      defer { try? FileManager.default.removeItem(atPath: theme) }
      _ = try await build(Self.films, into: output, templates: theme)
      let before = try identities(output)
      let film = try String(contentsOfFile: theme + "/film.html", encoding: .utf8)
      try (film + "\nThanks for reading.\n").write(
        toFile: theme + "/film.html", atomically: true, encoding: .utf8)
      let summary = try await build(Self.films, into: output, templates: theme)
      #expect(summary == .init(written: 30, unchanged: 109, removed: 0))
      #expect(changed(before, try identities(output)).allSatisfy { $0.hasPrefix("films/") })
    }
  }

  /// An edit of the film template's own text is put into the current site's
  /// film pages (``FilmTemplateEdit``), without a plan, from a catalog file
  /// and from a source: every film page is written and nothing else, and the
  /// site is the one a fresh build makes, with the page of a film whose
  /// overview quotes the edited text, and a page edited by hand, rendered.
  @Test(arguments: [true, false])
  func anEditOfTheFilmTemplatesTextIsPutIntoTheCurrentFilmPages(fromCatalogFile: Bool)
    async throws
  {
    try await withOutput { output in
      let theme = output + "-theme"
      try FileManager.default.copyItem(atPath: Fixtures.templatesDirectory, toPath: theme)
      var films = Self.films
      films[4] = films[4].with {
        $0.overview = "[← Back to the films, page 1](https://films.example/)"
      }
      let catalog = output + "-films.json"
      // The quoting film's key escaped: only a decode of the whole file reads it, which the
      // rebuild then makes to render its page.
      let json = String(decoding: try JSONEncoder().encode(films), as: UTF8.self)
      let escaped = json.replacingOccurrences(of: #""overview":"[←"#, with: #""overvi\u0065w":"[←"#)
      #expect(escaped != json)
      try escaped.write(toFile: catalog, atomically: true, encoding: .utf8)
      func build(into folder: String) async throws -> BuildSummary {
        try await SiteBuilder(
          input: fromCatalogFile
            ? .catalog(path: catalog, maxPages: nil)
            : .source(CatalogSource(films: films), maxPages: Paginator.defaultMaxPages),
          templatesDirectory: theme, outputDirectory: folder,
          configuration: SiteConfiguration(title: "Films", pageSize: 10)
        ).build()
      }
      _ = try await build(into: output)
      let film = try String(contentsOfFile: theme + "/film.html", encoding: .utf8)
      #expect(film.contains("← Back to the films, page "))
      try film.replacingOccurrences(
        of: "← Back to the films, page ", with: "← Back to all films, page "
      )
      .write(toFile: theme + "/film.html", atomically: true, encoding: .utf8)
      let route = try films[9].route(foldedTitle: Slug.fold(films[9].title))
      let handEdited = output + "/" + route.filePath
      try (String(contentsOfFile: handEdited, encoding: .utf8) + "<!-- mine -->")
        .write(toFile: handEdited, atomically: false, encoding: .utf8)
      let before = try identities(output)

      let summary = try await build(into: output)
      #expect(summary.filmPagesOnly)
      #expect(summary.description.contains("the film template's text changed"))
      #expect(summary.files == .init(written: 30, unchanged: 109, removed: 0))
      #expect(changed(before, try identities(output)).allSatisfy { $0.hasPrefix("films/") })
      // Each rebuild against a fresh build of the same theme into a new folder.
      let fresh = output + "-fresh"
      func expectSameAsFresh() async throws {
        try? FileManager.default.removeItem(atPath: fresh)
        _ = try await build(into: fresh)
        let difference = try SiteTree(output, leaving: [OutputManifest.fileName])
          .firstDifference(
            from: SiteTree(fresh, leaving: [OutputManifest.fileName]), names: ("rebuilt", "fresh"))
        #expect(difference == nil, "\(difference ?? "")")
      }
      try await expectSameAsFresh()
      // The state names the new template: the next build is up to date, and the
      // same edit back is put in again.
      #expect(try await build(into: output).upToDate)
      try film.write(toFile: theme + "/film.html", atomically: true, encoding: .utf8)
      let back = try await build(into: output)
      #expect(back.filmPagesOnly)
      #expect(back.files.written == 30)
      try await expectSameAsFresh()
      // An edit of text that every page shows twice (each film's year is in a
      // `<span>` too) could be put into none: a few pages are tried, and the site is planned.
      #expect(film.contains("{{title}}</span>{{#year}}"))
      try film.replacingOccurrences(
        of: "{{title}}</span>{{#year}}", with: "{{title}}</span> {{#year}}"
      )
      .write(toFile: theme + "/film.html", atomically: true, encoding: .utf8)
      let planned = try await build(into: output)
      #expect(!planned.filmPagesOnly)
      #expect(planned.files.written == 30)
      try await expectSameAsFresh()
    }
  }

  @Test func rebuildWithTheSameInputsStopsBeforeRendering() async throws {
    try await withOutput { output in
      let first = try await buildSummary(Self.films, into: output)
      #expect(first.upToDate == false)
      let again = try await buildSummary(Self.films, into: output)
      #expect(again.upToDate)
      // The manifest keeps the page counts, so the summary says the same without rendering.
      #expect(again.indexPages == first.indexPages)
      #expect(again.browsePages == first.browsePages)
      #expect(again.browsePages > 0)
      #expect(again.files == .init(written: 0, unchanged: 139, removed: 0))
      #expect(again.description.contains("already up to date"))
      // Other settings are other inputs.
      #expect(try await buildSummary(Self.films, into: output, title: "Noir").upToDate == false)
    }
  }

  private func buildCatalog(
    _ json: String, into output: String, query: String = "", maxPages: Int? = nil,
    baseURL: String? = nil, enrich: (@Sendable ([Film]) async throws -> [Film])? = nil
  ) async throws -> BuildSummary {
    // Beside the output folder, which the test removes.
    let catalog = output + "-films.json"
    try FileManager.default.createDirectory(
      atPath: (output as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try json.write(toFile: catalog, atomically: true, encoding: .utf8)
    let builder = SiteBuilder(
      input: .catalog(path: catalog, maxPages: maxPages), pull: FilmPull(query: query),
      templatesDirectory: Fixtures.templatesDirectory, outputDirectory: output,
      configuration: SiteConfiguration(title: "Films", pageSize: 10, baseURL: baseURL))
    var enriched = builder
    if let enrich {
      enriched.pull.enrich = { films in Enrichment(films: try await enrich(films)) }
    }
    return try await enriched.build()
  }

  /// Builds `json` into `output`, which holds an earlier site, and into a
  /// new folder beside it, and expects the same files (the manifest aside).
  private func expectRebuildIsFresh(_ json: String, into output: String, baseURL: String? = nil)
    async throws
  {
    _ = try await buildCatalog(json, into: output, baseURL: baseURL)
    let fresh = output + "-fresh"
    let freshState = OutputFolder(directory: fresh, force: false).statePath
    try? FileManager.default.removeItem(atPath: fresh)
    try? FileManager.default.removeItem(atPath: freshState)
    _ = try await buildCatalog(json, into: fresh, baseURL: baseURL)
    let difference = try SiteTree(output, leaving: [OutputManifest.fileName]).firstDifference(
      from: SiteTree(fresh, leaving: [OutputManifest.fileName]), names: ("rebuilt", "fresh"))
    #expect(difference == nil, "\(difference ?? "")")
    // And the state it leaves says what a fresh build's does: the next rebuild starts from it.
    let state = SiteState.difference(
      OutputFolder(directory: output, force: false).statePath, fresh: freshState)
    #expect(state == nil, "\(state ?? "")")
  }

  /// Three films, one id twice: the pull drops the second.
  private static let catalogJSON = """
    [{"id": 1, "title": "Alpha"}, {"id": 2, "title": "Beta"},
     {"id": 1, "title": "Alpha again"}, {"id": 3, "title": "Gamma"}]
    """

  /// Films added with new actors: the other films' actor pages are the
  /// state's, at their terms' places now (a new name sorts first and moves
  /// every one), and an actor a kept film showed without a page has one once
  /// an added film bills them among its first. The next rebuild starts from
  /// the ranks this one recorded.
  @Test func addedActorsMoveTheKeptOnesAndGiveAPageToOneWhoHadNone() async throws {
    try await withOutput { output in
      // The structured data links the shown actors' pages: it needs a base URL.
      let base = "https://films.example/"
      let leads = (1...5).map { #"{"name": "Lead \#($0)"}"# }.joined(separator: ", ")
      // Sixth billed: shown on the page, with no page of their own.
      let alpha = #"{"id": 1, "title": "Alpha", "cast": [\#(leads), {"name": "Zed Late"}]}"#
      let beta = #"{"id": 2, "title": "Beta", "cast": [{"name": "Lead 3"}]}"#
      _ = try await buildCatalog("[\(alpha), \(beta)]", into: output, baseURL: base)
      let alphaPage = output + "/films/1-alpha/index.html"
      let zed = base + "cast/zed-late/"
      #expect(try !String(contentsOfFile: alphaPage, encoding: .utf8).contains(zed))
      let gamma =
        #"{"id": 3, "title": "Gamma", "cast": [{"name": "Aaron New"}, {"name": "Zed Late"}]}"#
      try await expectRebuildIsFresh("[\(alpha), \(beta), \(gamma)]", into: output, baseURL: base)
      #expect(try String(contentsOfFile: alphaPage, encoding: .utf8).contains(zed))
      let betaAgain =
        #"{"id": 2, "title": "Beta", "overview": "Again.", "cast": [{"name": "Lead 3"}]}"#
      try await expectRebuildIsFresh(
        "[\(alpha), \(betaAgain), \(gamma)]", into: output, baseURL: base)
    }
  }

  /// A film removed that was the last to bill actors among its first: their
  /// terms go, the kept actors' terms move up (one that went sorts first),
  /// and a kept film that showed one of them further down its cast, spelt
  /// its own way, no longer links a page. The next rebuild starts from the
  /// ranks this one recorded.
  @Test func aRemovedFilmTakesItsLoneActorsPagesAwayAndMovesTheKeptOnes() async throws {
    try await withOutput { output in
      let base = "https://films.example/"
      let leads = (1...5).map { #"{"name": "Lead \#($0)"}"# }.joined(separator: ", ")
      // Sixth billed, decomposed: shown on the page, with the page Gamma gives them.
      let alpha = #"{"id": 1, "title": "Alpha", "cast": [\#(leads), {"name": "Zoe\u0308 Lone"}]}"#
      let beta = #"{"id": 2, "title": "Beta", "cast": [{"name": "Lead 3"}]}"#
      let gamma =
        #"{"id": 3, "title": "Gamma", "cast": [{"name": "Aaron Gone"}, {"name": "Zo\u00EB Lone"}]}"#
      _ = try await buildCatalog("[\(alpha), \(beta), \(gamma)]", into: output, baseURL: base)
      let alphaPage = output + "/films/1-alpha/index.html"
      let zoe = base + "cast/zoe-lone/"
      #expect(try String(contentsOfFile: alphaPage, encoding: .utf8).contains(zoe))
      try await expectRebuildIsFresh("[\(alpha), \(beta)]", into: output, baseURL: base)
      let page = try String(contentsOfFile: alphaPage, encoding: .utf8)
      #expect(!page.contains(zoe) && !page.contains(base + "cast/aaron-gone/"))
      #expect(!FileManager.default.fileExists(atPath: output + "/cast/zoe-lone"))
      let betaAgain =
        #"{"id": 2, "title": "Beta", "overview": "Again.", "cast": [{"name": "Lead 3"}]}"#
      try await expectRebuildIsFresh("[\(alpha), \(betaAgain)]", into: output, baseURL: base)
    }
  }

  /// A film added first moves every other film to another place, and its
  /// new actor moves the cast's terms: the films that only moved keep their
  /// links' digest from the state (``LastBuild/keptLinks(for:)``), each the
  /// digest of the links the plan gives them, and their links are not made.
  /// A film showing, without a page, an actor the added film bills soon
  /// enough for one keeps none: its links are made again.
  @Test func filmsThatOnlyMovedKeepTheirLinksDigest() async throws {
    try await withOutput { output in
      let leads = (1...5).map { #"{"name": "Lead \#($0)"}"# }.joined(separator: ", ")
      // Twelve films; every third shows Zed Late sixth, with no page of their own.
      let films = (1...12).map { id in
        let late = id % 3 == 0 ? #", {"name": "Zed Late"}"# : ""
        return #"{"id": \#(id), "title": "Film \#(id)", "cast": [\#(leads)\#(late)]}"#
      }
      _ = try await buildCatalog("[\(films.joined(separator: ", "))]", into: output)
      let state = try #require(SiteWriter(directory: output).state())
      let added =
        #"{"id": 13, "title": "Aardvark", "cast": [{"name": "Aaron New"}, {"name": "Zed Late"}]}"#
      let json = "[\(([added] + films).joined(separator: ", "))]"
      let bytes = try #require(
        CatalogFilmBytes(CatalogFile(path: "films.json", bytes: Data(json.utf8))))
      let decoded = try JSONDecoder().decode([Film].self, from: Data(json.utf8))
      let configuration = SiteConfiguration(title: "Films", pageSize: 10)
      let last = try #require(
        LastBuild(
          state, sources: bytes.hashes, count: decoded.count,
          theme: Theme.load(from: Fixtures.templatesDirectory), configuration: configuration))
      let plan = try SitePlan(
        films: decoded, configuration: configuration, kept: last.keptOrder,
        keptTerms: last.keptTerms, whole: last.wholeFilms)
      // The new actor sorts first: every recorded cast term moved.
      guard case .moved(let places) = try #require(plan.keptCast) else {
        Issue.record("the cast's terms did not move")
        return
      }
      #expect(places.allSatisfy { $0 > 0 })
      let kept = try #require(last.keptLinks(for: plan))
      for position in plan.films.indices {
        let id = plan.films[position].film.id
        let number = try #require(Int(id))
        // Aardvark is new, and the films showing Zed Late get a page to link.
        #expect((kept[position] == nil) == (number == 13 || number % 3 == 0), "film \(id)")
        if let digest = kept[position] {
          #expect(digest == FilmPageLinks(forFilmAt: position, of: plan).digest, "film \(id)")
        }
      }
      let links = FilmLinks(of: plan, keptDigests: kept)
      #expect(links.keptDigest(at: 1) != nil && links.digest(at: 1) == kept[1])
      try await expectRebuildIsFresh(json, into: output)
    }
  }

  @Test func aRebuildFromTheSameCatalogBytesTakesItsCountsFromTheManifest() async throws {
    try await withOutput { output in
      let first = try await buildCatalog(Self.catalogJSON, into: output)
      #expect(!first.upToDate)
      #expect((first.films, first.duplicatesDropped) == (3, 1))
      let again = try await buildCatalog(Self.catalogJSON, into: output)
      #expect(again.upToDate)
      #expect((again.films, again.duplicatesDropped) == (3, 1))
      #expect(again.files.written == 0)
      #expect(again.indexPages == first.indexPages)
      #expect(again.browsePages == first.browsePages)

      // The counts come from the manifest, not from decoding the catalog again.
      let manifestPath = output + "/" + OutputManifest.fileName
      let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
      #expect(manifest.contains("\n# films 3 1 -\n"))
      try manifest.replacingOccurrences(of: "\n# films 3 1 -\n", with: "\n# films 9 4 -\n")
        .write(toFile: manifestPath, atomically: true, encoding: .utf8)
      let fromManifest = try await buildCatalog(Self.catalogJSON, into: output)
      #expect(fromManifest.upToDate)
      #expect((fromManifest.films, fromManifest.duplicatesDropped) == (9, 4))
    }
  }

  /// A rebuild without the films' bytes' hashes (an id given twice) keeps no
  /// stale hash on a line it updated: when the old bytes come back, they are
  /// decoded and checked again, not taken for the film that line now describes.
  @Test func aFilmsOldBytesAreCheckedAgainAfterARebuildWithoutTheBytesHashes() async throws {
    try await withOutput { output in
      let alpha = #"{"id": 1, "title": "Alpha"}"#
      let old = #"{"id": 2, "title": "Beta", "overview": "Old.", "homepage": "javascript:x"}"#
      let new = #"{"id": 2, "title": "Beta", "overview": "New."}"#
      _ = try await buildCatalog(
        "[\(alpha), \(old), {\"id\": 3, \"title\": \"Gamma\"}]", into: output)
      // The new film first, with the same id: the pull drops the old one.
      let twice = try await buildCatalog(
        "[\(alpha), \(new), \(old), {\"id\": 3, \"title\": \"Gamma\"}]", into: output)
      #expect(twice.duplicatesDropped == 1)
      #expect(twice.filmPagesOnly)
      // The old film back, and another retitled, so that the site is planned.
      let last = "[\(alpha), \(old), {\"id\": 3, \"title\": \"Delta\"}]"
      try await expectRebuildIsFresh(last, into: output)
    }
  }

  /// Builds twelve films from a catalog into `output`; their entries in it.
  private func buildTwelveFilms(into output: String) async throws -> [String] {
    let films = (1...12).map { #"{"id": \#($0), "title": "Film \#($0)"}"# }
    _ = try await buildCatalog("[\(films.joined(separator: ", "))]", into: output)
    return films
  }

  private static func contents(of path: String) throws -> [UInt8] {
    try #require(FileManager.default.contents(atPath: path).map(Array.init))
  }

  /// Forty films, each titled with a word no other film's title has, so that
  /// each film's words are in search chunks of their own, unless each title
  /// ends with `last`; `changed` gets "Zz " before its title, and `added`
  /// are more films, with the years of the first ones.
  private static func fortyFilms(
    retitling changed: Int? = nil, after last: String = "", adding added: [String] = []
  ) -> String {
    let words = [
      "Amber", "Basalt", "Cobalt", "Dune", "Ember", "Fjord", "Glacier", "Harbor", "Iris", "Jasper",
      "Kelp", "Lagoon", "Meadow", "Nectar", "Orchid", "Pebble", "Quartz", "Reef", "Saffron",
      "Tundra", "Umber", "Violet", "Willow", "Xenon", "Yarrow", "Zephyr", "Acorn", "Birch",
      "Cedar", "Delta", "Estuary", "Fern", "Grove", "Heath", "Inlet", "Juniper", "Knoll", "Loam",
      "Marsh", "Nimbus",
    ]
    let films = (words + added).enumerated().map { offset, word in
      #"{"id": \#(offset + 1), "title": "\#(offset == changed ? "Zz " + word : word)\#(last)", "year": \#(1950 + offset % words.count)}"#
    }
    return "[\(films.joined(separator: ", "))]"
  }

  /// Films added with a word that every film's title has make the search
  /// chunk of that word again, with every film's line;
  /// the lines of the films whose bytes did not change are read from the
  /// current chunk files (``KeptSearchLines``), so those films are decoded
  /// only when a page made again shows them: the last index page, where the
  /// added films are, and the pages of the years they share with others.
  @Test func filmsAddedAreDecodedWithoutTheFilmsTheirSearchChunksHold() async throws {
    try await withOutput { output in
      _ = try await buildCatalog(Self.fortyFilms(after: " Night"), into: output)
      let added = Self.fortyFilms(after: " Night", adding: ["Zz Nova", "Zz Orbit"])
      let rebuilt = try await buildCatalog(added, into: output)
      #expect(!rebuilt.filmPagesOnly)
      let decoded = try #require(rebuilt.decodedFilms)
      #expect(decoded > 0 && decoded <= 20, "\(decoded) of 42 decoded")
      try await expectRebuildIsFresh(added, into: output)
    }
  }

  /// A planned rebuild decodes only the films that a page it makes again
  /// shows (``CatalogFilmBytes/filmsDecodingLater(from:failures:)``): the
  /// last film retitled stays last, and the films of the last index page and
  /// a few it is compared with to find its place are decoded, not the others.
  @Test func aRetitledFilmsRebuildDecodesOnlyTheFilmsOfThePagesItChanges() async throws {
    try await withOutput { output in
      _ = try await buildCatalog(Self.fortyFilms(), into: output)
      let rebuilt = try await buildCatalog(Self.fortyFilms(retitling: 25), into: output)
      #expect(!rebuilt.filmPagesOnly)
      let decoded = try #require(rebuilt.decodedFilms)
      #expect(decoded > 0 && decoded <= 20, "\(decoded) of 40 decoded")
      try await expectRebuildIsFresh(Self.fortyFilms(retitling: 25), into: output)
    }
  }

  /// Past a few changed films, a rebuild decodes every film at once: the
  /// pages made again would show most films, and decoding later would only
  /// hold the file's bytes longer (``CatalogFilmBytes/changedFilmsDecodedLater(of:)``).
  @Test func aRebuildWithManyChangedFilmsDecodesThemAll() async throws {
    try await withOutput { output in
      _ = try await buildCatalog(Self.fortyFilms(), into: output)
      let state = try #require(SiteWriter(directory: output).state())
      let limit = CatalogFilmBytes.changedFilmsDecodedLater(of: 40)
      #expect(limit == 16)
      #expect(CatalogFilmBytes.changedFilmsDecodedLater(of: 100_000) == 100)
      func films(changing count: Int) throws -> [Film]? {
        var json = Self.fortyFilms()
        for id in 1...count {
          json = json.replacingOccurrences(
            of: #"{"id": \#(id), "#, with: #"{"id": \#(id), "overview": "New.", "#)
        }
        let bytes = try #require(
          CatalogFilmBytes(CatalogFile(path: "films.json", bytes: Data(json.utf8))))
        return bytes.filmsDecodingLater(from: state, failures: LaterDecodes())
      }
      let later = try #require(try films(changing: limit))
      #expect(later.count(where: { !$0.isDecoded }) == 40 - limit)
      #expect(later.map(\.id) == (1...40).map(String.init))
      #expect(try films(changing: limit + 1) == nil)
    }
  }

  /// A film left to decode later whose state line names another id (a state
  /// edited and sealed again by hand) is not that film: the rebuild finds out
  /// when a page needs the film, and starts again, decoding every film.
  @Test func aFilmThatDecodesToAnotherIDThanItsStateLineIsDecodedWithTheRest() async throws {
    try await withOutput { output in
      _ = try await buildCatalog(Self.fortyFilms(), into: output)
      let path = OutputFolder(directory: output, force: false).statePath
      var bytes = try Self.contents(of: path)
      let state = try #require(SiteState(bytes: bytes))
      // Film 18 ("Reef", on the last index page) recorded as film 99.
      let route = try #require(state.fieldRanges(at: 17)).route
      #expect(Array(bytes[route]) == Array("films/18-reef/".utf8))
      bytes.replaceSubrange(route, with: Array("films/99-reef/".utf8))
      HeaderSeal.seal(&bytes)
      #expect(SiteState(bytes: bytes)?.filmID(at: 17) == "99")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let rebuilt = try await buildCatalog(Self.fortyFilms(retitling: 25), into: output)
      #expect(rebuilt.decodedFilms == nil)
      try await expectRebuildIsFresh(Self.fortyFilms(retitling: 25), into: output)
    }
  }

  /// The state is sealed: two films' places swapped in it, which leaves every
  /// line well formed, make the next build plan the site from the films, not
  /// put those films in each other's place.
  @Test func aStateEditedAfterTheBuildIsNotTaken() async throws {
    try await withOutput { output in
      let films = try await buildTwelveFilms(into: output)
      let path = OutputFolder(directory: output, force: false).statePath
      var bytes = try Self.contents(of: path)
      let state = try #require(SiteState(bytes: bytes))
      // The second and third films' places (one digit each).
      let (second, third) = try (
        #require(state.fieldRanges(at: 1)), #require(state.fieldRanges(at: 2))
      )
      let (one, two) = (Array(bytes[second.position]), Array(bytes[third.position]))
      #expect(one.count == two.count && one != two)
      bytes.replaceSubrange(third.position, with: one)
      bytes.replaceSubrange(second.position, with: two)
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      // Another film retitled, so that the rebuild is planned.
      var edited = films
      edited[8] = #"{"id": 9, "title": "Another film"}"#
      try await expectRebuildIsFresh("[\(edited.joined(separator: ", "))]", into: output)
    }
  }

  /// A rebuild that renders most lists again (a film added at the start of
  /// the order moves every other film down the index) takes each unchanged
  /// film's row from the rows the last such build left (``RowCache``): a row
  /// put there by hand shows on the index, under the seal; a row changed
  /// without it is not taken, and the rebuild is a fresh build's.
  @Test func rowsAreTakenFromTheCacheTheLastBuildLeft() async throws {
    try await withOutput { output in
      let films = try await buildTwelveFilms(into: output)
      let path = OutputFolder(directory: output, force: false).rowsPath
      let bytes = try Self.contents(of: path)
      // The header's site key, and each row's key and parts, as the file lists them.
      let newline = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")))
      let header = bytes[..<newline].split(separator: UInt8(ascii: " "))
      let site = try #require(ContentHash(hexDigits: header[2]))
      var rows: [(key: ContentHash, encoded: ArraySlice<UInt8>)] = []
      var index = newline + 1
      while index < bytes.count {
        let key = bytes[index..<index + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let length = bytes[index + 8..<index + 12].reversed().reduce(0) { $0 << 8 | Int($1) }
        rows.append((ContentHash(value: key), bytes[index + 12..<index + 12 + length]))
        index += 12 + length
      }
      #expect(rows.count == 12)
      let marker = PrerenderedTemplate(text: Array("<li>from the cache</li>".utf8), marks: [])
      let sealed = rows.map { (key: $0.key, encoded: marker.encoded[...]) }
      try Data(RowCache.bytes(site: site, rows: sealed)).write(to: URL(fileURLWithPath: path))
      let added = #"{"id": 99, "title": "A film first"}"#
      _ = try await buildCatalog("[\(([added] + films).joined(separator: ", "))]", into: output)
      let index1 = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
      // Ten films on the first page: the new one rendered, nine from the cache.
      #expect(index1.components(separatedBy: "<li>from the cache</li>").count - 1 == 9)
      #expect(index1.contains("A film first"))

      // A row changed but not sealed again: the cache is no cache.
      var unsealed = RowCache.bytes(site: site, rows: rows)
      unsealed[unsealed.count - 2] ^= 0x20
      try Data(unsealed).write(to: URL(fileURLWithPath: path))
      let another = #"{"id": 98, "title": "A first film again"}"#
      try await expectRebuildIsFresh(
        "[\(([another, added] + films).joined(separator: ", "))]", into: output)
    }
  }

  @Test func otherCatalogBytesOrAnotherQueryOrCapRendersAgain() async throws {
    try await withOutput { output in
      _ = try await buildCatalog(Self.catalogJSON, into: output)
      // The same films in other bytes: rendered again, and every file is unchanged.
      let reformatted = try await buildCatalog(Self.catalogJSON + "\n", into: output)
      #expect(!reformatted.upToDate)
      #expect(reformatted.files.written == 0)
      #expect(reformatted.films == 3)

      let queried = try await buildCatalog(Self.catalogJSON + "\n", into: output, query: "alpha")
      #expect(!queried.upToDate)
      #expect(queried.films == 1)
      let capped = try await buildCatalog(Self.catalogJSON + "\n", into: output, maxPages: 1)
      #expect(!capped.upToDate)
      #expect(capped.films == 3)
      #expect(try await buildCatalog(Self.catalogJSON + "\n", into: output, maxPages: 1).upToDate)
    }
  }

  @Test func filmsChangedAfterThePullAreNotTakenAsTheSameCatalog() async throws {
    try await withOutput { output in
      let renamed: @Sendable (String) -> @Sendable ([Film]) async throws -> [Film] = { suffix in
        { films in films.map { Film(id: $0.id, title: $0.title + suffix) } }
      }
      _ = try await buildCatalog(Self.catalogJSON, into: output, enrich: renamed(" I"))
      let again = try await buildCatalog(Self.catalogJSON, into: output, enrich: renamed(" II"))
      #expect(!again.upToDate)
      #expect(again.files.written > 0)
      let page = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
      #expect(page.contains("Alpha II"))
    }
  }

  @Test func aCatalogThatCannotBeDecodedFailsWithItsNameAndLeavesTheSite() async throws {
    try await withOutput { output in
      _ = try await buildCatalog(Self.catalogJSON, into: output)
      let before = try identities(output)
      let error = await #expect(throws: CatalogError.self) {
        try await buildCatalog(#"[{"id": 1}]"#, into: output)
      }
      #expect(error?.description.hasPrefix(output + "-films.json:") == true)
      #expect(try identities(output) == before)
    }
  }

  @Test func aPageChangedOrDeletedByHandIsWrittenAgain() async throws {
    try await withOutput { output in
      _ = try await build(Self.films, into: output)
      let page = output + "/films/3-film-3/index.html"
      let original = try String(contentsOfFile: page, encoding: .utf8)
      try original.replacingOccurrences(of: "Film 3", with: "Film X").write(
        toFile: page, atomically: false, encoding: .utf8)
      try FileManager.default.removeItem(atPath: output + "/films/4-film-4/index.html")

      let summary = try await buildSummary(Self.films, into: output)
      #expect(!summary.upToDate)
      #expect(summary.files == .init(written: 2, unchanged: 137, removed: 0))
      #expect(try String(contentsOfFile: page, encoding: .utf8) == original)
      #expect(FileManager.default.fileExists(atPath: output + "/films/4-film-4/index.html"))
    }
  }

  @Test func aSearchChunkChangedOrDeletedByHandIsWrittenAgain() async throws {
    try await withOutput { output in
      _ = try await build(Self.films, into: output)
      let chunk = output + "/search/fi.json"
      let original = try String(contentsOfFile: chunk, encoding: .utf8)
      try "[]\n".write(toFile: chunk, atomically: false, encoding: .utf8)
      try FileManager.default.removeItem(atPath: output + "/search/1995.json")

      // The index is not reused whole (two files are not as written); only those two are made.
      let summary = try await buildSummary(Self.films, into: output)
      #expect(summary.files == .init(written: 2, unchanged: 137, removed: 0))
      #expect(try String(contentsOfFile: chunk, encoding: .utf8) == original)
      #expect(FileManager.default.fileExists(atPath: output + "/search/1995.json"))
    }
  }

  @Test func aSiteWithAVersion1ManifestIsComparedByBytesAndUpgraded() async throws {
    try await withOutput { output in
      _ = try await build(Self.films, into: output)
      let manifestPath = output + "/" + OutputManifest.fileName
      let current = try #require(
        OutputManifest(text: try String(contentsOfFile: manifestPath, encoding: .utf8)))
      let version1 =
        "# filmsite manifest v1: the files FilmSite wrote here. Do not edit.\n"
        + current.paths.joined(separator: "\n") + "\n"
      try version1.write(toFile: manifestPath, atomically: true, encoding: .utf8)
      let before = try identities(output)

      let summary = try await buildSummary(Self.films, into: output)
      #expect(summary.files == .init(written: 0, unchanged: 139, removed: 0))
      #expect(changed(before, try identities(output)) == [])
      let upgraded = try #require(
        OutputManifest(text: try String(contentsOfFile: manifestPath, encoding: .utf8)))
      #expect(upgraded.entries.count == 139)
      #expect(upgraded.fingerprint != nil)
      #expect(try await buildSummary(Self.films, into: output).upToDate)
    }
  }

  @Test func aManifestWhoseLinesWereReorderedIsWrittenAgainInOrder() async throws {
    try await withOutput { output in
      _ = try await build(Self.films, into: output)
      let manifestPath = output + "/" + OutputManifest.fileName
      let text = try String(contentsOfFile: manifestPath, encoding: .utf8)
      let lines = text.split(separator: "\n")
      // The header lines start with `#`; the files' lines follow, sorted.
      let header = lines.prefix { $0.hasPrefix("#") }
      let reordered =
        (header + lines.dropFirst(header.count).reversed())
        .joined(separator: "\n") + "\n"
      try reordered.write(toFile: manifestPath, atomically: true, encoding: .utf8)
      let before = try identities(output)

      // The quick check takes only FilmSite's order, so this build renders;
      // it changes no file, but puts the manifest back in order.
      let summary = try await buildSummary(Self.films, into: output)
      #expect(summary.upToDate == false)
      #expect(summary.files == .init(written: 0, unchanged: 139, removed: 0))
      #expect(changed(before, try identities(output)) == [])
      // The same lines, in the same order, but for when the user's files were looked for.
      let unscanned = { (text: String) in
        text.split(separator: "\n").filter { !$0.hasPrefix(OutputManifest.scannedPrefix) }
      }
      #expect(
        unscanned(try String(contentsOfFile: manifestPath, encoding: .utf8)) == unscanned(text))
      #expect(try await buildSummary(Self.films, into: output).upToDate)
    }
  }

  /// After one build (a tree made whole) and after three (a spare updated by
  /// differences, whose folders are older than the manifest's scan time).
  @Test(arguments: [1, 3])
  func aDamagedManifestLineMakesItsFileForeignAndTheBuildSaysSo(builds: Int) async throws {
    // FilmSite never replaces a file its manifest does not list, even one it
    // would write the same way; the build names it and leaves the site.
    try await withOutput { output in
      for number in 0..<builds {
        var films = Self.films
        if number < builds - 1 { films[1] = films[1].with { $0.overview = "Edit \(number)." } }
        _ = try await build(films, into: output)
      }
      let manifestPath = output + "/" + OutputManifest.fileName
      let lines = try String(contentsOfFile: manifestPath, encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false)
      let page = "films/1-film-1/index.html"
      let damaged = lines.map { line in
        line.hasPrefix(page + "\t")
          ? line.split(separator: "\t").enumerated().map { $0 == 1 ? "not-hex" : $1 }
            .joined(separator: "\t")[...]
          : line
      }
      #expect(damaged != lines)
      try damaged.joined(separator: "\n").write(
        toFile: manifestPath, atomically: true, encoding: .utf8)
      let before = try identities(output)

      await #expect(throws: WriterError.conflict(directory: output, path: page)) {
        try await build(Self.films, into: output)
      }
      #expect(try identities(output) == before)
    }
  }

  private func withOutput(_ body: (String) async throws -> Void) async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "filmsite-incremental-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try await body(root + "/Output")
  }
}
