import Foundation
import Glibc

/// A blocking TCP client for what `curl` and Python will not send: malformed requests,
/// pipelining, half-sent heads.
final class RawClient {
  let descriptor: Int32
  private var buffer: [UInt8] = []

  /// Connects to 127.0.0.1:`port`; reads give up after `timeout` seconds.
  init(port: UInt16, timeout: Double = 5) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw TestFailure("socket: \(String(cString: strerror(errno)))") }
    var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    guard Self.connect(descriptor, port: port) == 0 else {
      let message = String(cString: strerror(errno))
      Glibc.close(descriptor)
      throw TestFailure("connect to 127.0.0.1:\(port): \(message)")
    }
  }

  deinit {
    Glibc.close(descriptor)
  }

  /// Whether something listens on 127.0.0.1:`port`.
  static func canConnect(port: UInt16) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { Glibc.close(descriptor) }
    return connect(descriptor, port: port) == 0
  }

  private static func connect(_ descriptor: Int32, port: UInt16) -> Int32 {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }

  func send(_ text: String) throws {
    try send(Array(text.utf8))
  }

  func send(_ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.send(
          descriptor, $0.baseAddress.map { $0 + sent }, bytes.count - sent, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { throw TestFailure("send: \(String(cString: strerror(errno)))") }
      sent += count
    }
  }

  /// Reads more bytes into the buffer; false at end of stream, on error or on timeout.
  private func fill() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    let count = recv(descriptor, &chunk, chunk.count, 0)
    guard count > 0 else { return false }
    buffer.append(contentsOf: chunk[0..<count])
    return true
  }

  /// Reads one response; its body by `Content-Length` unless `hasBody` is false (`HEAD`) or
  /// the status is 304.
  func readResponse(hasBody: Bool = true) throws -> RawResponse {
    let separator = Array("\r\n\r\n".utf8)
    var headEnd: Int?
    while headEnd == nil {
      if let found = buffer.firstRange(of: separator) {
        headEnd = found.upperBound
      } else if !fill() {
        throw TestFailure(
          "the connection ended or timed out before a response head; got \(String(decoding: buffer, as: UTF8.self).debugDescription)"
        )
      }
    }
    guard let headEnd else { throw TestFailure("no response head") }
    let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
    var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    let statusLine = lines.removeFirst()
    let parts = statusLine.split(separator: " ")
    guard parts.count >= 2, let status = Int(parts[1]) else {
      throw TestFailure("not a status line: \(statusLine)")
    }
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    buffer.removeFirst(headEnd)
    var body: [UInt8] = []
    if hasBody && status != 304, let length = headers["content-length"].flatMap(Int.init) {
      while buffer.count < length {
        guard fill() else {
          throw TestFailure("the body ended after \(buffer.count) of \(length) bytes")
        }
      }
      body = Array(buffer[..<length])
      buffer.removeFirst(length)
    }
    return RawResponse(status: status, headers: headers, body: body)
  }

  /// Everything until the server closes the connection or `timeout` passes.
  func readToEnd() -> [UInt8] {
    while fill() {}
    defer { buffer.removeAll() }
    return buffer
  }

  /// Reads until `marker` arrives; false on end of stream or timeout.
  func waitFor(_ marker: String) -> Bool {
    let bytes = Array(marker.utf8)
    while buffer.firstRange(of: bytes) == nil {
      guard fill() else { return false }
    }
    if let range = buffer.firstRange(of: bytes) { buffer.removeFirst(range.upperBound) }
    return true
  }

  /// Whether the server has closed the connection: a read returns end of stream before the
  /// timeout, with nothing else buffered.
  func isClosedByServer() -> Bool {
    var byte: UInt8 = 0
    return buffer.isEmpty && recv(descriptor, &byte, 1, 0) == 0
  }
}

/// A response as `RawClient` read it; header names are lowercase.
struct RawResponse {
  var status: Int
  var headers: [String: String]
  var body: [UInt8]

  var text: String { String(decoding: body, as: UTF8.self) }
}
