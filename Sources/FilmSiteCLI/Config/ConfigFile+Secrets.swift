import FilmCatalog
import Foundation
import TOML

/// Secrets never live in the config file: a key or header named like one, and
/// a URL that carries one, are refused, and no message shows their values.
extension ConfigFile {
  static func secretMessage(key: String) -> String {
    "key \"\(key)\": secrets do not belong in the config file; set TMDB_API_TOKEN (or TMDB_API_KEY) for TMDB, or FILMSITE_API_TOKEN for an API, in the environment"
  }

  /// Whether a header sends credentials: the names ``SecretMasking`` masks,
  /// and the headers that carry a session or a proxy's credentials.
  static func isSecretHeader(_ name: String) -> Bool {
    SecretMasking.isSecret(name) || ["cookie", "proxy-authorization"].contains(name.lowercased())
  }

  /// Refuses a URL that carries a key, token or password.
  func checkForSecrets(inURL text: String, key: ConfigKey, at position: TOMLPosition)
    throws(ConfigError)
  {
    guard let components = URLComponents(string: text) else { return }
    let secretItem = components.queryItems?.first { SecretMasking.isSecret($0.name) }
    if components.password != nil || secretItem != nil {
      throw error(at: position, Self.secretMessage(key: key.path))
    }
  }

  /// The error for a file that is not TOML. When the faulty line assigns a
  /// key named like a secret, that key is refused instead, because the
  /// parser's message may quote the value (an unquoted token, say).
  func malformed(_ failure: TOMLError, in bytes: Data) -> ConfigError {
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if failure.line >= 1, failure.line <= lines.count,
      let key = Self.assignedKey(String(decoding: lines[failure.line - 1], as: UTF8.self)),
      SecretMasking.isSecret(key)
    {
      return ConfigError(
        file: path, line: failure.line, column: 1, message: Self.secretMessage(key: key))
    }
    return ConfigError(
      file: path, line: failure.line, column: failure.column,
      message: "malformed TOML: \(failure.message)")
  }

  /// The last part of the key a line assigns (`a.b = …` gives `b`), quotes
  /// taken off, or `nil` when the line has no `=`.
  private static func assignedKey(_ line: String) -> String? {
    guard let equals = line.firstIndex(of: "=") else { return nil }
    let key = line[..<equals].trimmingCharacters(in: .whitespaces)
    let last = key.split(separator: ".").last.map(String.init) ?? key
    return last.trimmingCharacters(in: CharacterSet(charactersIn: "\"' \t"))
  }
}
