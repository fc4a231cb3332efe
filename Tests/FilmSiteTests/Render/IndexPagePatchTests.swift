import Foundation
import Synchronization
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// A film page whose only changed input is the index page that lists the
/// film is made from its current file with the new page's number and link
/// put in (``IndexPagePatch``), and comes out as the rendered page would:
/// the rendered page is the reference.
@Suite struct IndexPagePatchTests {
  /// Every rendered file of `site`, by path, and its site's renderer.
  private func files(_ site: EditedSite, reusing reuse: PageReuse = .none) throws -> [String:
    OutputFile]
  {
    let theme = try Theme.load(
      from: FileManager.default.fileExists(atPath: site.themeDirectory) ? site.themeDirectory : nil)
    let renderer = SiteRenderer(theme: theme, configuration: site.configuration)
    let content = site.hasContent ? try SiteContent.load(from: site.contentDirectory) : .empty
    let plan = try SitePlan(films: site.films, configuration: site.configuration, content: content)
    var files: [String: OutputFile] = [:]
    try renderer.render(plan, reusing: reuse) { batch in
      for case .rendered(let file) in batch { files[file.path] = file }
    }
    return files
  }

  private static let builtInLayout = Fixtures.repositoryRoot
    .appendingPathComponent("Templates/layout.html").path

  /// How many files a reuse lent to be patched.
  private final class Lent: Sendable {
    let count = Mutex(0)
  }

  /// A reuse that never takes a page whole, and lends each of `files` to be
  /// patched, with the bytes `bytes` gives for it (its own by default).
  private func lending(
    _ files: [String: OutputFile], lent: Lent = Lent(),
    bytes: @escaping @Sendable (OutputFile) -> [UInt8] = { $0.bytes }
  ) -> PageReuse {
    PageReuse(
      entry: { _, _ in nil }, group: { _, _, _ in nil },
      current: { path in
        files[path].map { file in
          OutputManifest.Entry(
            hash: file.hash, size: file.bytes.count,
            modified: FileTime(seconds: 0, nanoseconds: 0), key: file.key, patch: file.patch)
        }
      },
      bytes: { path, _ in
        lent.count.withLock { $0 += 1 }
        return files[path].map(bytes)
      })
  }

  /// The start of every page, and the same with its case changed: lent in
  /// place of the current file's, it marks the pages made from that file.
  private static let doctype = Array("<!doctype html>".utf8)
  private static let marked = Array("<!DOCTYPE html>".utf8)

  /// `bytes` with their start swapped between `from` and `to`, when they start with `from`.
  private static func swapped(_ bytes: [UInt8], from: [UInt8], to: [UInt8]) -> [UInt8] {
    bytes.starts(with: from) ? to + bytes.dropFirst(from.count) : bytes
  }

  @Test(arguments: [UInt64(0xBAC4), 0x1D_E7A9])
  func patchedPagesAreTheRenderedPagesAfterRandomEdits(seed: UInt64) throws {
    try Fixtures.withTemporaryDirectory { root in
      var generator = SiteEditGenerator(seed: seed)
      var site = EditedSite(
        films: generator.catalog(), pageSize: 5, themeDirectory: root + "/theme")
      var before = try files(site)
      var patched = 0
      for step in 0..<60 {
        let edit = generator.edit(of: site, step: step)
        try edit.apply(to: &site)
        let rendered = try files(site)
        let made = try files(
          site,
          reusing: lending(before) { Self.swapped($0.bytes, from: Self.doctype, to: Self.marked) })
        #expect(made.keys.sorted() == rendered.keys.sorted(), "seed \(seed), step \(step)")
        for (path, file) in rendered {
          guard let page = made[path] else { continue }
          if page.bytes.starts(with: Self.marked) { patched += 1 }
          // Compared whole, but told briefly: a page's bytes are thousands of numbers.
          let same =
            Self.swapped(page.bytes, from: Self.marked, to: Self.doctype) == file.bytes
            && page.key == file.key && page.patch == file.patch
          #expect(same, "seed \(seed), step \(step) (\(edit)): \(path)")
        }
        before = rendered
      }
      // Films come and go before others, which move to other index pages:
      // some pages are made by patching (about one in ten of the films
      // after each added or removed one), or this proves nothing.
      #expect(patched >= 20)
    }
  }

  @Test func aThemeThatShowsThePageInSectionsIsPatchedAsItRenders() throws {
    // The number raw, in a section over the film's genres; the link escaped,
    // in one over its missing director; the number before the link.
    let film = """
      <h1>{{title}}</h1>
      {{#genreLinks}}<a href="{{url}}">{{name}}</a> (page {{{indexPage}}}){{/genreLinks}}
      {{^director}}<p>No director; <a href="{{indexURL}}">back</a></p>{{/director}}
      """
    try Fixtures.withTemporaryDirectory { directory in
      try film.write(toFile: directory + "/film.html", atomically: true, encoding: .utf8)
      for (from, to) in [(1, 2), (2, 1), (9, 10), (99, 100), (100, 99)] {
        let moved = try movedPage(from: from, to: to, theme: directory)
        let patch = try #require(moved.before.patch)
        #expect(patch.places.map(\.value) == [.number, .url])
        let made = try #require(
          patch.applied(
            to: moved.before.bytes,
            replacing: .init(
              page: from, indexRoute: Pagination.route(forPage: from), from: moved.route),
            with: .init(page: to, indexRoute: Pagination.route(forPage: to), from: moved.route)))
        #expect(made.bytes == moved.after.bytes)
        #expect(made.patch == moved.after.patch)
      }
      // Once more, and the page shows its index page more often than a patch
      // holds: it is rendered.
      try (film + "<p>{{indexPage}}</p>\n").write(
        toFile: directory + "/film.html", atomically: true, encoding: .utf8)
      #expect(try movedPage(from: 1, to: 2, theme: directory).before.patch == nil)
    }
  }

  /// A page that does not show its index page has nothing to patch, and
  /// keeps its bytes and its key when it moves.
  @Test func aTemplateThatDoesNotShowThePageHasNoPatchAndKeepsItsKey() throws {
    try Fixtures.withTemporaryDirectory { directory in
      try "<h1>{{title}}</h1>\n".write(
        toFile: directory + "/film.html", atomically: true, encoding: .utf8)
      let moved = try movedPage(from: 1, to: 2, theme: directory)
      #expect(moved.before.patch == nil && moved.after.patch == nil)
      #expect(moved.before.bytes == moved.after.bytes)
      #expect(moved.before.key == moved.after.key)
    }
  }

  /// Films added before films whose template does not show the index page
  /// that lists them move them to other index pages, and leave their pages'
  /// keys as they were: each is reused whole, neither read nor rendered. The
  /// built-in template, which shows it, has the moved pages read to be patched.
  @Test(arguments: [false, true])
  func pagesThatDoNotShowTheirIndexPageAreReusedUnreadWhenTheyMove(showsIndexPage: Bool)
    throws
  {
    try Fixtures.withTemporaryDirectory { root in
      var generator = SiteEditGenerator(seed: 0x1DE4)
      var site = EditedSite(
        films: generator.catalog(), pageSize: 5, themeDirectory: root + "/theme")
      try FileManager.default.createDirectory(
        atPath: site.themeDirectory, withIntermediateDirectories: true)
      let builtIn = try String(
        contentsOfFile: Fixtures.templatesDirectory + "/film.html", encoding: .utf8)
      let withoutPage = SiteEdit.withoutIndexPage(builtIn)
      #expect(withoutPage != builtIn)
      try (showsIndexPage ? builtIn : withoutPage).write(
        toFile: site.themeDirectory + "/film.html", atomically: true, encoding: .utf8)
      let before = try files(site)
      let oldPlan = try SitePlan(films: site.films, configuration: site.configuration)
      // Without actors, so that no other film's actors get pages and links.
      for _ in 0..<3 {
        try SiteEdit.add(generator.film().with { $0.cast = [] }, at: 0).apply(to: &site)
      }
      let after = try files(site)

      let lent = Lent()
      let lending = lending(before, lent: lent)
      let reuse = PageReuse(
        entry: { path, key in before[path]?.key == key ? lending.current(path) : nil },
        group: { _, _, _ in nil }, current: lending.current, bytes: lending.bytes)
      let theme = try Theme.load(from: site.themeDirectory)
      let plan = try SitePlan(films: site.films, configuration: site.configuration)
      var rendered: [String: OutputFile] = [:]
      var reused: Set<String> = []
      try SiteRenderer(theme: theme, configuration: site.configuration).render(
        plan, reusing: reuse
      ) { batch in
        for file in batch {
          switch file {
          case .rendered(let file): rendered[file.path] = file
          case .reused(let path, _): reused.insert(path)
          }
        }
      }
      // What was rendered is what a whole render gives; what was reused is unchanged.
      for (path, file) in rendered { #expect(file == after[path], "\(path)") }
      for path in reused { #expect(before[path]?.bytes == after[path]?.bytes, "\(path)") }
      #expect(Set(rendered.keys).union(reused) == Set(after.keys))
      // The films on another index page than before, by their pages' paths.
      func indexPages(_ plan: SitePlan) -> [String: Int] {
        Dictionary(
          uniqueKeysWithValues: plan.films.indices.map {
            (plan.films[$0].route.filePath, plan.pagination.page(forItem: $0))
          })
      }
      let (old, new) = (indexPages(oldPlan), indexPages(plan))
      let moved = old.filter { path, page in new[path].map { $0 != page } ?? false }.count
      #expect(moved > 0)
      let renderedFilms = Set(new.keys).intersection(rendered.keys)
      // The three films added have new pages; a moved one's is patched, or not even read.
      #expect(renderedFilms.count == 3 + (showsIndexPage ? moved : 0))
      #expect(lent.count.withLock { $0 } == (showsIndexPage ? moved : 0))
    }
  }

  /// A film page moved from the index page `from` to `to`: its rendered
  /// files, and the inputs to render it.
  private func movedPage(from: Int, to: Int, theme: String? = nil) throws -> (
    before: OutputFile, after: OutputFile, inputs: PageInputs, route: Route,
    links: FilmPageLinks, keys: PageKeys
  ) {
    let film = Film(
      id: "7", title: "Stalker", year: 1979, genres: ["Science Fiction"], overview: "A *zone*."
    )
    .with { $0.cast = [Film.CastMember(name: "Alisa Freindlich", character: nil)] }
    let plan = try SitePlan(films: [film], configuration: SiteConfiguration(title: "Films"))
    let loaded = try Theme.load(from: theme)
    let inputs = PageInputs(
      theme: loaded, configuration: plan.configuration, markdown: MarkdownRenderer())
    let keys = try SiteRenderer(theme: loaded, configuration: plan.configuration).keys(for: plan)
    let route = plan.films[0].route
    let links = FilmPageLinks(forFilmAt: 0, of: plan)
    func file(_ page: Int) -> (OutputFile, FilmPageLinks) {
      let moved = FilmPageLinks(
        indexPage: page, indexPath: Pagination.route(forPage: page).description,
        genres: links.genres, director: links.director, year: links.year, cast: links.cast,
        actors: links.actors, tags: links.tags)
      let (bytes, patch) = FilmPage(film: film, route: route)
        .render(from: inputs, links: moved)
      return (
        OutputFile(
          path: route.filePath, bytes: bytes, key: keys.film(at: 0, route: route, links: moved),
          patch: patch), moved
      )
    }
    let (before, _) = file(from)
    let (after, movedLinks) = file(to)
    return (before, after, inputs, route, movedLinks, keys)
  }

  @Test(arguments: [(1, 2), (2, 1), (9, 10), (10, 9), (3, 1234)])
  func aPageMovedToAnotherIndexPageIsMadeFromItsFile(from: Int, to: Int) throws {
    let moved = try movedPage(from: from, to: to)
    let patch = try #require(moved.before.patch)
    #expect(patch.page == from)
    #expect(patch.places.map(\.value) == [.url, .number])
    // A mark in the current file's text shows that the page was made from it.
    let marked = Array(
      String(decoding: moved.before.bytes, as: UTF8.self)
        .replacingOccurrences(of: "<h1>Stalker</h1>", with: "<h1>STALKER</h1>").utf8)
    let reuse = lending([moved.route.filePath: moved.before], bytes: { _ in marked })
    let base = moved.keys.filmBase(at: 0, route: moved.route, links: moved.links.digest)
    let key = try #require(moved.after.key)
    let made = try #require(
      reuse.patchedFilmPage(
        path: moved.route.filePath, route: moved.route, base: base,
        indexPage: moved.links.indexPage, key: key))
    let expected = String(decoding: moved.after.bytes, as: UTF8.self)
      .replacingOccurrences(of: "<h1>Stalker</h1>", with: "<h1>STALKER</h1>")
    #expect(String(decoding: made.bytes, as: UTF8.self) == expected)
    #expect(made.patch == moved.after.patch)
    #expect(made.key == moved.after.key)
    #expect(expected.contains("page \(to)</a>"))
  }

  @Test func aPageWhoseOtherInputsChangedIsRendered() throws {
    let moved = try movedPage(from: 1, to: 2)
    try #require(moved.before.patch != nil)
    let lent = Lent()
    let reuse = lending([moved.route.filePath: moved.before], lent: lent)
    // Another film hash: the file was not made from this page's other inputs.
    let base = PageKeys.filmBase(
      site: moved.keys.sites.film, film: ContentHash(value: 42), route: moved.route,
      links: moved.links)
    let key = try #require(moved.after.key)
    #expect(
      reuse.patchedFilmPage(
        path: moved.route.filePath, route: moved.route, base: base,
        indexPage: moved.links.indexPage, key: key)
        == nil)
    // Its file is not even read: after a new template, no film page's is.
    #expect(lent.count.withLock { $0 } == 0)
  }

  @Test func aFileWithOtherTextAtAPlaceIsNotPatched() throws {
    let moved = try movedPage(from: 4, to: 5)
    let patch = try #require(moved.before.patch)
    let route = moved.route
    let old = IndexPagePatch.Texts(page: 4, indexRoute: Pagination.route(forPage: 4), from: route)
    let new = IndexPagePatch.Texts(page: 5, indexRoute: Pagination.route(forPage: 5), from: route)
    #expect(patch.applied(to: moved.before.bytes, replacing: old, with: new) != nil)
    let wrong = IndexPagePatch.Texts(
      page: 4, indexRoute: Pagination.route(forPage: 3), from: route)
    #expect(patch.applied(to: moved.before.bytes, replacing: wrong, with: new) == nil)
    #expect(
      patch.applied(to: Array(moved.before.bytes.prefix(100)), replacing: old, with: new) == nil)
  }

  @Test(arguments: [
    ("film.md", "# {{title}}\n\n[Back]({{indexURL}}), page {{indexPage}}\n"),
    (
      "film.html",
      "<h1>{{title}}</h1>{{#indexPage}}<p>{{.}}</p>{{/indexPage}}<a href=\"{{indexURL}}\">back</a>\n"
    ),
  ])
  func aThemeThatCouldShowThePageElsewhereHasNoPatch(file: String, source: String) throws {
    try Fixtures.withTemporaryDirectory { directory in
      try source.write(toFile: directory + "/" + file, atomically: true, encoding: .utf8)
      let moved = try movedPage(from: 1, to: 2, theme: directory)
      #expect(!FilmPage.canPatch(with: moved.inputs))
      #expect(moved.before.patch == nil)
      #expect(moved.after.patch == nil)
    }
  }

  /// Layouts whose film pages have no patch: one that shows the content in
  /// a section, where `{{.}}` shows it unrecorded (the theme cannot patch);
  /// one that escapes it, which moves what follows; one that shows it twice,
  /// which is more places than a patch holds.
  @Test(arguments: [
    ("{{#content}}{{{.}}}{{/content}}", false), ("<pre>{{content}}</pre>", true),
    ("{{{content}}}<hr>{{{content}}}", true),
  ])
  func aLayoutThatShowsTheContentOtherwiseHasNoPatch(content: String, canPatch: Bool) throws {
    let layout = try String(contentsOfFile: Self.builtInLayout, encoding: .utf8)
      .replacingOccurrences(of: "{{{content}}}", with: content)
    try #require(layout.contains(content))
    try Fixtures.withTemporaryDirectory { directory in
      try layout.write(toFile: directory + "/layout.html", atomically: true, encoding: .utf8)
      let moved = try movedPage(from: 9, to: 10, theme: directory)
      #expect(FilmPage.canPatch(with: moved.inputs) == canPatch)
      #expect(moved.before.patch == nil)
    }
  }

  @Test func aManifestKeepsEachPagesPatch() throws {
    let patch = try #require(
      IndexPagePatch(
        page: 12, places: [.init(offset: 6210, value: .url), .init(offset: 6240, value: .number)]))
    var field: [UInt8] = []
    patch.append(to: &field)
    #expect(String(decoding: field, as: UTF8.self) == "p12,u6210,n6240")
    let manifest = OutputManifest(
      sortedPaths: ["films/1-a/index.html", "index.html"],
      entries: [
        .init(
          hash: ContentHash(value: 1), size: 7000, modified: FileTime(seconds: 5, nanoseconds: 6),
          key: ContentHash(value: 2), patch: patch),
        .init(
          hash: ContentHash(value: 3), size: 70, modified: FileTime(seconds: 5, nanoseconds: 6),
          key: ContentHash(value: 4)),
      ], fingerprint: ContentHash(value: 9), pageCounts: nil, filmCounts: nil)
    #expect(OutputManifest(bytes: manifest.bytes) == manifest)
    // The sixth field is version 4's: an older FilmSite, which would take the
    // line for a file of the user's, finds no manifest at all and will not write here.
    #expect(manifest.text.hasPrefix("# filmsite manifest v4:"))
    let version3 = manifest.text.replacingOccurrences(of: "manifest v4:", with: "manifest v3:")
      .replacingOccurrences(of: "\tp12,u6210,n6240", with: "")
    let read = try #require(OutputManifest(text: version3))
    #expect(read.paths == manifest.paths)
    #expect(read.entries.map(\.patch) == [nil, nil])
    #expect(read.entries.map(\.key) == manifest.entries.map(\.key))
    // A page without an input key may have a patch; a line whose sixth field
    // is not one is not a file of FilmSite's.
    let lines = OutputManifest(
      text: """
        # filmsite manifest v4: the files FilmSite wrote here. Do not edit.
        a.html\t0000000000000001\t2\t1.0\t-\tp3,n9
        b.html\t0000000000000001\t2\t1.0\t0000000000000001\tp3,n9,
        c.html\t0000000000000001\t2\t1.0\t0000000000000001\t

        """)
    #expect(lines?.paths == ["a.html"])
    #expect(
      lines?.entries.map(\.patch)
        == [IndexPagePatch(page: 3, places: [.init(offset: 9, value: .number)])])
    #expect(lines?.entries.map(\.key) == [nil])
    for bad in [
      "p0", "x12", "p12,u5,n4", "p12,u5,n5", "p12,q5", "p12,u", "p-1,u5", "p12,", "p12,u5,",
      "p,u5", "p1234567890123", "", "p1,u1,n2,u3", "p1,u1,u2", "p1,u2097152", "p524288",
    ] {
      #expect(IndexPagePatch(field: Array(bad.utf8)) == nil, "\(bad)")
    }
    #expect(IndexPagePatch(field: Array("p3".utf8)) == IndexPagePatch(page: 3, places: []))
    // A patch is one word: two places, of two values, early enough in the page.
    let two: [IndexPagePatch.Place] = [
      .init(offset: 7, value: .number), .init(offset: 9, value: .url),
    ]
    #expect(IndexPagePatch(page: 524_287, places: two)?.places == two)
    #expect(IndexPagePatch(page: 524_287, places: two)?.page == 524_287)
    #expect(IndexPagePatch(page: 524_288, places: two) == nil)
    #expect(IndexPagePatch(page: 2, places: two + [.init(offset: 50, value: .url)]) == nil)
    #expect(IndexPagePatch(page: 2, places: [two[1], two[1]]) == nil)
    #expect(IndexPagePatch(page: 2, places: [.init(offset: 1 << 21, value: .url)]) == nil)
    #expect(IndexPagePatch(page: 2, places: [.init(offset: (1 << 21) - 1, value: .url)]) != nil)
  }
}
