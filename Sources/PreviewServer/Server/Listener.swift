import Glibc

/// The listening socket: IPv4 or IPv6, non-blocking, with `SO_REUSEADDR` so that a restarted server can
/// bind while old connections are in `TIME_WAIT`.
struct Listener: Sendable {
  let descriptor: Int32
  let port: UInt16

  /// Binds `host:port` and listens.
  /// - Throws: `PreviewServerError.addressInUse` when the port is taken, `.invalidHost` when
  ///   `host` is not an IPv4 address.
  static func open(host: String, port: UInt16) throws(PreviewServerError) -> Listener {
    guard let address = SocketAddress(host: host, port: port) else { throw .invalidHost(host) }
    let descriptor = socket(
      address.family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue),
      0)
    guard descriptor >= 0 else { throw .system(operation: "socket", code: errno) }
    var one: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    if address.bind(descriptor) != 0 {
      let code = errno
      Glibc.close(descriptor)
      if code == EADDRINUSE { throw .addressInUse(host: host, port: port) }
      throw .system(operation: "bind \(address.display)", code: code)
    }
    guard listen(descriptor, SOMAXCONN) == 0 else {
      let code = errno
      Glibc.close(descriptor)
      throw .system(operation: "listen on \(address.display)", code: code)
    }
    guard let bound = SocketAddress.boundPort(of: descriptor) else {
      let code = errno
      Glibc.close(descriptor)
      throw .system(operation: "getsockname", code: code)
    }
    return Listener(descriptor: descriptor, port: bound)
  }

  enum Accepted {
    case connection(Int32)
    /// Nothing is waiting.
    case none
    /// Out of descriptors (`EMFILE`, `ENFILE`): the caller should wait before trying again.
    case exhausted
  }

  /// The next waiting connection, non-blocking, with `TCP_NODELAY` set: every response is
  /// written in one call, so Nagle's algorithm would only delay the last part.
  func accept() -> Accepted {
    while true {
      // `accept4` is a GNU extension that Swift's Glibc module leaves out.
      let connection = Glibc.accept(descriptor, nil, nil)
      if connection >= 0 {
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK)
        var one: Int32 = 1
        setsockopt(
          connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return .connection(connection)
      }
      switch errno {
      case EINTR, ECONNABORTED, EPROTO: continue
      case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .exhausted
      default: return .none
      }
    }
  }

  func close() {
    Glibc.close(descriptor)
  }
}
