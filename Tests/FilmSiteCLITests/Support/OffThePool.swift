import Foundation

/// Runs `body`, which blocks (it waits for a child process, say), on a thread of its own, and
/// suspends until it returns.
///
/// Swift Testing runs tests on the concurrency pool, which has one thread per core, and every
/// test target shares one process. A test that held a pool thread while a child ran for minutes
/// (a 60,000-film pull) left the tests that sleep and look again without a thread to wake on:
/// on two cores, two such tests stalled every other test for minutes, and a test that allowed
/// a minute for a rebuild failed although the rebuild had happened.
///
/// Holding pool threads also kept the children few: no more ran at once than there are cores.
/// Without it every test that starts one would start it at the same moment, and tests that
/// time a child (a timeout, a prompt stop on Ctrl-C) would time a machine running dozens. So
/// at most as many bodies run at once as there are cores, and the others wait their turn
/// without a thread. Children that run beside a test rather than being waited for (`serve`
/// under ``RunningProcess``, the fake APIs) take no turn: a test that runs `filmsite` against
/// its own `serve` would otherwise need two. A test cancelled while it waits still takes its
/// turn when it comes.
func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  await BlockingTurns.shared.take()
  let result = await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: Result(catching: body)) }.start()
  }
  await BlockingTurns.shared.giveBack()
  return try result.get()
}

/// The turns ``offThePool(_:)`` hands out, one per core: a counting semaphore whose waiters
/// suspend.
private actor BlockingTurns {
  static let shared = BlockingTurns(count: ProcessInfo.processInfo.activeProcessorCount)

  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(count: Int) {
    free = max(1, count)
  }

  /// Returns when a turn is free, and takes it.
  func take() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Gives a turn back, to the longest waiter when there is one.
  func giveBack() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}
