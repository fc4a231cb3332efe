import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// A page's input key changes whenever its bytes would: two renders of a
/// page with the same key are the same bytes, after any edit of the films or
/// the page size. And it changes only for the pages an edit touches, so a
/// rebuild renders little.
@Suite struct PageKeysTests {
  /// Every page of `site` with a key, rendered whole: path to key and bytes.
  private func pages(_ site: EditedSite) throws -> [String: (key: ContentHash, bytes: [UInt8])] {
    // The theme folder, once an edit has made it: the built-in theme with the edited files.
    let theme = try Theme.load(
      from: FileManager.default.fileExists(atPath: site.themeDirectory) ? site.themeDirectory : nil)
    let renderer = SiteRenderer(theme: theme, configuration: site.configuration)
    let content = site.hasContent ? try SiteContent.load(from: site.contentDirectory) : .empty
    let plan = try SitePlan(films: site.films, configuration: site.configuration, content: content)
    var pages: [String: (key: ContentHash, bytes: [UInt8])] = [:]
    try renderer.render(plan) { batch in
      for case .rendered(let file) in batch {
        if let key = file.key { pages[file.path] = (key, file.bytes) }
      }
    }
    return pages
  }

  @Test(arguments: [UInt64(0x5EED), 0xF11_AB1E])
  func pagesWithTheSameKeyHaveTheSameBytesAfterRandomEdits(seed: UInt64) throws {
    try Fixtures.withTemporaryDirectory { root in
      try pagesKeepTheirBytesWithTheirKeys(seed: seed, themeDirectory: root + "/theme")
    }
  }

  /// The random edits of ``pagesWithTheSameKeyHaveTheSameBytesAfterRandomEdits(seed:)``,
  /// notes, the About page and the theme's files among them, written beside `themeDirectory`.
  private func pagesKeepTheirBytesWithTheirKeys(seed: UInt64, themeDirectory: String) throws {
    var generator = SiteEditGenerator(seed: seed)
    var site = EditedSite(
      films: generator.catalog(), pageSize: 7, themeDirectory: themeDirectory)
    var before = try pages(site)
    var sameKeys = 0
    var step = 0
    while step < 40 {
      let edit = generator.edit(of: site, step: step)
      step += 1
      try edit.apply(to: &site)
      let after = try pages(site)
      for (path, page) in after {
        guard let old = before[path], old.key == page.key else { continue }
        sameKeys += 1
        #expect(old.bytes == page.bytes, "seed \(seed), step \(step) (\(edit)): \(path)")
      }
      before = after
    }
    // Most pages keep their key from one edit to the next, or this proves nothing.
    #expect(sameKeys > 40 * before.count / 2)
  }

  /// And the search index's one key, made from every film's hash
  /// (``SearchIndex/key(rows:site:maximumChunkFilms:castPagesPerFilm:)``);
  /// its chunks are then decided by their lines, and keep theirs.
  @Test func anOverviewChangesTheKeysOfTheFilmsPageItsListsAndTheSearchIndexAlone() throws {
    var generator = SiteEditGenerator(seed: 0x5EED)
    var site = EditedSite(films: generator.catalog(), pageSize: 7, themeDirectory: "")
    let before = try pages(site)
    let id = site.films[3].id
    try SiteEdit.overview(id: id, "A new overview.").apply(to: &site)
    let after = try pages(site)
    let changed = Set(after.keys.filter { before[$0]?.key != after[$0]?.key })
    let plan = try SitePlan(films: site.films, configuration: site.configuration)
    let position = try #require(plan.films.firstIndex { $0.film.id == id })
    let lists = plan.lists.filter { $0.positions.contains(position) }.map(\.route.filePath)
    #expect(
      changed == Set([plan.films[position].route.filePath, SearchIndex.manifestPath] + lists))
    // The index page, and its genre's, director's and year's.
    #expect(lists.count >= 2)
  }

  @Test func aFilmsKnownHashIsTheOneItsKeysAreMadeFrom() throws {
    var generator = SiteEditGenerator(seed: 0x5EED)
    let site = EditedSite(films: generator.catalog(), pageSize: 7, themeDirectory: "")
    let plan = try SitePlan(films: site.films, configuration: site.configuration)
    let hashed = PageKeys(sites: Self.sites(1), plan: plan)
    let films = hashed.films
    // Known hashes that are the films' own give the same keys as hashing them.
    let same = PageKeys(sites: Self.sites(1), plan: plan, knownFilms: { films[$0] })
    #expect(same.films == hashed.films)
    #expect(same.rows == hashed.rows)
    // Only the films a hash is known for take it; the others are hashed.
    let other = PageKeys(
      sites: Self.sites(1), plan: plan,
      knownFilms: { $0 == 2 ? ContentHash(value: 5) : nil })
    #expect(other.films[2] == ContentHash(value: 5))
    #expect(other.film(at: 2, of: plan) != hashed.film(at: 2, of: plan))
    #expect(other.films.indices.allSatisfy { $0 == 2 || other.films[$0] == films[$0] })
  }

  /// Site keys whose kinds differ from one another and from those of another `value`.
  private static func sites(_ value: UInt64) -> SiteKeys {
    SiteKeys(
      film: ContentHash(value: value), list: ContentHash(value: value + 100),
      terms: ContentHash(value: value + 200), page: ContentHash(value: value + 300),
      search: ContentHash(value: value + 400), filmShowsIndexPage: true)
  }

  @Test func eachKindsSiteKeyStartsTheKeysOfThatKindAlone() throws {
    var generator = SiteEditGenerator(seed: 0x5EED)
    let site = EditedSite(films: generator.catalog(), pageSize: 7, themeDirectory: "")
    let plan = try SitePlan(films: site.films, configuration: site.configuration)
    /// A film page's, a list page's and a name list's keys.
    func pageKeys(_ sites: SiteKeys) -> [ContentHash] {
      let keys = PageKeys(sites: sites, plan: plan)
      return [keys.film(at: 0, of: plan), keys.list(plan.lists[0]), keys.terms(plan.termsPages[0])]
    }
    let (one, two) = (Self.sites(1), Self.sites(2))
    let before = pageKeys(one)
    let film = pageKeys(
      SiteKeys(
        film: two.film, list: one.list, terms: one.terms, page: one.page, search: one.search,
        filmShowsIndexPage: true)
    )
    let list = pageKeys(
      SiteKeys(
        film: one.film, list: two.list, terms: one.terms, page: one.page, search: one.search,
        filmShowsIndexPage: true)
    )
    let terms = pageKeys(
      SiteKeys(
        film: one.film, list: one.list, terms: two.terms, page: one.page, search: one.search,
        filmShowsIndexPage: true)
    )
    let others = pageKeys(
      SiteKeys(
        film: one.film, list: one.list, terms: one.terms, page: two.page, search: two.search,
        filmShowsIndexPage: true)
    )
    #expect(film[0] != before[0] && film[1...] == before[1...])
    #expect(list[1] != before[1] && list[0] == before[0] && list[2] == before[2])
    #expect(terms[2] != before[2] && terms[..<2] == before[..<2])
    #expect(others == before)
  }

  /// `key` of the built-in theme and of one whose `file` has a line added,
  /// loaded from a folder in a temporary directory.
  private func keys<Key>(changing file: String, _ key: (Theme) throws -> Key) throws -> (
    builtIn: Key, changed: Key
  ) {
    try Fixtures.withTemporaryDirectory { folder in
      let builtIn = try String(
        contentsOfFile: Fixtures.templatesDirectory + "/" + file, encoding: .utf8)
      let addition = file.hasSuffix(".md") ? "\nChanged.\n" : "<p>changed</p>\n"
      try (builtIn + addition).write(toFile: folder + "/" + file, atomically: true, encoding: .utf8)
      return (try key(try Theme.load(from: nil)), try key(try Theme.load(from: folder)))
    }
  }

  /// The kinds of page whose site keys differ between `keys` and `other`.
  private func kinds(changedFrom other: SiteKeys, to keys: SiteKeys) -> [String] {
    let kinds: [(String, KeyPath<SiteKeys, ContentHash>)] = [
      ("film", \.film), ("list", \.list), ("terms", \.terms), ("page", \.page),
      ("search", \.search),
    ]
    return kinds.filter { other[keyPath: $0.1] != keys[keyPath: $0.1] }.map(\.0)
  }

  @Test(arguments: [
    ("film.html", ["film"]), ("row.html", ["list"]), ("index.html", ["list"]),
    ("terms.html", ["terms"]), ("page.html", ["page"]),
    // The layout wraps every page; the search index is JSON that no template makes.
    ("layout.html", ["film", "list", "terms", "page"]),
  ])
  func aTemplateChangesTheSiteKeysOfThePagesMadeWithItAlone(file: String, kinds: [String])
    throws
  {
    let (builtIn, changed) = try keys(changing: file) {
      try BuildFingerprint.siteKeys(theme: $0, configuration: SiteConfiguration())
    }
    #expect(self.kinds(changedFrom: builtIn, to: changed) == kinds)
  }

  /// The films key (``BuildFingerprint/filmsKey(theme:configuration:)``) lends
  /// a build the state's film hashes and footprints: the row template and
  /// the settings change it, the other templates do not.
  @Test(arguments: [
    ("row.html", true), ("film.html", false), ("layout.html", false), ("index.html", false),
    ("terms.html", false),
  ])
  func onlyTheRowTemplateChangesTheFilmsKey(file: String, changes: Bool) throws {
    let (builtIn, changed) = try keys(changing: file) {
      try BuildFingerprint.filmsKey(theme: $0, configuration: SiteConfiguration())
    }
    #expect((changed != builtIn) == changes)
    let setting = try BuildFingerprint.filmsKey(
      theme: try Theme.load(from: nil), configuration: SiteConfiguration(pageSize: 5))
    #expect(setting != builtIn)
  }

  @Test func aSettingChangesEveryKindsSiteKey() throws {
    let theme = try Theme.load(from: nil)
    let keys = try BuildFingerprint.siteKeys(theme: theme, configuration: SiteConfiguration())
    let other = try BuildFingerprint.siteKeys(
      theme: theme, configuration: SiteConfiguration(pageSize: 5))
    #expect(kinds(changedFrom: keys, to: other) == ["film", "list", "terms", "page", "search"])
  }
}

/// A page the current site has, made from the same inputs, is handed to the
/// writer as reused and not rendered; the others are rendered as in a full build.
@Suite struct PageReuseTests {
  @Test func onlyThePagesReuseDoesNotFindAreRendered() throws {
    let films = Fixtures.films(30)
    let configuration = SiteConfiguration(pageSize: 4)
    let renderer = SiteRenderer(theme: try Theme.load(from: nil), configuration: configuration)
    let plan = try SitePlan(films: films, configuration: configuration)
    var full: [String: OutputFile] = [:]
    try renderer.render(plan) { batch in
      for case .rendered(let file) in batch { full[file.path] = file }
    }
    let missing: Set = ["index.html", "films/7-film-7/index.html", "genres/index.html"]
    #expect(missing.isSubset(of: full.keys))
    // The search form page is in the index's folder, but not part of the index.
    let index = full.values.filter {
      $0.path.hasPrefix(SearchIndex.folder + "/") && $0.path != SearchFormPage.route.filePath
    }
    #expect(index.contains { $0.path == SearchIndex.manifestPath })
    #expect(index.allSatisfy { $0.key != nil })
    let reuse = PageReuse(
      entry: { path, key in
        missing.contains(path)
          ? nil
          : OutputManifest.Entry(hash: ContentHash(value: 0), size: 0, modified: .now, key: key)
      },
      group: { head, key, isMember in
        #expect(head == SearchIndex.manifestPath)
        #expect(index.allSatisfy { isMember($0.path) })
        #expect(!isMember(SearchFormPage.route.filePath))
        return index.map { file in
          (file.path, OutputManifest.Entry(hash: file.hash, size: 0, modified: .now, key: key))
        }
      })
    var rendered: [String: OutputFile] = [:]
    var reused: Set<String> = []
    try renderer.render(plan, reusing: reuse) { batch in
      for file in batch {
        switch file {
        case .rendered(let file): rendered[file.path] = file
        case .reused(let path, _): reused.insert(path)
        }
      }
    }
    let keyed = Set(full.values.filter { $0.key != nil }.map(\.path))
    #expect(reused == keyed.subtracting(missing))
    for path in missing { #expect(rendered[path] == full[path], "\(path)") }
    // Files without a key (assets, the 404 page) are always made.
    #expect(Set(rendered.keys) == Set(full.keys).subtracting(reused))
  }
}
