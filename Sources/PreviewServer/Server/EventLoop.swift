import Glibc

/// One thread's `poll(2)` loop over its own non-blocking connections.
///
/// Why this design: a preview server has few clients, but one stuck or hostile client must
/// never delay the others, and it should keep up with a load generator on two cores. With
/// non-blocking sockets a slow client costs only its buffers, never a thread, and each loop
/// needs no locks for its connections. One loop (the first) owns the listening socket and
/// hands each new connection to the loop with the fewest, through that loop's `LoopMailbox`,
/// so connections spread over the cores without two threads racing on `accept`. A loop wakes
/// for readiness, for its mailbox (handed connections, broadcast events, stop), or for the
/// nearest deadline among its connections (idle, header and send timeouts, heartbeats).
/// Files are read with blocking calls on the loop thread: they are small and in the page
/// cache, and reading a file whole before sending is what keeps a response one version of the
/// site.
final class EventLoop {
  let mailbox: LoopMailbox
  let context: LoopContext
  var limits: PreviewServer.Limits { context.limits }
  /// The listening socket, for the loop that accepts.
  private let listener: Listener?
  private var acceptPausedUntil: UInt64 = 0
  private(set) var connections: [Int32: Connection] = [:]
  private var pollSet: [pollfd] = []
  private var polled: [Connection] = []
  /// Where `recv` writes; one buffer for all connections of this loop.
  let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
  private var dateSecond = -1
  private var dateText = ""

  init(mailbox: LoopMailbox, context: LoopContext, listener: Listener?) {
    self.mailbox = mailbox
    self.context = context
    self.listener = listener
  }

  deinit {
    scratch.deallocate()
  }

  /// Serves until the mailbox says stop, then closes every connection it owns.
  func run() {
    while turn() {}
    for connection in Array(connections.values) {
      close(connection)
    }
  }

  /// One `poll` and the work it reports. Returns false when asked to stop.
  private func turn() -> Bool {
    pollSet.removeAll(keepingCapacity: true)
    polled.removeAll(keepingCapacity: true)
    pollSet.append(pollfd(fd: mailbox.wakeDescriptor, events: Int16(POLLIN), revents: 0))
    var now = MonotonicClock.now()
    var nearest = UInt64.max
    let listening = listener != nil && now >= acceptPausedUntil
    if let listener {
      if listening {
        pollSet.append(pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0))
      } else {
        nearest = acceptPausedUntil
      }
    }
    let firstConnection = pollSet.count
    for connection in connections.values {
      var events: Int16 = 0
      if connection.wantsInput { events |= Int16(POLLIN) }
      if connection.pendingOutput > 0 { events |= Int16(POLLOUT) }
      pollSet.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
      polled.append(connection)
      nearest = min(nearest, connection.deadline(limits))
    }

    let timeout: Int32
    if nearest == .max {
      timeout = -1
    } else if nearest <= now {
      timeout = 0
    } else {
      timeout = Int32(min((nearest - now + 999_999) / 1_000_000, 60_000))
    }
    let ready = poll(&pollSet, nfds_t(pollSet.count), timeout)
    now = MonotonicClock.now()
    if ready > 0 {
      if pollSet[0].revents != 0 && !receiveMail(now) { return false }
      if listening && pollSet[1].revents != 0 { acceptWaiting(now) }
      for index in polled.indices {
        let revents = pollSet[firstConnection + index].revents
        if revents != 0 { handle(polled[index], revents: revents, now: now) }
      }
    }
    if now >= nearest { expire(now) }
    return true
  }

  /// Takes handed connections and events; false when the server stops.
  private func receiveMail(_ now: UInt64) -> Bool {
    let delivery = mailbox.take()
    for descriptor in delivery.connections {
      connections[descriptor] = Connection(descriptor: descriptor, now: now, limits: limits)
    }
    if delivery.stopping {
      // Connections handed over with the stop are closed here too.
      return false
    }
    for event in delivery.events {
      for connection in connections.values where connection.phase == .eventStream {
        connection.output.append(contentsOf: event)
        if connection.pendingOutput > Connection.eventStreamBacklog {
          close(connection)
        } else {
          flush(connection, now: now)
        }
      }
    }
    return true
  }

  private func acceptWaiting(_ now: UInt64) {
    guard let listener else { return }
    for _ in 0..<64 {
      switch listener.accept() {
      case .none:
        return
      case .exhausted:
        // The listener stays readable; polling it now would spin.
        acceptPausedUntil = now + 100_000_000
        return
      case .connection(let descriptor):
        let open = context.openConnections.add(1, ordering: .relaxed).newValue
        guard open <= limits.maxConnections, let owner = context.leastLoaded() else {
          context.openConnections.subtract(1, ordering: .relaxed)
          refuse(descriptor)
          continue
        }
        owner.connectionCount.add(1, ordering: .relaxed)
        if owner === mailbox {
          connections[descriptor] = Connection(descriptor: descriptor, now: now, limits: limits)
        } else {
          owner.post(connection: descriptor)
        }
      }
    }
  }

  /// Answers a connection over the limit with `503` as far as one non-blocking send goes.
  private func refuse(_ descriptor: Int32) {
    let response = Array(
      "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 25\r\nConnection: close\r\nRetry-After: 1\r\n\r\n503 too many connections\n"
        .utf8)
    _ = response.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    shutdown(descriptor, Int32(SHUT_WR))
    _ = recv(descriptor, scratch.baseAddress, scratch.count, Int32(MSG_DONTWAIT))
    Glibc.close(descriptor)
  }

  private func handle(_ connection: Connection, revents: Int16, now: UInt64) {
    if connection.isClosed { return }
    if revents & Int16(POLLNVAL | POLLERR) != 0 {
      close(connection)
      return
    }
    if revents & Int16(POLLOUT) != 0 {
      flush(connection, now: now)
      if connection.isClosed { return }
    }
    if revents & Int16(POLLIN | POLLHUP) != 0 {
      receive(connection, now: now)
    }
  }

  /// Closes connections past their deadline and sends event streams their heartbeat.
  private func expire(_ now: UInt64) {
    for connection in Array(connections.values) where connection.deadline(limits) <= now {
      if connection.phase == .eventStream && connection.nextHeartbeat <= now
        && (connection.pendingOutput == 0
          || now < connection.lastActivity &+ limits.sendTimeout.nanoseconds)
      {
        connection.nextHeartbeat = now &+ limits.heartbeatInterval.nanoseconds
        connection.output.append(contentsOf: EventStreamMessage.heartbeat)
        flush(connection, now: now)
      } else {
        close(connection)
      }
    }
  }

  func close(_ connection: Connection) {
    guard !connection.isClosed else { return }
    connection.isClosed = true
    Glibc.close(connection.descriptor)
    connections[connection.descriptor] = nil
    mailbox.connectionCount.subtract(1, ordering: .relaxed)
    context.openConnections.subtract(1, ordering: .relaxed)
  }

  /// The `Date` field's value, formatted once a second.
  func currentDate() -> String {
    let second = time(nil)
    if second != dateSecond {
      dateSecond = second
      dateText = HTTPDate.format(second)
    }
    return dateText
  }
}
