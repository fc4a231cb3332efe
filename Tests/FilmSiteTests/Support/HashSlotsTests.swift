import Testing

@testable import FilmSite

/// A table's slots: sized at most half full, every slot in range, and keys
/// whose hashes share their low bits spread over the table.
@Suite struct HashSlotsTests {
  @Test(arguments: [0, 1, 8, 9, 1_000, 100_000])
  func aTableIsAPowerOfTwoAtMostHalfFull(keys: Int) {
    let slots = HashSlots(forKeys: keys)
    #expect(slots.count.nonzeroBitCount == 1)
    #expect(slots.count >= max(16, keys * 2))
    #expect(slots.count < max(32, keys * 4))
    #expect(slots.next(after: slots.count - 1) == 0)
    #expect(slots.next(after: 3) == 4)
  }

  @Test func everyHashPicksASlotInTheTable() {
    var random = SplitMix64(seed: 31)
    let slots = HashSlots(forKeys: 300)
    for _ in 0..<10_000 {
      #expect((0..<slots.count).contains(slots.first(for: random.next())))
    }
  }

  /// Hashes made to share their low 20 bits (a table of 2,048 slots would take
  /// all of them to one slot by those bits) are spread over the table.
  @Test func hashesSharingTheirLowBitsAreSpread() {
    var random = SplitMix64(seed: 37)
    let slots = HashSlots(forKeys: 1_000)
    let firsts = Set((0..<1_000).map { _ in slots.first(for: random.next() << 20 | 5) })
    #expect(firsts.count > 500)
  }
}
