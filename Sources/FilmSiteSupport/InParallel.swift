import Dispatch
import Synchronization

/// Runs `first` and `second` at once, each on a core of its own, and
/// returns both results when both are done.
public func inParallel<First: Sendable, Second: Sendable>(
  _ first: @Sendable () -> First, _ second: @Sendable () -> Second
) -> (First, Second) {
  let firstResult = Mutex<First?>(nil)
  let secondResult = Mutex<Second?>(nil)
  DispatchQueue.concurrentPerform(iterations: 2) { index in
    if index == 0 {
      let result = first()
      firstResult.withLock { $0 = result }
    } else {
      let result = second()
      secondResult.withLock { $0 = result }
    }
  }
  // concurrentPerform has run both iterations when it returns; were one
  // missing, it would be run here rather than lost.
  return (firstResult.withLock { $0 } ?? first(), secondResult.withLock { $0 } ?? second())
}
