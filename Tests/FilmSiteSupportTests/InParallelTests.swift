import FilmSiteSupport
import Foundation
import Synchronization
import Testing

@Suite struct InParallelTests {
  @Test func bothResultsComeBackEachInItsPlace() {
    let (number, text) = inParallel(
      { (1...100).reduce(0, +) }, { String(repeating: "a", count: 3) })
    #expect(number == 5050)
    #expect(text == "aaa")
  }

  /// Each side waits until the other has started: run one after the other, they never would.
  @Test func theTwoRunAtTheSameTime() {
    let started = Mutex(0)
    @Sendable func startAndWaitForTheOther() -> Bool {
      started.withLock { $0 += 1 }
      let deadline = Date().addingTimeInterval(10)
      while started.withLock({ $0 }) < 2 {
        if Date() > deadline { return false }
        usleep(1_000)
      }
      return true
    }
    let (first, second) = inParallel(startAndWaitForTheOther, startAndWaitForTheOther)
    #expect(first && second)
  }
}
