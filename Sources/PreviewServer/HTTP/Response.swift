/// A response to one request, before it is written to the connection.
struct Response: Sendable {
  var status: HTTPStatus
  /// Fields other than `Content-Length`, `Date` and `Connection`, which `serialize` adds.
  var headers: [(name: String, value: String)] = []
  var body: [UInt8] = []
  /// False for `HEAD` and `304`: the headers describe a body that is not sent.
  var sendsBody = true
  /// When set, `Content-Length` is left out and the connection stays open for server-sent
  /// events after the head.
  var opensEventStream = false
  /// When set, the connection is closed after this response whatever the client asked.
  var closesConnection = false

  /// A short plain-text response such as `404 Not Found`.
  static func plain(_ status: HTTPStatus, closing: Bool = false) -> Response {
    Response(
      status: status, headers: [("Content-Type", ContentType.plainText)],
      body: Array("\(status.rawValue) \(status.reason)\n".utf8), closesConnection: closing)
  }

  /// A `301` to `location`.
  static func redirect(to location: String) -> Response {
    Response(status: .movedPermanently, headers: [("Location", location)])
  }

  /// Appends the status line, the fields and (unless left out) the body to `output`.
  /// - Parameters:
  ///   - keepAlive: whether the connection stays open after this response.
  ///   - isHTTP10: HTTP/1.0 clients need `Connection: keep-alive` to keep it open.
  ///   - date: the `Date` field's value.
  func serialize(into output: inout [UInt8], keepAlive: Bool, isHTTP10: Bool, date: String) {
    output.reserveCapacity(output.count + 320 + (sendsBody ? body.count : 0))
    output.append(contentsOf: "HTTP/1.1 ".utf8)
    output.append(contentsOf: String(status.rawValue).utf8)
    output.append(.space)
    output.append(contentsOf: status.reason.utf8)
    output.append(contentsOf: Self.lineEnd)
    for field in headers {
      output.appendField(field.name, field.value)
    }
    if !opensEventStream && status != .notModified {
      output.appendField("Content-Length", String(body.count))
    }
    output.appendField("Date", date)
    if opensEventStream {
      // The stream lasts until either side closes it; no field describes that better.
    } else if !keepAlive {
      output.appendField("Connection", "close")
    } else if isHTTP10 {
      output.appendField("Connection", "keep-alive")
    }
    output.append(contentsOf: Self.lineEnd)
    if sendsBody { output.append(contentsOf: body) }
  }

  fileprivate static let lineEnd: [UInt8] = [.cr, .lf]
}

extension [UInt8] {
  fileprivate mutating func appendField(_ name: String, _ value: String) {
    append(contentsOf: name.utf8)
    append(contentsOf: [.colon, .space])
    append(contentsOf: value.utf8)
    append(contentsOf: Response.lineEnd)
  }
}
