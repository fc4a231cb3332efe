import Foundation

/// Hides secrets in URLs before they are printed: query items that look like
/// keys or tokens, and passwords in the user-info part.
public enum SecretMasking {
  static let mask = "***"

  /// Query item names whose values are secrets, compared without case.
  static let secretNames: Set<String> = [
    "api_key", "apikey", "key", "token", "access_token", "auth", "authorization", "secret",
    "client_secret", "password", "passwd", "signature", "sig",
  ]

  /// `url` with secret query values and any password replaced by `***`.
  public static func masked(_ url: URL) -> String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      return url.absoluteString
    }
    if components.password != nil { components.password = mask }
    components.queryItems = components.queryItems?.map { item in
      isSecret(item.name) && item.value != nil ? URLQueryItem(name: item.name, value: mask) : item
    }
    return components.string ?? url.absoluteString
  }

  /// Whether a query item, header or setting named `name` holds a secret:
  /// a key, token or password by name (`-` counts as `_`, case aside).
  public static func isSecret(_ name: String) -> Bool {
    let lowered = name.lowercased().replacingOccurrences(of: "-", with: "_")
    return secretNames.contains(lowered)
      || ["_key", "token", "_secret", "_password"].contains { lowered.hasSuffix($0) }
  }

  /// `text` with every occurrence of each secret replaced by `***`.
  public static func redacting(_ secrets: [String], in text: String) -> String {
    secrets.filter { $0.count >= 4 }.reduce(text) { text, secret in
      text.replacingOccurrences(of: secret, with: mask)
    }
  }
}
