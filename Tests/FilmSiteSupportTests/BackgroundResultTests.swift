import FilmSiteSupport
import Foundation
import Synchronization
import Testing

@Suite struct BackgroundResultTests {
  @Test func theResultIsTheWorksAndWaitingAgainGivesItAgain() {
    let runs = Mutex(0)
    let background = BackgroundResult { () -> [Int] in
      runs.withLock { $0 += 1 }
      return (1...4).map { $0 * $0 }
    }
    #expect(background.wait() == [1, 4, 9, 16])
    #expect(background.wait() == [1, 4, 9, 16])
    #expect(runs.withLock { $0 } == 1)
  }

  /// The work waits for the caller to go on: run before `init` returned, it would time out.
  @Test func theCallerGoesOnWhileTheWorkRuns() {
    let callerWentOn = StopSignal()
    let background = BackgroundResult { () -> Bool in
      let deadline = Date().addingTimeInterval(10)
      while !callerWentOn.isRaised {
        if Date() > deadline { return false }
        usleep(100)
      }
      return true
    }
    callerWentOn.raise()
    #expect(background.wait())
  }
}
