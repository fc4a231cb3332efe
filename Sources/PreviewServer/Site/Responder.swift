/// Answers one request: routing under the base path, the event stream, folders, files,
/// conditional requests and the site's `404.html`. It knows nothing of sockets.
struct Responder: Sendable {
  let site: SiteFolder
  /// The decoded base path, with a slash at both ends.
  let basePath: String
  /// `basePath` percent-encoded, for `Location`.
  let encodedBasePath: String
  let eventsPath: String
  let snippet: ReloadSnippet?

  init(configuration: PreviewServer.Configuration) {
    site = SiteFolder(root: configuration.root, refusedNames: configuration.refusedNames)
    let trimmed = configuration.basePath.split(separator: "/").joined(separator: "/")
    basePath = trimmed.isEmpty ? "/" : "/\(trimmed)/"
    encodedBasePath = Self.percentEncode(basePath)
    eventsPath = basePath + "__filmsite/events"
    snippet = configuration.reloadSnippet.map(ReloadSnippet.init)
  }

  func respond(to request: RequestHead) -> Response {
    var response: Response
    switch request.method {
    case .get, .head:
      response = route(request)
    case .other:
      response = .plain(.methodNotAllowed)
      response.headers.append(("Allow", "GET, HEAD"))
    }
    if request.method == .head { response.sendsBody = false }
    if request.hasBody { response.closesConnection = true }
    return response
  }

  private func route(_ request: RequestHead) -> Response {
    guard let target = RequestTarget(request.target) else {
      return .plain(.badRequest, closing: true)
    }
    if target.path == eventsPath {
      return Response(
        status: .ok,
        headers: [("Content-Type", ContentType.eventStream), ("Cache-Control", "no-cache")],
        body: EventStreamMessage.opening, opensEventStream: true)
    }
    if basePath != "/" {
      if target.path == "/" || target.path + "/" == basePath {
        return .redirect(to: encodedBasePath + (target.query.map { "?" + $0 } ?? ""))
      }
      guard target.path.hasPrefix(basePath) else { return notFound() }
    }
    let segments = target.path.dropFirst(basePath.count - 1).split(separator: "/")
    switch site.lookup(segments) {
    case .file(let file):
      // `realpath` accepts `page.html/`; a file is never a folder.
      guard !target.path.hasSuffix("/") else { return notFound() }
      return respond(with: file, to: request)
    case .folder:
      guard target.path.hasSuffix("/") else {
        // One leading slash: `//films/` in a Location would name a host called "films".
        let path = "/" + target.rawPath.drop { $0 == "/" }
        return .redirect(to: path + "/" + (target.query.map { "?" + $0 } ?? ""))
      }
      guard case .file(let index) = site.lookup(segments + ["index.html"]) else {
        return notFound()
      }
      return respond(with: index, to: request)
    case .missing:
      return notFound()
    }
  }

  private func respond(with file: SiteFile, to request: RequestHead) -> Response {
    let type = ContentType.forFile(named: file.name)
    let isHTML = type == ContentType.html
    let injected = isHTML ? snippet : nil
    let tag = file.entityTag(variant: injected?.tag)
    var headers = [("ETag", tag), ("Last-Modified", HTTPDate.format(file.modifiedSeconds))]
    if isHTML { headers.append(("Cache-Control", "no-cache")) }
    if isNotModified(file, tag: tag, request: request) {
      return Response(status: .notModified, headers: headers, sendsBody: false)
    }
    headers.insert(("Content-Type", type), at: 0)
    let body = injected?.inject(into: file.bytes) ?? file.bytes
    return Response(status: .ok, headers: headers, body: body)
  }

  /// RFC 9110 section 13.2.2: `If-None-Match` decides when present (weak comparison, `*`
  /// matches any file); otherwise `If-Modified-Since` does, at one-second precision.
  private func isNotModified(_ file: SiteFile, tag: String, request: RequestHead) -> Bool {
    if let candidates = request.ifNoneMatch {
      return candidates.split(separator: ",").contains { candidate in
        let trimmed = candidate.trimmingBlanks()
        let opaque = trimmed.hasPrefix("W/") ? trimmed.dropFirst(2) : trimmed
        return opaque == "*" || opaque == tag
      }
    }
    if let since = request.ifModifiedSince.flatMap(HTTPDate.parse) {
      return file.modifiedSeconds <= since
    }
    return false
  }

  private func notFound() -> Response {
    guard case .file(let page) = site.lookup(["404.html"]) else { return .plain(.notFound) }
    return Response(
      status: .notFound,
      headers: [("Content-Type", ContentType.html), ("Cache-Control", "no-cache")],
      body: snippet?.inject(into: page.bytes) ?? page.bytes)
  }

  private static func percentEncode(_ path: String) -> String {
    var encoded = ""
    for byte in path.utf8 {
      if byte.isUnreservedOrSeparator {
        encoded.append(Character(Unicode.Scalar(byte)))
      } else {
        encoded +=
          "%" + String(byte >> 4, radix: 16, uppercase: true)
          + String(byte & 0xF, radix: 16, uppercase: true)
      }
    }
    return encoded
  }
}

extension UInt8 {
  /// Bytes a path may hold unescaped: letters, digits, `-._~`, `/` and RFC 3986's sub-delims.
  fileprivate var isUnreservedOrSeparator: Bool {
    switch self {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
    default: return Array("-._~/!$&'()*+,;=:@".utf8).contains(self)
    }
  }
}

extension Substring {
  fileprivate func trimmingBlanks() -> Substring {
    var result = drop { $0 == " " || $0 == "\t" }
    while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
    return result
  }
}
