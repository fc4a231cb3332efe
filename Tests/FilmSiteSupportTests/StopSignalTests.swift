import FilmSiteSupport
import Foundation
import Testing

@Suite struct StopSignalTests {
  @Test func aSignalIsDownUntilRaisedAndStaysRaised() {
    let stop = StopSignal()
    #expect(!stop.isRaised)
    stop.raise()
    #expect(stop.isRaised)
    stop.raise()
    #expect(stop.isRaised)
  }

  /// The work beside the raiser sees the signal and stops: it would spin until the deadline otherwise.
  @Test func workRunningBesideSeesTheSignalRaised() {
    let stop = StopSignal()
    let (_, stopped) = inParallel(
      { stop.raise() },
      { () -> Bool in
        let deadline = Date().addingTimeInterval(10)
        while !stop.isRaised {
          if Date() > deadline { return false }
          usleep(100)
        }
        return true
      })
    #expect(stopped)
  }
}
