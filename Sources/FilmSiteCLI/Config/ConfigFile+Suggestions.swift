extension ConfigFile {
  /// The message for a key that `table` does not have, with the closest one it has.
  static func unknownKeyMessage(_ key: String, table: String) -> String {
    let place = table.isEmpty ? "" : " in [\(table)]"
    let known = knownKeys(in: table)
    guard let suggestion = closest(to: key, among: known) else {
      return "unknown key \"\(key)\"\(place) (known keys: \(known.joined(separator: ", ")))"
    }
    return "unknown key \"\(key)\"\(place) (did you mean \"\(suggestion)\"?)"
  }

  /// The keys and tables `table` may hold, in the order of ``ConfigKey/all``.
  static func knownKeys(in table: String) -> [String] {
    let prefix = table.isEmpty ? "" : table + "."
    let tables = ConfigKey.tables.filter { name in
      name.hasPrefix(prefix) && !name.dropFirst(prefix.count).contains(".")
    }.map { String($0.dropFirst(prefix.count)) }
    return ConfigKey.all.filter { $0.table == table }.map(\.name) + tables
  }

  /// The candidate `key` is most likely a slip of: the same but for case, `-`
  /// and `_`, or at most two edits away.
  static func closest(to key: String, among candidates: [String]) -> String? {
    func folded(_ text: String) -> [Character] {
      Array(text.lowercased().filter { $0 != "_" && $0 != "-" })
    }
    if let same = candidates.first(where: { folded($0) == folded(key) }) { return same }
    let scored = candidates.map { ($0, editDistance(Array(key.lowercased()), Array($0))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
    return best.0
  }

  /// The Levenshtein distance: insertions, deletions and substitutions.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, left) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, right) in b.enumerated() {
        current[j + 1] = min(
          previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
