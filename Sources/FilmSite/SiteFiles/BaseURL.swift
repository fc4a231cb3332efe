import Foundation

/// The absolute URL a site is published at, as `--base-url` gives it.
public enum BaseURL {
  /// Checks that `text` is an absolute `http` or `https` URL with a host and
  /// no query or fragment, and returns it ending in exactly one `/`.
  /// - Throws: ``BaseURLError`` saying what is wrong.
  public static func normalized(_ text: String) throws -> String {
    let trimmed = text.trimmingSpaces()
    guard let components = URLComponents(string: trimmed),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { throw BaseURLError(url: text, reason: "not an absolute http or https URL") }
    guard let host = components.host, !host.isEmpty else {
      throw BaseURLError(url: text, reason: "it has no host")
    }
    guard components.query == nil, components.fragment == nil else {
      throw BaseURLError(url: text, reason: "it has a query or fragment")
    }
    var url = trimmed
    while url.hasSuffix("/") { url.removeLast() }
    return url + "/"
  }
}

/// A `--base-url` that cannot be the address of a site.
public struct BaseURLError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The URL as given.
  let url: String
  /// What is wrong with it.
  let reason: String

  public var description: String {
    "the base URL \"\(Escaping.terminal(url))\" cannot be used: \(reason)"
  }
}
