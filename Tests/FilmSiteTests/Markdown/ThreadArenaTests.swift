import Dispatch
import Foundation
import Synchronization
import Testing

@testable import FilmSite

/// The allocator cmark renders with: blocks keep their bytes, zeroed blocks
/// are zero, `realloc` copies or grows in place, and the end of a document
/// takes back all of it.
@Suite struct ThreadArenaTests {
  private func fill(_ block: UnsafeMutableRawPointer, _ count: Int, with byte: UInt8) {
    block.initializeMemory(as: UInt8.self, repeating: byte, count: count)
  }

  private func holds(_ block: UnsafeMutableRawPointer, _ count: Int, _ byte: UInt8) -> Bool {
    UnsafeRawBufferPointer(start: block, count: count).allSatisfy { $0 == byte }
  }

  @Test func blocksAreAlignedSeparateAndKeepTheirBytes() throws {
    try ThreadArena.withDocument {
      var blocks: [(UnsafeMutableRawPointer, Int, UInt8)] = []
      // Enough to fill several chunks, some blocks larger than a chunk.
      let sizes = [1, 15, 16, 17, 100, 4096, ThreadArena.chunkSize + 1, 3, 70_000]
      for (index, size) in (0..<8).flatMap({ _ in sizes }).enumerated() {
        let block = try #require(ThreadArena.allocate(size))
        #expect(Int(bitPattern: block) % 16 == 0)
        fill(block, size, with: UInt8(index % 251))
        blocks.append((block, size, UInt8(index % 251)))
      }
      for (block, size, byte) in blocks { #expect(holds(block, size, byte)) }
    }
  }

  @Test func zeroedBlocksAreZeroWhereMemoryWasUsedBefore() throws {
    try ThreadArena.withDocument {
      let used = try #require(ThreadArena.allocate(1000))
      fill(used, 1000, with: 0xAB)
    }
    try ThreadArena.withDocument {
      let zeroed = try #require(ThreadArena.allocateZeroed(10, 100))
      #expect(holds(zeroed, 1000, 0))
      // Too large, or a size_t past Int.max (which arrives negative): refused.
      #expect(ThreadArena.allocateZeroed(Int.max, 2) == nil)
      #expect(ThreadArena.allocateZeroed(-1, -1) == nil)
      #expect(ThreadArena.allocate(-1) == nil)
    }
  }

  @Test func reallocKeepsTheBytesWhetherItGrowsInPlaceOrMoves() throws {
    try ThreadArena.withDocument {
      // The last block grows where it is.
      let last = try #require(ThreadArena.reallocate(nil, to: 10))
      fill(last, 10, with: 7)
      let grown = try #require(ThreadArena.reallocate(last, to: 5000))
      #expect(grown == last)
      #expect(holds(grown, 10, 7))
      // A block with another after it moves, and keeps its bytes.
      let after = try #require(ThreadArena.allocate(8))
      fill(after, 8, with: 9)
      let moved = try #require(ThreadArena.reallocate(grown, to: 9000))
      #expect(moved != grown)
      #expect(holds(moved, 10, 7))
      #expect(holds(after, 8, 9))
      // Past the chunk's end, the last block moves to a new chunk.
      let huge = try #require(ThreadArena.reallocate(moved, to: 3 * ThreadArena.chunkSize))
      #expect(holds(huge, 10, 7))
      let shrunk = try #require(ThreadArena.reallocate(huge, to: 4))
      #expect(holds(shrunk, 4, 7))
    }
  }

  @Test func aDocumentsMemoryGoesBackWhenItEndsButNotInsideAnother() throws {
    try ThreadArena.withDocument {
      let outer = try #require(ThreadArena.allocate(64))
      fill(outer, 64, with: 3)
      // A document inside another: its end leaves the outer block alone.
      try ThreadArena.withDocument {
        for _ in 0..<40 { _ = try #require(ThreadArena.allocate(100_000)) }
      }
      #expect(holds(outer, 64, 3))
      #expect(ThreadArena.heldBytes > 10 * ThreadArena.chunkSize)
    }
    // After the outer one: one ordinary chunk at most is kept for the next.
    #expect(ThreadArena.heldBytes <= ThreadArena.chunkSize)
    let huge = String(repeating: "word *em* ", count: 200_000)
    #expect(MarkdownRenderer().html(from: huge).hasSuffix("word <em>em</em></p>\n"))
    #expect(ThreadArena.heldBytes <= ThreadArena.chunkSize)
  }

  @Test func documentsRenderTheSameOnEveryCoreAndAfterAHugeOne() {
    let documents = (0..<200).map { index in
      "# Film \(index)\n\n"
        + String(repeating: "Some *text* with [a link](x\(index)). ", count: index)
        + "\n\n- a\n- b\n\n![P](p\(index).jpg \"342x513\")\n"
    }
    let renderer = MarkdownRenderer()
    let serial = documents.map(renderer.html(from:))
    // A document far larger than a chunk, then the small ones again.
    let huge = String(repeating: "word *em* ", count: 200_000)
    #expect(renderer.html(from: huge).hasSuffix("word <em>em</em></p>\n"))
    let results = Mutex([String](repeating: "", count: documents.count))
    DispatchQueue.concurrentPerform(iterations: documents.count) { index in
      let html = renderer.html(from: documents[index])
      results.withLock { $0[index] = html }
    }
    #expect(results.withLock { $0 } == serial)
    #expect(serial[3].contains("<h1>Film 3</h1>"))
    #expect(serial[3].contains(#"<img src="p3.jpg" alt="P" title="342x513" />"#))
  }
}
