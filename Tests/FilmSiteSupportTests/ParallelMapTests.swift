import Testing

@testable import FilmSiteSupport

/// The elements come back transformed and in their order, however the work is cut.
@Suite struct ParallelMapTests {
  @Test(arguments: [0, 1, 2, 15, 16, 17, 1_000, 10_007])
  func theResultIsTheMapInOrder(count: Int) {
    let numbers = Array(0..<count)
    let expected = numbers.map { $0 &* 31 &+ 7 }
    #expect(numbers.parallelMap { $0 &* 31 &+ 7 } == expected)
    for chunkSize in [1, 3, 64, count + 1] {
      #expect(numbers.parallelMap(chunkSize: chunkSize) { $0 &* 31 &+ 7 } == expected)
    }
  }
}

/// Parts joined at their whole size give the elements of every part, in order.
@Suite struct ArrayConcatenatingTests {
  @Test(arguments: [[], [[]], [[1, 2], [], [3], [4, 5, 6]], [[], [], [7]]])
  func thePartsComeInOrder(parts: [[Int]]) {
    let joined = [Int](concatenating: parts)
    #expect(joined == parts.flatMap { $0 })
  }

  @Test func elementsThatAreCountedAreEachKeptOnce() {
    let parts = (0..<50).map { part in (0..<part).map { "part \(part), element \($0)" } }
    #expect([String](concatenating: parts) == parts.flatMap { $0 })
  }
}
