import Glibc
import Synchronization

/// The part of an event loop that other threads reach: new connections, events to broadcast
/// and the request to stop are left here, and a byte written to a pipe wakes the loop from
/// `poll` (`eventfd` is not in Swift's Glibc module).
final class LoopMailbox: Sendable {
  struct Delivery {
    var connections: [Int32] = []
    var events: [[UInt8]] = []
    var stopping = false
  }

  private struct State {
    var delivery = Delivery()
    /// True from a post until the loop takes the delivery, so that one wake-up serves many
    /// posts.
    var wakeQueued = false
  }

  /// Readable when something was posted.
  let wakeDescriptor: Int32
  private let wakeWriter: Int32
  /// Connections this loop owns or has been handed, read by the accepting loop to balance them.
  let connectionCount = Atomic<Int>(0)
  private let state = Mutex(State())

  init() throws(PreviewServerError) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw .system(operation: "pipe", code: errno) }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    wakeDescriptor = ends[0]
    wakeWriter = ends[1]
  }

  deinit {
    close(wakeDescriptor)
    close(wakeWriter)
  }

  func post(connection: Int32) {
    post { $0.connections.append(connection) }
  }

  func post(event: [UInt8]) {
    post { $0.events.append(event) }
  }

  func postStop() {
    post { $0.stopping = true }
  }

  /// Everything posted since the last call.
  func take() -> Delivery {
    var drained = [UInt8](repeating: 0, count: 64)
    while read(wakeDescriptor, &drained, drained.count) == drained.count {}
    return state.withLock { state in
      state.wakeQueued = false
      defer { state.delivery = Delivery() }
      return state.delivery
    }
  }

  private func post(_ change: (inout Delivery) -> Void) {
    let needsWake = state.withLock { state in
      change(&state.delivery)
      defer { state.wakeQueued = true }
      return !state.wakeQueued
    }
    if needsWake {
      var byte: UInt8 = 1
      _ = write(wakeWriter, &byte, 1)
    }
  }
}
