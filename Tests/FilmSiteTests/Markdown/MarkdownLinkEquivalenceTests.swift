import Foundation
import Testing

@testable import FilmCatalog
@testable import FilmSite

/// A document without links to films or pages renders to the same bytes
/// through the resolving path as through the plain one, whatever it holds.
@Suite struct MarkdownLinkEquivalenceTests {
  /// Markdown from the repository: the fixture with every construct, the
  /// sample and hostile catalogs' overviews (as written and as pages make
  /// them), the README and docs, the fuzz corpus, and a large document.
  private static func documents() throws -> [String] {
    let root = Fixtures.repositoryRoot
    let everything = try String(
      contentsOf: root.appendingPathComponent(
        "Tests/FilmSiteTests/Markdown/Fixtures/Everything.md"),
      encoding: .utf8)
    let catalogs = ["Catalog/films.json", "Tests/FilmSiteCLITests/Fixtures/hostile-films.json"]
    let overviews = try catalogs.flatMap { path in
      try CatalogFile.load(path: root.appendingPathComponent(path).path).compactMap(\.overview)
    }
    let docs = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("docs").path
    ).filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
    let prose = try (["README.md"] + docs).map { path in
      try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
    let corpus = root.appendingPathComponent("Tests/Fuzz/Corpus/markdown")
    let seeds = try FileManager.default.contentsOfDirectory(atPath: corpus.path).map { name in
      // The first byte of a seed picks the fuzz target's mode; the rest is Markdown.
      String(
        decoding: try Data(contentsOf: corpus.appendingPathComponent(name)).dropFirst(),
        as: UTF8.self)
    }
    let large = String(repeating: "word *em* [a](b) ![p](q.jpg \"1x2\")\n", count: 5_000)
    let all =
      [everything, "", "x", large] + overviews + overviews.map(PageContexts.overviewMarkdown)
      + prose + seeds
    return all.filter { !$0.lowercased().contains("film:") && !$0.contains("@/") }
  }

  @Test(arguments: [
    MarkdownRenderer.Options(), .smartPunctuation, .hardBreaks, [.smartPunctuation, .hardBreaks],
  ])
  func documentsWithoutSuchLinksRenderAsTheyDidWithoutAResolver(
    options: MarkdownRenderer.Options
  ) throws {
    let documents = try Self.documents()
    #expect(documents.count > 200)
    for memory in [MarkdownRenderer.Memory.threadArena, .system] {
      let renderer = MarkdownRenderer(options: options, memory: memory)
      var asked = 0
      let resolve: MarkdownRenderer.LinkResolver = { _ in
        asked += 1
        return nil
      }
      for document in documents {
        let label = "\(document.prefix(60).debugDescription)"
        #expect(
          try renderer.html(from: document, resolvingLinks: resolve)
            == renderer.html(from: document), "\(label)")
        let bytes = Array(document.utf8)
        #expect(
          try renderer.pageHTML(from: bytes, resolvingLinks: resolve)
            == renderer.pageHTML(from: bytes), "\(label)")
        #expect(try renderer.links(in: bytes).isEmpty, "\(label)")
      }
      #expect(asked == 0)
    }
  }

  @Test func resolvingToTheSameDestinationChangesNothing() throws {
    // The links of every form in every block, each resolved to what it says.
    let markdown = """
      # A [heading](film:1)

      - [item](@/about.md) with <film:2> and [ref][r]
        > [quote](film:3 "title") *[em](film:4)*

      [r]: @/festival/2026.md
      """
    let html = try MarkdownRenderer().html(from: markdown) { link in link.destination }
    #expect(html == MarkdownRenderer().html(from: markdown))
    #expect(html.contains("<a href=\"film:3\" title=\"title\">quote</a>"))
  }
}
