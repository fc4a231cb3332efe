import Glibc

/// Why a preview server could not start.
public enum PreviewServerError: Error, Equatable, CustomStringConvertible {
  /// Another program (or another server in this one) listens on the address.
  case addressInUse(host: String, port: UInt16)
  /// The host is not a numeric IPv4 or IPv6 address.
  case invalidHost(String)
  /// `start()` was called on a server that is running.
  case alreadyRunning
  /// A system call failed; `operation` names it and `code` is its `errno`.
  case system(operation: String, code: Int32)

  public var description: String {
    switch self {
    case .addressInUse(let host, let port):
      return
        "\(PreviewServer.displayHost(host)):\(port) is in use: another server listens there; choose another port"
    case .invalidHost(let host):
      return "cannot listen on \"\(host)\": give an address such as 127.0.0.1 or ::1"
    case .alreadyRunning:
      return "the preview server is already running"
    case .system(let operation, let code):
      return "\(operation) failed: \(String(cString: strerror(code)))"
    }
  }
}
