import Glibc
import Synchronization

/// A small HTTP/1.1 server that serves a built FilmSite folder for `filmsite serve`.
///
/// It answers `GET` and `HEAD` for the files under `Configuration.root` (refusing anything that
/// would leave it), sends the site's `404.html` for missing paths, supports conditional
/// requests, keep-alive and pipelining, and streams server-sent events from
/// `<basePath>__filmsite/events` so that pages can reload when the site is rebuilt.
/// Connections are served by `Configuration.threadCount` threads, each with its own `poll`
/// loop over non-blocking sockets (see `EventLoop` for why).
///
/// ```swift
/// let server = PreviewServer(.init(root: "Output"))
/// let port = try server.start()
/// server.broadcast(event: "reload", data: "/")
/// server.stop()
/// ```
public final class PreviewServer: Sendable {
  /// What the server serves, where, and within which limits.
  public let configuration: Configuration
  private let state = Mutex<Running?>(nil)

  private struct Running: Sendable {
    var listener: Listener
    var mailboxes: [LoopMailbox]
    var threads: [ServerThread]
  }

  /// A server for `configuration`; nothing listens until `start()`.
  public init(_ configuration: Configuration) {
    self.configuration = configuration
  }

  deinit {
    stop()
  }

  /// Binds the address and starts the serving threads.
  /// - Returns: The port listened on, which is the configured one unless that was 0.
  /// - Throws: `PreviewServerError`; `.addressInUse` when another socket holds the port.
  @discardableResult
  public func start() throws(PreviewServerError) -> UInt16 {
    try state.withLock { (running: inout Running?) throws(PreviewServerError) -> UInt16 in
      guard running == nil else { throw .alreadyRunning }
      let listener = try Listener.open(host: configuration.host, port: configuration.port)
      var mailboxes: [LoopMailbox] = []
      var threads: [ServerThread] = []
      do throws(PreviewServerError) {
        for _ in 0..<max(configuration.threadCount, 1) {
          mailboxes.append(try LoopMailbox())
        }
        let context = LoopContext(configuration: configuration, mailboxes: mailboxes)
        for (index, mailbox) in mailboxes.enumerated() {
          let accepting = index == 0 ? listener : nil
          threads.append(
            try ServerThread.start(name: "serve:\(listener.port)/\(index)") {
              EventLoop(mailbox: mailbox, context: context, listener: accepting).run()
            })
        }
      } catch {
        Self.shutDown(Running(listener: listener, mailboxes: mailboxes, threads: threads))
        throw error
      }
      running = Running(listener: listener, mailboxes: mailboxes, threads: threads)
      return listener.port
    }
  }

  /// Sends an event to every client of `<basePath>__filmsite/events`, as `event: <event>` and
  /// one `data:` line for each line of `data`. Does nothing when the server is not running.
  public func broadcast(event: String, data: String) {
    let mailboxes = state.withLock { $0?.mailboxes ?? [] }
    guard !mailboxes.isEmpty else { return }
    let message = EventStreamMessage.event(event, data: data)
    for mailbox in mailboxes {
      mailbox.post(event: message)
    }
  }

  /// Closes the listening socket and every connection, and waits for the serving threads to
  /// end. Safe to call more than once, and on a server that never started.
  public func stop() {
    guard
      let running = state.withLock({ running in
        defer { running = nil }
        return running
      })
    else { return }
    Self.shutDown(running)
  }

  private static func shutDown(_ running: Running) {
    for mailbox in running.mailboxes {
      mailbox.postStop()
    }
    for thread in running.threads {
      thread.join()
    }
    // A connection handed to a loop that had already stopped is still in its mailbox.
    for mailbox in running.mailboxes {
      for descriptor in mailbox.take().connections {
        close(descriptor)
      }
    }
    running.listener.close()
  }
}
