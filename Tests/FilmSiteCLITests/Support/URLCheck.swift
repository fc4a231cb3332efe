import Foundation

/// Whether a URL from a page can run code when followed or loaded.
enum URLCheck {
  /// `data:` images cmark's safe mode lets through.
  private static let safeDataPrefixes = [
    "data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp",
  ]

  /// True for a relative URL or an `http(s)` URL: where a link may go.
  static func isHTTPOrRelative(_ value: String) -> Bool {
    guard let scheme = scheme(of: value) else { return true }
    return scheme == "http" || scheme == "https"
  }

  /// True for a relative URL, an `http(s)` URL, or a `data:` URL of a bitmap image.
  static func isSafe(_ value: String) -> Bool {
    guard let scheme = scheme(of: value) else { return true }
    switch scheme {
    case "http", "https": return true
    case "data": return safeDataPrefixes.contains { normalized(value).lowercased().hasPrefix($0) }
    default: return false
    }
  }

  /// The URL as a browser reads it: tabs and line breaks dropped anywhere, and
  /// leading controls and spaces.
  private static func normalized(_ value: String) -> String {
    var url = String(value.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
    while let first = url.unicodeScalars.first, first.value <= 0x20 {
      url.unicodeScalars.removeFirst()
    }
    return url
  }

  /// The URL's scheme, lowercased; `nil` for a relative URL.
  private static func scheme(of value: String) -> String? {
    let lowered = normalized(value).lowercased()
    guard let colon = lowered.firstIndex(of: ":") else { return nil }
    let scheme = lowered[..<colon]
    let isScheme =
      scheme.first.map { $0.isASCII && $0.isLetter } == true
      && scheme.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || "+-.".contains($0) }
    return isScheme ? String(scheme) : nil
  }
}
