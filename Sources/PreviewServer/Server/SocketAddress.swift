import Glibc

/// An IPv4 or IPv6 address and port to listen on.
enum SocketAddress {
  case ipv4(sockaddr_in)
  case ipv6(sockaddr_in6)

  /// The address of a numeric `host` (`localhost` is taken as `127.0.0.1`), or nil.
  init?(host: String, port: UInt16) {
    let numeric = host == "localhost" ? "127.0.0.1" : host
    var address4 = sockaddr_in()
    if inet_pton(AF_INET, numeric, &address4.sin_addr) == 1 {
      address4.sin_family = sa_family_t(AF_INET)
      address4.sin_port = port.bigEndian
      self = .ipv4(address4)
      return
    }
    var address6 = sockaddr_in6()
    let bare =
      numeric.hasPrefix("[") && numeric.hasSuffix("]")
      ? String(numeric.dropFirst().dropLast()) : numeric
    if inet_pton(AF_INET6, bare, &address6.sin6_addr) == 1 {
      address6.sin6_family = sa_family_t(AF_INET6)
      address6.sin6_port = port.bigEndian
      self = .ipv6(address6)
      return
    }
    return nil
  }

  var family: Int32 {
    switch self {
    case .ipv4: return AF_INET
    case .ipv6: return AF_INET6
    }
  }

  /// `host:port`, with brackets around an IPv6 host.
  var display: String {
    switch self {
    case .ipv4(var address):
      return
        "\(Self.text(&address.sin_addr, family: AF_INET)):\(UInt16(bigEndian: address.sin_port))"
    case .ipv6(var address):
      return
        "[\(Self.text(&address.sin6_addr, family: AF_INET6))]:\(UInt16(bigEndian: address.sin6_port))"
    }
  }

  func bind(_ descriptor: Int32) -> Int32 {
    switch self {
    case .ipv4(var address):
      return withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    case .ipv6(var address):
      return withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    }
  }

  /// The port a bound socket got, which differs from the one asked for when that was 0.
  static func boundPort(of descriptor: Int32) -> UInt16? {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let named = withUnsafeMutablePointer(to: &storage) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    guard named == 0 else { return nil }
    let family = Int32(storage.ss_family)
    return withUnsafePointer(to: &storage) { pointer in
      switch family {
      case AF_INET:
        return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
          UInt16(bigEndian: $0.pointee.sin_port)
        }
      case AF_INET6:
        return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          UInt16(bigEndian: $0.pointee.sin6_port)
        }
      default:
        return nil
      }
    }
  }

  private static func text(_ address: UnsafeRawPointer, family: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    guard inet_ntop(family, address, &buffer, socklen_t(buffer.count)) != nil else { return "?" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
