import Synchronization
import Testing

@testable import FilmSiteCLI

@Suite struct RebuildSchedulerTests {
  /// A rebuild that takes `duration` and records how many ran and how many at once.
  private final class Recorder: Sendable {
    private struct Counts {
      var started = 0
      var running = 0
      var mostAtOnce = 0
      var cancelled = 0
    }
    private let counts = Mutex(Counts())
    let duration: Duration

    init(duration: Duration) { self.duration = duration }

    var started: Int { counts.withLock { $0.started } }
    var mostAtOnce: Int { counts.withLock { $0.mostAtOnce } }
    var cancelled: Int { counts.withLock { $0.cancelled } }
    var isRunning: Bool { counts.withLock { $0.running > 0 } }

    func rebuild() async {
      counts.withLock { counts in
        counts.started += 1
        counts.running += 1
        counts.mostAtOnce = max(counts.mostAtOnce, counts.running)
      }
      do {
        try await Task.sleep(for: duration)
      } catch {
        counts.withLock { $0.cancelled += 1 }
      }
      counts.withLock { $0.running -= 1 }
    }
  }

  private func scheduler(
    _ recorder: Recorder, quietPeriod: Duration = .milliseconds(50)
  ) -> RebuildScheduler {
    RebuildScheduler(quietPeriod: quietPeriod) { await recorder.rebuild() }
  }

  /// Ten changes 5 ms apart, then quiet. The quiet period is a second, so that a loaded
  /// machine (a sanitized build of the suite, say) that makes a 5 ms sleep last far longer
  /// still sees one burst; the test waits for the rebuild rather than for a fixed time.
  @Test func aBurstOfChangesIsOneRebuild() async throws {
    let recorder = Recorder(duration: .milliseconds(10))
    let scheduler = scheduler(recorder, quietPeriod: .seconds(1))
    for _ in 0..<10 {
      await scheduler.changed()
      try await Task.sleep(for: .milliseconds(5))
    }
    let deadline = ContinuousClock.now + .seconds(60)
    while recorder.started < 1 || recorder.isRunning, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    // Longer than the quiet period: no second rebuild follows.
    try await Task.sleep(for: .milliseconds(1_500))
    #expect(recorder.started == 1)
  }

  @Test func changesDuringARebuildQueueExactlyOneMore() async throws {
    let recorder = Recorder(duration: .milliseconds(300))
    let scheduler = scheduler(recorder)
    await scheduler.changed()
    while !recorder.isRunning { try await Task.sleep(for: .milliseconds(5)) }
    for _ in 0..<5 { await scheduler.changed() }
    // The one queued rebuild starts after the running one and the quiet
    // period; a loaded machine may take far longer than their 350 ms.
    let deadline = ContinuousClock.now + .seconds(60)
    while recorder.started < 2, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    while recorder.isRunning, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    // Then nothing more: no third rebuild comes after the quiet period.
    try await Task.sleep(for: .milliseconds(500))
    #expect(recorder.started == 2)
    #expect(recorder.mostAtOnce == 1)
  }

  // The rebuild lasts an hour, so that only the cancel ends it: under a loaded
  // test run, ten seconds passed between its start and `finish()`. Were the
  // cancel lost, the time limit ends the test.
  @Test(.timeLimit(.minutes(10)))
  func finishCancelsTheRunningRebuildAndDropsTheWait() async throws {
    let recorder = Recorder(duration: .seconds(3_600))
    let scheduler = scheduler(recorder)
    await scheduler.changed()
    while !recorder.isRunning { try await Task.sleep(for: .milliseconds(5)) }
    await scheduler.changed()
    await scheduler.finish()
    #expect(recorder.cancelled == 1)
    #expect(!recorder.isRunning)
    await scheduler.changed()
    try await Task.sleep(for: .milliseconds(200))
    #expect(recorder.started == 1)
  }
}
