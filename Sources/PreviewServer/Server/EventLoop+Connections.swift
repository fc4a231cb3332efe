import Glibc

extension EventLoop {
  /// Reads what the client sent and answers every whole request in it.
  func receive(_ connection: Connection, now: UInt64) {
    let got = recv(connection.descriptor, scratch.baseAddress, scratch.count, 0)
    if got < 0 {
      if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { close(connection) }
      return
    }
    if got == 0 {
      // The client has sent all it will; requests it sent before are still answered.
      connection.peerClosed = true
      if connection.phase == .requests {
        flush(connection, now: now)
      } else {
        close(connection)
      }
      return
    }
    guard connection.phase == .requests, !connection.closeAfterOutput else { return }
    if connection.pendingInput == 0 { connection.requestStartedAt = now }
    connection.input.append(
      contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<got]))
    answerRequests(connection, now: now)
    flush(connection, now: now)
  }

  /// Parses and answers whole requests in order until one is incomplete, the connection is to
  /// close, or enough output waits for the client.
  func answerRequests(_ connection: Connection, now: UInt64) {
    while connection.phase == .requests, !connection.closeAfterOutput,
      connection.pendingInput > 0, connection.pendingOutput < Connection.outputHighWater
    {
      let outcome = connection.input.withUnsafeBufferPointer { buffer in
        context.parser.parse(UnsafeBufferPointer(rebasing: buffer[connection.inputStart...]))
      }
      switch outcome {
      case .incomplete:
        return
      case .invalid(let status):
        connection.dropInput()
        connection.closeAfterOutput = true
        Response.plain(status, closing: true).serialize(
          into: &connection.output, keepAlive: false, isHTTP10: false, date: currentDate())
      case .request(let head, let length):
        connection.consumeInput(length)
        connection.lastActivity = now
        connection.requestStartedAt = connection.pendingInput > 0 ? now : nil
        let response = context.responder.respond(to: head)
        let keepAlive = head.keepAlive && !response.closesConnection
        response.serialize(
          into: &connection.output, keepAlive: keepAlive, isHTTP10: head.isHTTP10,
          date: currentDate())
        if response.opensEventStream && response.sendsBody {
          connection.phase = .eventStream
          connection.dropInput()
          connection.requestStartedAt = nil
          connection.nextHeartbeat = now &+ limits.heartbeatInterval.nanoseconds
        } else if !keepAlive {
          connection.closeAfterOutput = true
        }
      }
    }
  }

  /// Sends as much pending output as the socket takes; once all is sent, answers requests that
  /// waited for room, or ends a connection that is to close.
  func flush(_ connection: Connection, now: UInt64) {
    while connection.pendingOutput > 0 {
      let sent = connection.output.withUnsafeBytes { bytes in
        send(
          connection.descriptor, bytes.baseAddress.map { $0 + connection.outputStart },
          connection.pendingOutput, Int32(MSG_NOSIGNAL))
      }
      if sent > 0 {
        connection.consumeOutput(sent)
        connection.lastActivity = now
      } else if sent < 0 && errno == EINTR {
        continue
      } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        return
      } else {
        // EPIPE, ECONNRESET: the client is gone.
        close(connection)
        return
      }
    }
    guard connection.phase == .requests else { return }
    if connection.closeAfterOutput {
      finish(connection, now: now)
      return
    }
    if connection.pendingInput > 0 {
      answerRequests(connection, now: now)
      if connection.pendingOutput > 0 || connection.closeAfterOutput {
        flush(connection, now: now)
        return
      }
    }
    // Nothing left to send, and nothing whole left to answer from a client that has closed.
    if connection.peerClosed { close(connection) }
  }

  /// Ends a connection whose last response is sent: at once if the client has closed its side,
  /// otherwise by shutting down ours and lingering until it does.
  private func finish(_ connection: Connection, now: UInt64) {
    if connection.peerClosed {
      close(connection)
      return
    }
    shutdown(connection.descriptor, Int32(SHUT_WR))
    connection.dropInput()
    connection.phase = .lingering(until: now &+ Self.lingerTime)
  }

  /// How long a closing connection's unread input is drained.
  static let lingerTime: UInt64 = 2_000_000_000
}
