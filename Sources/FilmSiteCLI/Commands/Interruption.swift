import Dispatch
import FilmCatalog
import Foundation
import Synchronization

/// Ctrl-C handling: SIGINT cancels the running command's task instead of
/// killing the process, so that a pull stops promptly and nothing is written.
/// A second Ctrl-C exits at once, for a step that cannot stop sooner: the
/// output folder is still whole then, as after any kill, since a build
/// publishes it by one atomic swap.
enum Interruption {
  /// How many times Ctrl-C was pressed.
  private final class Presses: Sendable {
    private let count = Mutex(0)
    func next() -> Int {
      count.withLock { count in
        count += 1
        return count
      }
    }
  }

  /// Runs `body` in a task that SIGINT cancels.
  static func cancellingOnSIGINT<Result: Sendable>(
    _ body: @escaping @Sendable () async throws -> Result
  ) async throws -> Result {
    signal(SIGINT, SIG_IGN)
    let signals = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    let task = Task { try await body() }
    let presses = Presses()
    signals.setEventHandler {
      if presses.next() > 1 { exit(FilmSiteCommand.ExitCode.interrupted) }
      task.cancel()
    }
    signals.resume()
    defer {
      signals.cancel()
      signal(SIGINT, SIG_DFL)
    }
    return try await task.value
  }

  /// Whether `error` is a cancellation, possibly wrapped in a page failure.
  static func isCancellation(_ error: any Error) -> Bool {
    if error is CancellationError { return true }
    if let failure = error as? PaginationError { return isCancellation(failure.underlying) }
    return false
  }
}

extension Interruption {
  /// Waits until the task is cancelled, as ``cancellingOnSIGINT(_:)`` cancels
  /// it on Ctrl-C: the end of a command that runs until it is stopped.
  static func waitUntilCancelled() async {
    while !Task.isCancelled {
      try? await Task.sleep(for: .seconds(3600))
    }
  }
}
