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
    let renderer = SiteRenderer(theme: try Theme.load(from: nil), configuration: site.configuration)
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
  /// notes and the About page among them, written beside `themeDirectory`.
  private func pagesKeepTheirBytesWithTheirKeys(seed: UInt64, themeDirectory: String) throws {
    var generator = SiteEditGenerator(seed: seed)
    var site = EditedSite(
      films: generator.catalog(), pageSize: 7, themeDirectory: themeDirectory)
    var before = try pages(site)
    var sameKeys = 0
    var step = 0
    while step < 40 {
      let edit = generator.edit(of: site, step: step)
      // Theme edits change every key (the site key); this test is about the rest.
      if case .template = edit { continue }
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

  @Test func anOverviewChangesTheKeysOfTheFilmsPageAndTheListsOfItAlone() throws {
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
    #expect(changed == Set([plan.films[position].route.filePath] + lists))
    // The index page, and its genre's, director's and year's.
    #expect(lists.count >= 2)
  }

  @Test func aFilmsKnownHashIsTheOneItsKeysAreMadeFrom() throws {
    var generator = SiteEditGenerator(seed: 0x5EED)
    let site = EditedSite(films: generator.catalog(), pageSize: 7, themeDirectory: "")
    let plan = try SitePlan(films: site.films, configuration: site.configuration)
    let hashed = PageKeys(site: ContentHash(value: 1), plan: plan)
    let films = hashed.films
    // Known hashes that are the films' own give the same keys as hashing them.
    let same = PageKeys(site: ContentHash(value: 1), plan: plan, knownFilms: { films[$0] })
    #expect(same.films == hashed.films)
    #expect(same.rows == hashed.rows)
    // Only the films a hash is known for take it; the others are hashed.
    let other = PageKeys(
      site: ContentHash(value: 1), plan: plan,
      knownFilms: { $0 == 2 ? ContentHash(value: 5) : nil })
    #expect(other.films[2] == ContentHash(value: 5))
    #expect(other.film(at: 2, of: plan) != hashed.film(at: 2, of: plan))
    #expect(other.films.indices.allSatisfy { $0 == 2 || other.films[$0] == films[$0] })
  }

  @Test func theSiteKeyStartsEveryKey() throws {
    var generator = SiteEditGenerator(seed: 0x5EED)
    let site = EditedSite(films: generator.catalog(), pageSize: 7, themeDirectory: "")
    let plan = try SitePlan(films: site.films, configuration: site.configuration)
    let one = PageKeys(site: ContentHash(value: 1), plan: plan)
    let two = PageKeys(site: ContentHash(value: 2), plan: plan)
    #expect(one.film(at: 0, of: plan) != two.film(at: 0, of: plan))
    #expect(one.list(plan.lists[0]) != two.list(plan.lists[0]))
    #expect(one.terms(plan.termsPages[0]) != two.terms(plan.termsPages[0]))
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
