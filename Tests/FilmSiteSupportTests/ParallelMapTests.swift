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
