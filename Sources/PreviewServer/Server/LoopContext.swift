import Synchronization

/// What every event loop of one server shares: how to answer, the limits, and the loops'
/// mailboxes and connection counts.
final class LoopContext: Sendable {
  let responder: Responder
  let parser: RequestParser
  let limits: PreviewServer.Limits
  let mailboxes: [LoopMailbox]
  /// Open connections over all loops, held to `limits.maxConnections`.
  let openConnections = Atomic<Int>(0)

  init(configuration: PreviewServer.Configuration, mailboxes: [LoopMailbox]) {
    responder = Responder(configuration: configuration)
    parser = RequestParser(limits: configuration.limits)
    limits = configuration.limits
    self.mailboxes = mailboxes
  }

  /// The mailbox of the loop with the fewest connections.
  func leastLoaded() -> LoopMailbox? {
    mailboxes.min { first, second in
      first.connectionCount.load(ordering: .relaxed)
        < second.connectionCount.load(ordering: .relaxed)
    }
  }
}
