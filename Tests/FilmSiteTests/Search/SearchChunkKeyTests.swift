import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// A chunk's key changes exactly when its bytes do, so a rebuild whose index changed makes
/// again only the chunks the change touched, and every chunk it reuses has the bytes a full
/// build would write.
@Suite struct SearchChunkKeyTests {
  private static let words = [
    "night", "city", "river", "ghost", "summer", "machine", "garden", "storm", "letter", "road",
    "signal", "orchard", "station", "winter", "mirror", "harbour", "nine", "echo", "last", "blue",
  ]
  private static let people = (1...30).map { "Person \($0) Surname\($0 % 7)" }
  private static let site = ContentHash(value: 7)

  private static func film(_ id: Int, using generator: inout some RandomNumberGenerator) -> Film {
    let title = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
      words.randomElement(using: &generator) ?? "film"
    }.joined(separator: " ")
    return Film(
      id: String(id), title: title, year: Int.random(in: 1990...1995, using: &generator),
      director: people.randomElement(using: &generator)
    ).with { film in
      film.cast = (0..<3).map { _ in .init(name: people.randomElement(using: &generator) ?? "") }
    }
  }

  /// The index's files for `films`, each with its key and bytes, and which of them `reuse`
  /// found (handed over as reused, with the key they were asked for).
  private static func index(of films: [Film], reusing reuse: PageReuse = .none) throws -> (
    rendered: [String: OutputFile], reused: [String: ContentHash]
  ) {
    let entries = try SitePlan(films: films, configuration: SiteConfiguration()).films
    var rendered: [String: OutputFile] = [:]
    var reused: [String: ContentHash] = [:]
    SearchIndex.files(
      for: entries, key: ContentHash(value: 1), site: site, maximumChunkFilms: 25,
      castPagesPerFilm: 2, reusing: reuse
    ) { batch in
      for file in batch {
        switch file {
        case .rendered(let file): rendered[file.path] = file
        case .reused(let path, let entry): reused[path] = entry.key
        }
      }
    }
    return (rendered, reused)
  }

  /// Reuse of the files of `last` whose keys are asked for.
  private static func reuse(of last: [String: OutputFile]) -> PageReuse {
    PageReuse(
      entry: { path, key in
        guard let file = last[path], file.key == key else { return nil }
        return OutputManifest.Entry(
          hash: file.hash, size: file.bytes.count, modified: .now, key: key)
      },
      group: { _, _, _ in nil })
  }

  private enum Edit: CaseIterable {
    case retitle, director, year, actor, overview, remove, add
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func onlyTheChunksWhoseBytesChangeAreMadeAgain(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    var films = (1...400).map { Self.film($0, using: &generator) }
    var last = try Self.index(of: films).rendered
    #expect(last.count > 40, "the films fill more chunks than a handful")
    var nextID = 401
    for round in 0..<30 {
      let edit = Edit.allCases.randomElement(using: &generator) ?? .retitle
      let place = Int.random(in: films.indices, using: &generator)
      let title = Self.film(0, using: &generator).title + " \(round)"
      let director = Self.people.randomElement(using: &generator)
      switch edit {
      case .retitle: films[place] = films[place].with { $0.title = title }
      case .director: films[place] = films[place].with { $0.director = director }
      case .year: films[place] = films[place].with { $0.year = ($0.year ?? 1990) + 1 }
      case .actor:
        films[place] = films[place].with { $0.cast[0] = .init(name: "Newcomer \(round)") }
      case .overview:
        films[place] = films[place].with { $0.overview = "Another overview, round \(round)." }
      case .remove: films.remove(at: place)
      case .add:
        films.append(Self.film(nextID, using: &generator))
        nextID += 1
      }
      let fresh = try Self.index(of: films).rendered
      let rebuilt = try Self.index(of: films, reusing: Self.reuse(of: last))
      let changed = Set(
        fresh.filter { path, file in last[path]?.bytes != file.bytes }.keys)
      let remade = Set(rebuilt.rendered.keys)
      // The manifest is made on every pass that gets this far; the chunks only when changed.
      #expect(
        remade == changed.union([SearchIndex.manifestPath]), "round \(round): \(edit)")
      if edit == .overview { #expect(changed.isEmpty, "an overview is not in the index") }
      #expect(Set(rebuilt.reused.keys).union(remade) == Set(fresh.keys), "round \(round): \(edit)")
      // Compared by path, so that a failure names the files rather than print their bytes.
      let reusedStale = rebuilt.reused.filter { path, key in
        last[path]?.bytes != fresh[path]?.bytes || fresh[path]?.key != key
      }
      #expect(reusedStale.isEmpty, "round \(round): \(edit): \(reusedStale.keys.sorted())")
      let madeWrong = rebuilt.rendered.filter { path, file in file.bytes != fresh[path]?.bytes }
      #expect(madeWrong.isEmpty, "round \(round): \(edit): \(madeWrong.keys.sorted())")
      last = fresh
    }
  }

  @Test func anotherSiteKeyMakesEveryChunkAgain() throws {
    var generator = SplitMix64(seed: 4)
    let films = (1...100).map { Self.film($0, using: &generator) }
    let entries = try SitePlan(films: films, configuration: SiteConfiguration()).films
    let last = try Self.index(of: films).rendered
    func reused(site: ContentHash) -> Int {
      var reused = 0
      SearchIndex.files(
        for: entries, key: ContentHash(value: 1), site: site, maximumChunkFilms: 25,
        castPagesPerFilm: 2, reusing: Self.reuse(of: last)
      ) { batch in
        reused += batch.count { if case .reused = $0 { true } else { false } }
      }
      return reused
    }
    // The same site key reuses every chunk (the manifest is always made); another, none.
    #expect(reused(site: Self.site) == last.count - 1)
    #expect(reused(site: ContentHash(value: 8)) == 0)
  }

  @Test func theIndexFilesAreTheJSONFilesOfTheSearchFolder() {
    #expect(SearchIndex.isIndexFile(SearchIndex.manifestPath))
    #expect(SearchIndex.isIndexFile("search/ma.json"))
    #expect(SearchIndex.isIndexFile("search/_e58d83.json"))
    #expect(!SearchIndex.isIndexFile(SearchFormPage.route.filePath))
    #expect(!SearchIndex.isIndexFile("search/deeper/ma.json"))
    #expect(!SearchIndex.isIndexFile("films/search/ma.json"))
    #expect(!SearchIndex.isIndexFile("searching/ma.json"))
  }

  @Test func noChunkIsWrittenWhereTheManifestIs() {
    #expect(SearchIndex.fileName(of: "ma") == "ma.json")
    #expect(
      SearchIndex.folder + "/" + SearchIndex.fileName(of: "index") != SearchIndex.manifestPath)
    #expect(SearchIndex.fileName(of: "index") == "_696e646578.json")
  }
}
