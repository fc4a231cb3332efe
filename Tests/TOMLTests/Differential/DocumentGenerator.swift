/// Makes random valid TOML documents: a random tree of tables, then a random way of writing
/// each part of it (a `[header]`, dotted keys, an inline table, `[[headers]]` or a static
/// array, quoted or bare keys, any string form), with random spacing, comments and newlines.
///
/// The generator is not the oracle: tomllib is. It only has to write valid TOML, and to
/// reach every construct.
struct DocumentGenerator {
  var random: SplitMix64

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// A table and how each of its entries is written.
  struct Table {
    var entries: [(key: String, value: Value)] = []
  }

  indirect enum Value {
    case scalar(String)
    /// Elements are scalars, arrays and inline tables.
    case array([Value])
    case inline(Table)
    /// Written as dotted keys in the parent's section.
    case dotted(Table)
    /// Written under a `[header]`, left out when nothing needs it; `early` writes the
    /// table's own sub-tables before its header.
    case section(Table, headerless: Bool, early: Bool)
    case arrayOfTables([Table])
  }

  /// A whole document, in UTF-8.
  mutating func document(size: Int = 5) -> [UInt8] {
    let root = table(depth: 0, inDocument: true, size: size)
    var out = ""
    if random.chance(15) { out += comment() + "\n\n" }
    writeBody(of: root, prefix: [], indent: "", to: &out)
    writeSections(of: root, path: [], to: &out)
    if random.chance(10) && out.hasSuffix("\n") { out.removeLast() }
    switch random.int(0...9) {
    case 0, 1: out = withCRLF(out, mixed: false)
    case 2: out = withCRLF(out, mixed: true)
    default: break
    }
    return Array(out.utf8)
  }

  // MARK: - The tree

  private mutating func table(depth: Int, inDocument: Bool, size: Int) -> Table {
    var table = Table()
    var used = Set<[UInt8]>()
    let least = depth == 0 ? 1 : 0
    for _ in 0..<random.int(least...max(least, size - depth)) {
      var key = self.key()
      var tries = 0
      while used.contains(Array(key.utf8)) && tries < 5 {
        key = self.key()
        tries += 1
      }
      guard used.insert(Array(key.utf8)).inserted else { continue }
      table.entries.append((key, value(depth: depth, inDocument: inDocument, size: size)))
    }
    return table
  }

  private mutating func value(depth: Int, inDocument: Bool, size: Int) -> Value {
    guard depth < 4 else { return random.chance(80) ? .scalar(scalar()) : array(depth: depth) }
    switch random.int(0...99) {
    case 0..<45: return .scalar(scalar())
    case 45..<60: return array(depth: depth)
    case 60..<70: return .inline(table(depth: depth + 1, inDocument: false, size: size - 1))
    case 70..<80: return .dotted(table(depth: depth + 1, inDocument: inDocument, size: size))
    case _ where !inDocument: return .scalar(scalar())
    case 80..<92:
      let sub = table(depth: depth + 1, inDocument: true, size: size)
      let hasDotted = sub.entries.contains {
        if case .dotted = $0.value { return true }
        return false
      }
      return .section(sub, headerless: random.chance(30), early: !hasDotted && random.chance(25))
    default:
      let count = random.int(1...3)
      var tables: [Table] = []
      for _ in 0..<count { tables.append(table(depth: depth + 1, inDocument: true, size: size)) }
      return .arrayOfTables(tables)
    }
  }

  private mutating func array(depth: Int) -> Value {
    var elements: [Value] = []
    for _ in 0..<random.int(0...5) {
      switch random.int(0...9) {
      case 0 where depth < 5: elements.append(array(depth: depth + 1))
      case 1 where depth < 5:
        elements.append(.inline(table(depth: depth + 1, inDocument: false, size: 3)))
      default: elements.append(.scalar(scalar()))
      }
    }
    return .array(elements)
  }

  private mutating func key() -> String {
    switch random.int(0...9) {
    case 0...5:
      let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
      var key = ""
      for _ in 0..<random.int(1...8) { key.append(random.pick(alphabet)) }
      return key
    case 6:
      return random.pick([
        "true", "false", "inf", "nan", "1234", "0x1F", "-", "_", "1979-05-27", "e5", "3.14",
        "é", "e\u{301}", "", " ", "a.b", "\"", "'", "#", "=",
      ])
    default:
      return text(maxLength: 6)
    }
  }

  // MARK: - Writing

  /// Writes the key/value lines of a section: plain entries, and dotted tables as dotted keys.
  private mutating func writeBody(
    of table: Table, prefix: [String], indent: String, to out: inout String
  ) {
    for (key, value) in table.entries {
      let path = prefix + [key]
      switch value {
      case .scalar, .array, .inline:
        if random.chance(8) { out += indent + comment() + "\n" }
        if random.chance(8) { out += "\n" }
        out += indent + dottedKey(path) + random.pick([" = ", "=", " =\t", "  =  "])
        out += write(value) + endOfLine()
      case .dotted(let sub):
        writeBody(of: sub, prefix: path, indent: indent, to: &out)
      case .section, .arrayOfTables:
        continue
      }
    }
  }

  /// Writes the `[header]` and `[[header]]` sections under a table.
  private mutating func writeSections(of table: Table, path: [String], to out: inout String) {
    for (key, value) in table.entries {
      let path = path + [key]
      switch value {
      case .dotted(let sub):
        writeSections(of: sub, path: path, to: &out)
      case .section(let sub, let headerless, let early):
        if early { writeSections(of: sub, path: path, to: &out) }
        let indent = random.pick(["", "", "  ", "\t"])
        var body = ""
        writeBody(of: sub, prefix: [], indent: indent, to: &body)
        if !headerless || !body.isEmpty {
          out += "\n" + header(path, brackets: ("[", "]")) + body
        }
        if !early { writeSections(of: sub, path: path, to: &out) }
      case .arrayOfTables(let elements):
        for element in elements {
          out += "\n" + header(path, brackets: ("[[", "]]"))
          writeBody(of: element, prefix: [], indent: random.pick(["", "  "]), to: &out)
          writeSections(of: element, path: path, to: &out)
        }
      case .scalar, .array, .inline:
        continue
      }
    }
  }

  private mutating func header(_ path: [String], brackets: (String, String)) -> String {
    let space = random.chance(20) ? " " : ""
    return brackets.0 + space + dottedKey(path) + space + brackets.1 + endOfLine()
  }

  private mutating func write(_ value: Value) -> String {
    switch value {
    case .scalar(let text): return text
    case .array(let elements): return writeArray(elements)
    case .inline(let table):
      var pairs: [String] = []
      collectPairs(of: table, prefix: [], into: &pairs)
      guard !pairs.isEmpty else { return random.pick(["{}", "{ }", "{\t}"]) }
      return "{ " + pairs.joined(separator: random.pick([", ", ",", " , "])) + " }"
    case .dotted, .section, .arrayOfTables:
      return "{}"
    }
  }

  private mutating func collectPairs(of table: Table, prefix: [String], into pairs: inout [String])
  {
    for (key, value) in table.entries {
      if case .dotted(let sub) = value {
        collectPairs(of: sub, prefix: prefix + [key], into: &pairs)
      } else {
        pairs.append(dottedKey(prefix + [key]) + random.pick([" = ", "="]) + write(value))
      }
    }
  }

  private mutating func writeArray(_ elements: [Value]) -> String {
    guard !elements.isEmpty else { return random.pick(["[]", "[ ]", "[\n]", "[ # empty\n]"]) }
    let isMultiline = random.chance(30)
    var out = "["
    for (index, element) in elements.enumerated() {
      out += isMultiline ? "\n  " : (index == 0 ? random.pick(["", " "]) : " ")
      out += write(element)
      let isLast = index == elements.count - 1
      if !isLast || (isMultiline && random.chance(50)) || random.chance(10) { out += "," }
      if isMultiline && random.chance(20) { out += " " + comment() }
    }
    return out + (isMultiline ? "\n]" : random.pick(["]", " ]"]))
  }

  private mutating func dottedKey(_ path: [String]) -> String {
    var parts: [String] = []
    for part in path { parts.append(quotedKey(part)) }
    return parts.joined(separator: random.pick([".", ".", ".", " . ", "\t.", ". "]))
  }

  private mutating func quotedKey(_ key: String) -> String {
    let isBare =
      !key.isEmpty
      && key.utf8.allSatisfy { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
          || byte == 0x5F || byte == 0x2D
      }
    if isBare && random.chance(85) { return key }
    let isPlain = key.unicodeScalars.allSatisfy {
      $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F && $0 != "'")
    }
    if isPlain && random.chance(40) { return "'" + key + "'" }
    return basicString(Array(key.unicodeScalars))
  }

  private mutating func endOfLine() -> String {
    random.chance(15) ? random.pick([" ", "\t", ""]) + comment() + "\n" : "\n"
  }

  /// The text with every line feed, or some when `mixed`, turned into CR LF; multi-line
  /// strings read CR LF as a line feed, so the value does not change.
  private mutating func withCRLF(_ text: String, mixed: Bool) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar == "\n" && (!mixed || random.chance(50)) {
        out += "\r\n"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  private mutating func comment() -> String {
    "#" + random.pick(["", " "]) + random.pick(["note", "é 🎬", "\t# not a key = 1", "\"'[]{}"])
  }
}
