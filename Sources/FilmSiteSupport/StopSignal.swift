import Synchronization

/// A flag that one piece of work raises to tell work running beside it that
/// its result is no longer wanted, so that it can stop early.
///
/// Raising it only asks: the work that checks it decides where it can stop,
/// and what it returns then.
public final class StopSignal: Sendable {
  private let raised = Atomic<Bool>(false)

  /// A signal not raised yet.
  public init() {}

  /// Asks the work that checks this signal to stop.
  public func raise() {
    raised.store(true, ordering: .relaxed)
  }

  /// Whether ``raise()`` was called.
  public var isRaised: Bool {
    raised.load(ordering: .relaxed)
  }
}
