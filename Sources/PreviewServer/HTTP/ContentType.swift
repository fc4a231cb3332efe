/// The `Content-Type` of a served file, from its extension.
enum ContentType {
  static let html = "text/html; charset=utf-8"
  static let plainText = "text/plain; charset=utf-8"
  static let eventStream = "text/event-stream"

  private static let byExtension: [String: String] = [
    "html": html,
    "htm": html,
    "css": "text/css; charset=utf-8",
    "js": "text/javascript; charset=utf-8",
    "mjs": "text/javascript; charset=utf-8",
    "json": "application/json; charset=utf-8",
    "svg": "image/svg+xml; charset=utf-8",
    "xml": "application/xml; charset=utf-8",
    "txt": plainText,
    "png": "image/png",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "webp": "image/webp",
    "ico": "image/x-icon",
  ]

  /// The type for a file named `name`; `application/octet-stream` when the extension is unknown.
  static func forFile(named name: Substring) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
      return "application/octet-stream"
    }
    return byExtension[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
  }
}
