/// The parts of a request head that the preview server acts on.
struct RequestHead: Equatable, Sendable {
  enum Method: Equatable, Sendable {
    case get
    case head
    case other(String)
  }

  var method: Method
  /// The request target exactly as sent: visible ASCII only, not yet decoded.
  var target: String
  /// True for HTTP/1.0, false for HTTP/1.1 (and later 1.x minors).
  var isHTTP10: Bool
  /// Whether the client asked to keep the connection open, from the version and `Connection`.
  var keepAlive: Bool
  var ifNoneMatch: String?
  var ifModifiedSince: String?
  /// True when the request carries a body (`Content-Length` above 0 or `Transfer-Encoding`).
  /// No request the server answers has one, so such a connection is closed after the answer
  /// rather than framing the body.
  var hasBody: Bool
}
