/// Reads one request head from the start of a buffer, within the configured limits.
///
/// Lines may end in CRLF or a bare LF; empty lines before the request line are skipped. The
/// parser is strict about everything else, since a preview server has only browsers and tools
/// as clients: anything it does not understand is `400 Bad Request`.
struct RequestParser: Sendable {
  enum Outcome: Equatable {
    /// More bytes are needed.
    case incomplete
    /// A whole head, and how many bytes of the buffer it took.
    case request(RequestHead, length: Int)
    /// The bytes can never become a valid request; answer with the status and close.
    case invalid(HTTPStatus)
  }

  var limits: PreviewServer.Limits

  func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
    var start = 0
    while start < bytes.count, bytes[start] == .cr || bytes[start] == .lf {
      start += 1
      if start > limits.maxRequestLineBytes { return .invalid(.badRequest) }
    }
    guard let lineEnd = bytes.firstIndex(of: .lf, from: start) else {
      // One more byte than the limit may be the CR of the line ending.
      return bytes.count - start > limits.maxRequestLineBytes + 1
        ? .invalid(.uriTooLong) : .incomplete
    }
    let lineStop = bytes.trimmingCR(start, lineEnd)
    if lineStop - start > limits.maxRequestLineBytes { return .invalid(.uriTooLong) }
    var head: RequestHead
    switch parseRequestLine(UnsafeBufferPointer(rebasing: bytes[start..<lineStop])) {
    case .parsed(let parsed): head = parsed
    case .failed(let status): return .invalid(status)
    }

    var headers = HeaderFields()
    var cursor = lineEnd + 1
    var headerBytes = 0
    var lines = 0
    while true {
      guard let end = bytes.firstIndex(of: .lf, from: cursor) else {
        return headerBytes + bytes.count - cursor > limits.maxHeaderBytes
          ? .invalid(.headersTooLarge) : .incomplete
      }
      headerBytes += end + 1 - cursor
      if headerBytes > limits.maxHeaderBytes { return .invalid(.headersTooLarge) }
      let stop = bytes.trimmingCR(cursor, end)
      if stop == cursor {
        cursor = end + 1
        break
      }
      lines += 1
      if lines > limits.maxHeaderLines { return .invalid(.headersTooLarge) }
      guard headers.add(UnsafeBufferPointer(rebasing: bytes[cursor..<stop])) else {
        return .invalid(.badRequest)
      }
      cursor = end + 1
    }

    if !head.isHTTP10 && headers.hostCount != 1 { return .invalid(.badRequest) }
    if headers.hostCount > 1 || headers.invalidLength { return .invalid(.badRequest) }
    head.keepAlive = head.isHTTP10 ? headers.asksKeepAlive : !headers.asksClose
    head.ifNoneMatch = headers.ifNoneMatch
    head.ifModifiedSince = headers.ifModifiedSince
    head.hasBody = headers.hasBody
    return .request(head, length: cursor)
  }

  private enum RequestLine {
    case parsed(RequestHead)
    case failed(HTTPStatus)
  }

  /// `METHOD SP target SP HTTP/x.y`, with exactly one space between the three.
  private func parseRequestLine(_ line: UnsafeBufferPointer<UInt8>) -> RequestLine {
    guard let firstSpace = line.firstIndex(of: .space),
      let secondSpace = line.firstIndex(of: .space, from: firstSpace + 1),
      firstSpace > 0, secondSpace > firstSpace + 1,
      line.firstIndex(of: .space, from: secondSpace + 1) == nil
    else { return .failed(.badRequest) }
    let method = line[0..<firstSpace]
    let target = line[(firstSpace + 1)..<secondSpace]
    let version = line[(secondSpace + 1)...]
    guard method.allSatisfy(\.isTokenCharacter), target.allSatisfy(\.isVisibleASCII) else {
      return .failed(.badRequest)
    }
    let isHTTP10: Bool
    switch parseVersion(Array(version)) {
    case .some(let ten): isHTTP10 = ten
    case .none:
      return .failed(
        version.starts(with: Array("HTTP/".utf8)) ? .versionNotSupported : .badRequest)
    }
    let methodName = String(decoding: method, as: UTF8.self)
    return .parsed(
      RequestHead(
        method: methodName == "GET" ? .get : methodName == "HEAD" ? .head : .other(methodName),
        target: String(decoding: target, as: UTF8.self), isHTTP10: isHTTP10, keepAlive: false,
        hasBody: false))
  }

  /// True for HTTP/1.0, false for HTTP/1.1 and later minors, nil for anything else.
  private func parseVersion(_ version: [UInt8]) -> Bool? {
    guard version.count == 8, version.starts(with: Array("HTTP/1.".utf8)),
      let minor = version.last, minor.isDigit
    else { return nil }
    return minor == UInt8(ascii: "0")
  }
}

extension UnsafeBufferPointer<UInt8> {
  fileprivate func firstIndex(of byte: UInt8, from start: Int) -> Int? {
    var index = start
    while index < count {
      if self[index] == byte { return index }
      index += 1
    }
    return nil
  }

  /// The end of the line that stops at the LF at `end`, less a CR before it.
  fileprivate func trimmingCR(_ start: Int, _ end: Int) -> Int {
    end > start && self[end - 1] == .cr ? end - 1 : end
  }
}
