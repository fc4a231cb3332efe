import Dispatch
import Synchronization

/// Work started on a thread of its own, whose result is waited for where it
/// is needed.
///
/// Unlike the two halves of ``inParallel(_:_:)``, the caller goes on with
/// its own work meanwhile, on every core: work that spreads itself over the
/// cores (``Swift/Array/parallelMap(_:)``) from inside one half of
/// `inParallel` runs on one core, as Dispatch runs a `concurrentPerform`
/// started from inside another, while work started from the caller's thread
/// or from the background does not.
public final class BackgroundResult<Value: Sendable>: Sendable {
  private let work: @Sendable () -> Value
  private let result = Mutex<Value?>(nil)
  private let done = DispatchGroup()

  /// Starts `work` in the background.
  public init(_ work: @escaping @Sendable () -> Value) {
    self.work = work
    done.enter()
    DispatchQueue.global().async { [self] in
      let value = work()
      result.withLock { $0 = value }
      done.leave()
    }
  }

  /// The work's result, once it is done: this waits for it.
  public func wait() -> Value {
    done.wait()
    // The work has stored its result when the group is left; were it
    // missing, the work would be run here rather than its result lost.
    return result.withLock { $0 } ?? work()
  }
}
