import Testing

@testable import FilmSite

@Suite struct ArrayMergingSortedTests {
  @Test func twoSortedArraysBecomeOneAndTiesKeepTheFirstArraysElementFirst() {
    let left = [(1, "a"), (3, "a"), (3, "b"), (7, "a")]
    let right = [(0, "r"), (3, "r"), (8, "r")]
    let merged = left.mergingSorted(with: right) { $0.0 < $1.0 }
    #expect(merged.map(\.0) == [0, 1, 3, 3, 3, 7, 8])
    #expect(merged.filter { $0.0 == 3 }.map(\.1) == ["a", "b", "r"])
    #expect([Int]().mergingSorted(with: [2, 1], by: <) == [2, 1])
    #expect([5, 6].mergingSorted(with: [], by: <) == [5, 6])
  }
}
