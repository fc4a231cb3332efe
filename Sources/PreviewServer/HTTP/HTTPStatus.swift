/// The response statuses the preview server sends.
enum HTTPStatus: Int, Sendable {
  case ok = 200
  case movedPermanently = 301
  case notModified = 304
  case badRequest = 400
  case notFound = 404
  case methodNotAllowed = 405
  case uriTooLong = 414
  case headersTooLarge = 431
  case serviceUnavailable = 503
  case versionNotSupported = 505

  var reason: String {
    switch self {
    case .ok: return "OK"
    case .movedPermanently: return "Moved Permanently"
    case .notModified: return "Not Modified"
    case .badRequest: return "Bad Request"
    case .notFound: return "Not Found"
    case .methodNotAllowed: return "Method Not Allowed"
    case .uriTooLong: return "URI Too Long"
    case .headersTooLarge: return "Request Header Fields Too Large"
    case .serviceUnavailable: return "Service Unavailable"
    case .versionNotSupported: return "HTTP Version Not Supported"
    }
  }
}
