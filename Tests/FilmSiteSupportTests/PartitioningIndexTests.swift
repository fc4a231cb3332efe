import Testing

@testable import FilmSiteSupport

/// The binary search finds the first element past a point, as a scan from the start does.
@Suite struct PartitioningIndexTests {
  @Test(arguments: [0, 1, 2, 7, 64, 1_000])
  func theFirstElementPastAValueIsTheOneAScanFinds(count: Int) {
    let sorted = (0..<count).map { $0 * 3 / 2 }
    for value in -1...(count * 3 / 2 + 1) {
      let scanned = sorted.firstIndex { $0 >= value } ?? sorted.endIndex
      #expect(sorted.partitioningIndex { $0 >= value } == scanned, "value \(value)")
      for start in [0, count / 2, count] where start <= scanned {
        #expect(sorted.partitioningIndex(from: start) { $0 >= value } == scanned)
      }
    }
  }

  @Test func aSliceIsSearchedByItsOwnIndices() {
    let slice = [1, 3, 5, 7, 9, 11][2...]
    #expect(slice.partitioningIndex { $0 > 7 } == 4)
    #expect(slice.partitioningIndex { $0 > 100 } == slice.endIndex)
    #expect(slice.partitioningIndex { _ in true } == 2)
  }
}
