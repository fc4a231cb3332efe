import Dispatch
import Synchronization

/// Cancels loading from a Dispatch thread, which runs even while a caller that
/// never suspends keeps every thread of the concurrency pool busy.
final class Watchdog: Sendable {
  private let state = Mutex(State.armed)

  private enum State {
    case armed
    case disarmed
    case fired
  }

  init(seconds: Double, onTimeout: @escaping @Sendable () -> Void) {
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
      let fire = state.withLock { state in
        guard case .armed = state else { return false }
        state = .fired
        return true
      }
      if fire { onTimeout() }
    }
  }

  /// Stops the watchdog.
  /// - Returns: Whether it had already fired.
  func disarm() -> Bool {
    state.withLock { state in
      if case .fired = state { return true }
      state = .disarmed
      return false
    }
  }
}
