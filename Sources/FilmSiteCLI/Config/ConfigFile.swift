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

  /// The `--config` option, which `build`, `pull` and `check` take.
  static let option = CommandLineParser.Option(
    name: "--config", valueName: "file",
    help: "Settings file (default: filmsite.toml, when the current folder has one)")

  /// The file's path as given, which messages name.
  let path: String
  /// The folder the file's paths are relative to (`.` for the current one).
  let folder: String
  /// Each option the file sets, with its values as the command line would give them.
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  /// The options set in `[source]` and its tables, which a source on the
  /// command line replaces as a whole.
  var sourceOptions: Set<String> = []
  /// The key that set each option, and where, for the error when another sets it again.
  var setBy: [String: (key: String, position: TOMLPosition)] = [:]

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
      throw malformed(error, in: bytes)
    }
    var source: (name: String, position: TOMLPosition)?
    try read(document, table: "", source: &source)
    try checkPageCapOfTMDB()
  }

  func error(at position: TOMLPosition, _ message: String) -> ConfigError {
    ConfigError(file: path, line: position.line, column: position.column, message: message)
  }

  /// Reads the entries of `table` (named `name`, `""` at the top), each a table
  /// of ``ConfigKey/tables`` or a key of ``ConfigKey/all``.
  private mutating func read(
    _ table: TOMLTable, table name: String, source: inout (name: String, position: TOMLPosition)?
  ) throws(ConfigError) {
    for entry in table.entries {
      let keyPath = name.isEmpty ? entry.key : name + "." + entry.key
      if SecretMasking.isSecret(entry.key) {
        throw error(at: entry.keyPosition, Self.secretMessage(key: keyPath))
      }
      // No key has a dot: a quoted `"source.tmdb"` is not the table `source.tmdb`.
      if !entry.key.contains("."), ConfigKey.tables.contains(keyPath) {
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

  /// `[source] max_pages` is read before the file says its source is TMDB,
  /// which serves no page past 500.
  private func checkPageCapOfTMDB() throws(ConfigError) {
    guard flags.contains("--tmdb"), let cap = setBy["--max-pages"], cap.key == "source.max_pages",
      let pages = values["--max-pages"]?.first.flatMap({ Int($0) }),
      !OptionRanges.tmdbMaxPages.contains(pages)
    else { return }
    throw error(
      at: cap.position,
      "key \"source.max_pages\": expected an integer from 1 to \(OptionRanges.tmdbMaxPages.upperBound) with [source.tmdb], not \(pages)"
    )
  }
}
