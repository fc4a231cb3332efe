import FilmCatalog
import Foundation
import TOML

/// `filmsite.toml`: settings that stand in for command-line options.
///
/// Each key is one option (``ConfigKey/all``). The file is checked whole
/// when it is read, so that a mistake is reported with its line and column
/// before anything runs; paths in it are relative to its folder.
struct ConfigFile {
  static let defaultName = "filmsite.toml"

  /// The file's path as given, which messages name.
  let path: String
  /// The folder the file's paths are relative to (`.` for the current one).
  let folder: String
  /// Each option the file sets, with its values as the command line would give them.
  private(set) var values: [String: [String]] = [:]
  private(set) var flags: Set<String> = []
  /// The options set in `[source]` and its tables, which a source on the
  /// command line replaces as a whole.
  private(set) var sourceOptions: Set<String> = []
  /// The key that set each option, and where, for the error when another sets it again.
  private var setBy: [String: (key: String, position: TOMLPosition)] = [:]

  /// Reads and checks the file at `path`.
  /// - Throws: ``ConfigError`` naming the file, and the line, column and key of a fault.
  init(path: String) throws(ConfigError) {
    guard let bytes = FileManager.default.contents(atPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw ConfigError(
        file: path, line: 0, column: 0, message: exists ? "cannot read the file" : "no such file")
    }
    try self.init(bytes: bytes, path: path)
  }

  /// Checks `bytes` as the file at `path`.
  init(bytes: Data, path: String) throws(ConfigError) {
    self.path = path
    let folder = (path as NSString).deletingLastPathComponent
    self.folder = folder.isEmpty ? "." : folder
    let document: TOMLTable
    do {
      document = try TOMLParser.parse(bytes)
    } catch {
      throw ConfigError(
        file: path, line: error.line, column: error.column,
        message: "malformed TOML: \(error.message)"
      )
    }
    var source: (name: String, position: TOMLPosition)?
    try read(document, table: "", source: &source)
  }

  /// Notes that `name` gives the films' source, unless one was given already.
  private func addSource(
    _ name: String, at position: TOMLPosition,
    to source: inout (name: String, position: TOMLPosition)?
  ) throws(ConfigError) {
    if let first = source {
      throw error(
        at: position,
        "\(name) is a second source (\(first.name) is given at \(first.position)); give one of catalog, [source.api] and [source.tmdb]"
      )
    }
    source = (name, position)
  }

  private func error(at position: TOMLPosition, _ message: String) -> ConfigError {
    ConfigError(file: path, line: position.line, column: position.column, message: message)
  }

  private mutating func read(
    _ table: TOMLTable, table name: String, source: inout (name: String, position: TOMLPosition)?
  ) throws(ConfigError) {
    for entry in table.entries {
      let keyPath = name.isEmpty ? entry.key : name + "." + entry.key
      if SecretMasking.isSecret(entry.key) {
        throw error(at: entry.keyPosition, Self.secretMessage(key: keyPath))
      }
      if ConfigKey.tables.contains(keyPath) {
        guard case .table(let inner) = entry.value else {
          throw error(
            at: entry.valuePosition,
            "key \"\(keyPath)\": expected a table, not \(Self.describe(entry.value))")
        }
        if ConfigKey.sourceTables.contains(keyPath) {
          try addSource("[\(keyPath)]", at: inner.position, to: &source)
          if keyPath == "source.tmdb" {
            flags.insert("--tmdb")
            sourceOptions.insert("--tmdb")
          }
          if keyPath == "source.api", inner["url"] == nil {
            throw error(at: inner.position, "[source.api] needs a url (the API's search URL)")
          }
        }
        try read(inner, table: keyPath, source: &source)
        continue
      }
      guard let key = ConfigKey.all.first(where: { $0.table == name && $0.name == entry.key })
      else { throw error(at: entry.keyPosition, Self.unknownKeyMessage(entry.key, table: name)) }
      if keyPath == "source.catalog" {
        try addSource("catalog", at: entry.keyPosition, to: &source)
      }
      try set(key, to: entry.value, at: entry.valuePosition)
    }
  }

  /// Records `value` for `key`'s option, checked against its kind.
  private mutating func set(_ key: ConfigKey, to value: TOMLValue, at position: TOMLPosition)
    throws(ConfigError)
  {
    func wrong(_ shown: String) -> ConfigError {
      error(at: position, "key \"\(key.path)\": expected \(key.kind.expected), not \(shown)")
    }
    var given: [String] = []
    switch (key.kind, value) {
    case (.text, .string(let text)):
      try checkForSecrets(inURL: text, key: key, at: position)
      given = [text]
    case (.path, .string(let text)):
      guard !text.isEmpty else { throw wrong("an empty string") }
      given = [text.hasPrefix("/") || folder == "." ? text : folder + "/" + text]
    case (.integer(let range), .integer(let number)):
      guard let whole = Int(exactly: number), range.contains(whole) else {
        throw wrong("\(number)")
      }
      given = [String(whole)]
    case (.flag, .boolean(let on)):
      if on { flags.insert(key.option) }
    case (.headers, .table(let headers)):
      given = try headers.entries.map { (header) throws(ConfigError) -> String in
        let headerPath = key.path + "." + header.key
        guard Self.isHeaderName(header.key) else {
          throw error(at: header.keyPosition, "key \"\(headerPath)\": not an HTTP header name")
        }
        guard !SecretMasking.isSecret(header.key) else {
          throw error(at: header.keyPosition, Self.secretMessage(key: headerPath))
        }
        guard case .string(let text) = header.value, !text.contains(where: \.isNewline) else {
          throw error(
            at: header.valuePosition,
            "key \"\(headerPath)\": expected a string on one line, not \(Self.describe(header.value))"
          )
        }
        return header.key + ": " + text
      }
    default:
      throw wrong(Self.describe(value))
    }
    if let earlier = setBy[key.option] {
      throw error(
        at: position,
        "key \"\(key.path)\": the same setting (\(key.option)) as \"\(earlier.key)\" at \(earlier.position); keep one"
      )
    }
    setBy[key.option] = (key.path, position)
    if !given.isEmpty { values[key.option] = given }
    if key.table.hasPrefix("source") { sourceOptions.insert(key.option) }
  }

  /// Refuses a URL that carries a key, token or password.
  private func checkForSecrets(inURL text: String, key: ConfigKey, at position: TOMLPosition)
    throws(ConfigError)
  {
    guard key.option == "--api" || key.option == "--base-url",
      let components = URLComponents(string: text)
    else { return }
    let secretItem = components.queryItems?.first { SecretMasking.isSecret($0.name) }
    if components.password != nil || secretItem != nil {
      throw error(at: position, Self.secretMessage(key: key.path))
    }
  }

  static func secretMessage(key: String) -> String {
    "key \"\(key)\": secrets do not belong in the config file; set TMDB_API_TOKEN (or TMDB_API_KEY) for TMDB, or FILMSITE_API_TOKEN for an API, in the environment"
  }

  /// An HTTP token: letters, digits and `!#$%&'*+-.^_`|~`.
  private static func isHeaderName(_ name: String) -> Bool {
    !name.isEmpty
      && name.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
      }
  }

  /// A value's kind with its article, as messages show it.
  static func describe(_ value: TOMLValue) -> String {
    let name = value.kindName
    return ("aeiou".contains(name.first ?? "x") ? "an " : "a ") + name
  }
}
