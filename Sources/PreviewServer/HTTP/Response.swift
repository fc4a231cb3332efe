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
    var head = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
    for field in headers {
      head += "\(field.name): \(field.value)\r\n"
    }
    if !opensEventStream && status != .notModified {
      head += "Content-Length: \(body.count)\r\n"
    }
    head += "Date: \(date)\r\n"
    if opensEventStream {
      // The stream lasts until either side closes it; no field describes that better.
    } else if !keepAlive {
      head += "Connection: close\r\n"
    } else if isHTTP10 {
      head += "Connection: keep-alive\r\n"
    }
    head += "\r\n"
    output.append(contentsOf: head.utf8)
    if sendsBody { output.append(contentsOf: body) }
  }
}
