import FilmCatalog
import Foundation
import TOML

extension ConfigFile {
  /// Records `value` for `key`'s option, checked against its kind.
  mutating func set(_ key: ConfigKey, to value: TOMLValue, at position: TOMLPosition)
    throws(ConfigError)
  {
    func wrong(_ shown: String) -> ConfigError {
      error(at: position, "key \"\(key.path)\": expected \(key.kind.expected), not \(shown)")
    }
    var given: [String] = []
    switch (key.kind, value) {
    case (.text, .string(let text)):
      if key.name.hasSuffix("url") { try checkForSecrets(inURL: text, key: key, at: position) }
      given = [text]
    case (.url, .string(let text)):
      // The value is not shown: a URL that cannot be read may still hold a secret.
      guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
        scheme == "http" || scheme == "https", url.host?.isEmpty == false
      else {
        throw error(at: position, "key \"\(key.path)\": expected \(key.kind.expected) with a host")
      }
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
    case (.negatedFlag, .boolean(let on)):
      if !on { flags.insert(key.option) }
    case (.textList, .array(let items)):
      given = try items.map { (item) throws(ConfigError) -> String in
        guard let text = item.stringValue else {
          throw wrong("an array holding \(Self.describe(item))")
        }
        return text
      }
    case (.headers, .table(let headers)):
      given = try headers.entries.map { (header) throws(ConfigError) -> String in
        try headerLine(header, of: key)
      }
    case (.discoverFilters, .table(let filters)):
      var checked = TMDBDiscoverFilters()
      given = try filters.entries.map { (filter) throws(ConfigError) -> String in
        try discoverFilter(filter, of: key, checkedInto: &checked)
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

  /// A filter of a `discover` table, as `--discover` takes it: `name=value`.
  /// Its value may be a string or a whole number (`vote_count.gte = 100`).
  private func discoverFilter(
    _ filter: TOMLTable.Entry, of key: ConfigKey, checkedInto checked: inout TMDBDiscoverFilters
  ) throws(ConfigError) -> String {
    let filterPath = "\"" + key.path + "." + filter.key + "\""
    let value: String
    switch filter.value {
    case .string(let text): value = text
    case .integer(let number): value = String(number)
    default:
      throw error(
        at: filter.valuePosition,
        "key \(filterPath): expected a string or a whole number, not \(Self.describe(filter.value))"
      )
    }
    do {
      try checked.set(filter.key, to: value)
    } catch let problem as TMDBFilterError {
      let position = problem.problem == .unknownName ? filter.keyPosition : filter.valuePosition
      throw error(at: position, "key \(filterPath): \(problem)")
    } catch {
      throw self.error(at: filter.valuePosition, "key \(filterPath): \(error)")
    }
    return filter.key + "=" + value
  }

  /// A header of a `headers` table, as `--header` takes it: `Name: value`.
  private func headerLine(_ header: TOMLTable.Entry, of key: ConfigKey) throws(ConfigError)
    -> String
  {
    let headerPath = key.path + "." + header.key
    guard Self.isHeaderName(header.key) else {
      throw error(at: header.keyPosition, "key \"\(headerPath)\": not an HTTP header name")
    }
    guard !Self.isSecretHeader(header.key) else {
      throw error(at: header.keyPosition, Self.secretMessage(key: headerPath))
    }
    guard case .string(let text) = header.value, !text.contains(where: \.isNewline) else {
      throw error(
        at: header.valuePosition,
        "key \"\(headerPath)\": expected a string on one line, not \(Self.describe(header.value))")
    }
    return header.key + ": " + text
  }

  /// An HTTP token: letters, digits and ``!#$%&'*+-.^_`|~``.
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
