/// One client connection, owned by one event loop thread and touched by no other.
final class Connection {
  enum Phase: Equatable {
    /// Reading requests and writing their responses, in order.
    case requests
    /// Sending server-sent events; anything the client sends is read and dropped.
    case eventStream
    /// Our side is shut down after a final response; reading the rest of what the client sent
    /// until it closes, so that unread bytes do not make the kernel reset the connection before
    /// the client has read that response.
    case lingering(until: UInt64)
  }

  let descriptor: Int32
  /// Unparsed input past which the connection is not read: room for one request head at the
  /// largest limits and a few pipelined ones.
  let inputHighWater: Int
  var phase = Phase.requests
  var input: [UInt8] = []
  /// Bytes of `input` already taken by requests.
  var inputStart = 0
  var output: [UInt8] = []
  /// Bytes of `output` already sent.
  var outputStart = 0
  /// Set by a response that ends the connection, or by the client closing its side.
  var closeAfterOutput = false
  var peerClosed = false
  var isClosed = false
  /// When the first byte of the request head not yet complete arrived.
  var requestStartedAt: UInt64?
  /// The last time the connection did something: accepted, a request answered, bytes sent.
  var lastActivity: UInt64
  var nextHeartbeat: UInt64 = .max

  var pendingInput: Int { input.count - inputStart }
  var pendingOutput: Int { output.count - outputStart }

  init(descriptor: Int32, now: UInt64, limits: PreviewServer.Limits) {
    self.descriptor = descriptor
    inputHighWater = max(64 * 1024, limits.maxRequestLineBytes + limits.maxHeaderBytes + 4096)
    lastActivity = now
  }

  /// Whether `poll` should report it readable. A connection with much unsent output, or a
  /// full buffer of pipelined requests, is not read until the client catches up.
  var wantsInput: Bool {
    switch phase {
    case .lingering, .eventStream:
      return true
    case .requests:
      return !closeAfterOutput && !peerClosed && pendingOutput < Self.outputHighWater
        && pendingInput < inputHighWater
    }
  }

  /// When the loop must look at this connection again even if `poll` reports nothing.
  func deadline(_ limits: PreviewServer.Limits) -> UInt64 {
    switch phase {
    case .lingering(let until):
      return until
    case .eventStream:
      return pendingOutput > 0
        ? min(nextHeartbeat, lastActivity &+ limits.sendTimeout.nanoseconds) : nextHeartbeat
    case .requests:
      if pendingOutput > 0 { return lastActivity &+ limits.sendTimeout.nanoseconds }
      if let requestStartedAt { return requestStartedAt &+ limits.headerTimeout.nanoseconds }
      return lastActivity &+ limits.idleTimeout.nanoseconds
    }
  }

  func consumeInput(_ count: Int) {
    inputStart += count
    if inputStart == input.count {
      input.removeAll(keepingCapacity: input.capacity <= inputHighWater)
      inputStart = 0
    } else if inputStart >= inputHighWater / 2 {
      input.removeFirst(inputStart)
      inputStart = 0
    }
  }

  func dropInput() {
    consumeInput(pendingInput)
  }

  func consumeOutput(_ count: Int) {
    outputStart += count
    if outputStart == output.count {
      output.removeAll(keepingCapacity: output.capacity <= Self.outputHighWater)
      outputStart = 0
    }
  }

  /// Unsent output past which requests wait.
  static let outputHighWater = 256 * 1024
  /// Unsent events past which an event stream's client is taken to be gone.
  static let eventStreamBacklog = 4 * 1024 * 1024
}
