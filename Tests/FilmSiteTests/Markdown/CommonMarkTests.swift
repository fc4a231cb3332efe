import Foundation
import Synchronization
import Testing

@testable import FilmCatalog
@testable import FilmSite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// cmark frees everything it allocates, whichever allocator it is given,
/// and the HTML does not depend on the allocator.
@Suite(.serialized) struct CommonMarkTests {
  /// Blocks allocated through the counting allocators and not yet freed, and all allocated.
  private static let live = Atomic<Int>(0)
  private static let allocated = Atomic<Int>(0)

  private static func allocation(_ block: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    live.add(1, ordering: .relaxed)
    allocated.add(1, ordering: .relaxed)
    return block
  }

  private static func freeing(_ block: UnsafeMutableRawPointer?) {
    if block != nil { live.subtract(1, ordering: .relaxed) }
  }

  /// The C library's allocator, counted.
  private static let countingMalloc = CommonMark.Allocator(
    calloc: { count, size in CommonMarkTests.allocation(calloc(count, size)) },
    realloc: { block, size in
      block == nil ? CommonMarkTests.allocation(realloc(nil, size)) : realloc(block, size)
    },
    free: { block in
      CommonMarkTests.freeing(block)
      free(block)
    })

  /// The thread's arena, counted.
  private static let countingArena = CommonMark.Allocator(
    calloc: { count, size in CommonMarkTests.allocation(ThreadArena.allocator.calloc(count, size))
    },
    realloc: { block, size in
      block == nil
        ? CommonMarkTests.allocation(ThreadArena.allocator.realloc(nil, size))
        : ThreadArena.allocator.realloc(block, size)
    },
    free: { block in
      CommonMarkTests.freeing(block)
      ThreadArena.allocator.free(block)
    })

  /// Documents that use every construct, hostile films' overviews, and a large one.
  private static func documents() throws -> [String] {
    let everything = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Everything.md"),
      encoding: .utf8)
    let catalogs = ["Catalog/films.json", "Tests/FilmSiteCLITests/Fixtures/hostile-films.json"]
    let overviews = try catalogs.flatMap { path in
      try CatalogFile.load(path: Fixtures.repositoryRoot.appendingPathComponent(path).path)
        .compactMap(\.overview)
    }
    return [everything, "", "x", String(repeating: "word *em* [a](b) ", count: 20_000)]
      + overviews + overviews.map(PageContexts.overviewMarkdown)
  }

  private func html(_ markdown: String, allocator: CommonMark.Allocator?) -> [UInt8] {
    var source = markdown
    return source.withUTF8 { bytes in
      CommonMark.withHTML(for: bytes, options: [.smartPunctuation], allocator: allocator) {
        Array($0)
      }
    }
  }

  @Test func everyBlockCmarkAllocatesIsFreedWithTheCLibrarysAllocator() throws {
    let before = Self.allocated.load(ordering: .relaxed)
    for document in try Self.documents() {
      let live = Self.live.load(ordering: .relaxed)
      let html = html(document, allocator: Self.countingMalloc)
      #expect(Self.live.load(ordering: .relaxed) == live, "\(document.prefix(40))")
      #expect(html == self.html(document, allocator: nil))
    }
    #expect(Self.allocated.load(ordering: .relaxed) - before > 1000)
  }

  @Test func everyBlockCmarkAllocatesIsFreedWithTheArena() throws {
    let before = Self.allocated.load(ordering: .relaxed)
    for document in try Self.documents() {
      let live = Self.live.load(ordering: .relaxed)
      let html: [UInt8] = ThreadArena.withDocument {
        self.html(document, allocator: Self.countingArena)
      }
      #expect(Self.live.load(ordering: .relaxed) == live, "\(document.prefix(40))")
      #expect(html == self.html(document, allocator: nil))
    }
    #expect(Self.allocated.load(ordering: .relaxed) - before > 1000)
    #expect(ThreadArena.heldBytes <= ThreadArena.chunkSize)
  }

  @Test func pagesAreTheSameBytesWithAndWithoutTheArena() throws {
    let arena = MarkdownRenderer(options: [], memory: .threadArena)
    let system = MarkdownRenderer(options: [], memory: .system)
    for document in try Self.documents() {
      #expect(
        arena.pageHTML(from: Array(document.utf8)) == system.pageHTML(from: Array(document.utf8)),
        "\(document.prefix(40))")
    }
  }

  @Test func onlyOneSourceFileImportsCmark() throws {
    let sources = Fixtures.repositoryRoot.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    let importers = try files.filter { path in
      try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
        .split(separator: "\n").contains("import CCmark")
    }
    #expect(importers == ["FilmSite/Markdown/CommonMark.swift"])
  }
}
