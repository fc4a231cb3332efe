/// The redefinition rules of TOML: what a key/value pair, a `[table]` header or a
/// `[[array of tables]]` header may add to the tables already read.
///
/// - A key is defined once; a key/value pair never replaces anything.
/// - A `[header]` defines its table once. It may define a table that an earlier, deeper
///   header created on its way, but not one made by dotted keys, an inline table, or an
///   array of tables.
/// - Dotted keys may go into tables made by dotted keys, or created on the way to a deeper
///   header, but not into tables defined by a header, inline tables, or arrays.
/// - `[[header]]` appends only to arrays made by `[[header]]`s, never to a static array.
extension TableBuilder {
  /// Adds `key = value`, written in this table's section, creating the tables of a dotted key.
  func insert(_ value: TOMLValue, at key: [KeyPart], valuePosition: TOMLPosition)
    throws(TOMLError)
  {
    guard let last = key.last, let start = key.first?.position else { return }
    var table = self
    for (count, part) in key.dropLast().enumerated() {
      let path = Array(key.prefix(count + 1))
      guard let found = table.entryIndex(part.text) else {
        let child = try table.makeChild(.dotted, for: part, valuePosition: part.position)
        table = child
        continue
      }
      switch table.entries[found].slot {
      case .table(let child) where child.origin == .implicit || child.origin == .dotted:
        child.origin = .dotted
        table = child
      case .table:
        throw TOMLError(at: start, "table \(path.quotedForMessage) is already defined by a header")
      case .tables:
        throw TOMLError(
          at: start, "\(path.quotedForMessage) is already defined as an array of tables")
      case .value(let existing):
        throw TOMLError(at: start, Self.cannotExtend(existing, path))
      }
    }
    guard table.entryIndex(last.text) == nil else {
      throw TOMLError(at: start, "duplicate key \(key.quotedForMessage)")
    }
    table.append(
      Entry(
        key: last.text, keyPosition: last.position, valuePosition: valuePosition,
        slot: .value(value)))
  }

  /// Reads `[key]` in the document's table: defines the table and returns it.
  func defineTable(_ key: [KeyPart], header: TOMLPosition) throws(TOMLError) -> TableBuilder {
    let (parent, last) = try parentForHeader(key, header: header)
    guard let found = parent.entryIndex(last.text) else {
      return try parent.makeChild(.header, for: last, valuePosition: header)
    }
    switch parent.entries[found].slot {
    case .table(let table) where table.origin == .implicit:
      table.origin = .header
      table.position = header
      parent.redefine(at: found, keyPosition: last.position, valuePosition: header)
      return table
    case .table(let table) where table.origin == .dotted:
      throw TOMLError(
        at: header, "table \(key.quotedForMessage) is already defined by dotted keys")
    case .table:
      throw TOMLError(at: header, "table \(key.quotedForMessage) is already defined")
    case .tables:
      throw TOMLError(
        at: header, "\(key.quotedForMessage) is already defined as an array of tables")
    case .value(let existing):
      throw TOMLError(at: header, Self.cannotExtend(existing, key))
    }
  }

  /// Reads `[[key]]` in the document's table: appends a table to the array and returns it.
  func appendTable(_ key: [KeyPart], header: TOMLPosition) throws(TOMLError) -> TableBuilder {
    let (parent, last) = try parentForHeader(key, header: header)
    let element = TableBuilder(origin: .header, position: header, depth: parent.depth + 2)
    try Self.checkDepth(element.depth, at: header)
    guard let found = parent.entryIndex(last.text) else {
      parent.append(
        Entry(
          key: last.text, keyPosition: last.position, valuePosition: header,
          slot: .tables(TableArrayBuilder(first: element))))
      return element
    }
    switch parent.entries[found].slot {
    case .tables(let array):
      array.append(element)
      return element
    case .table:
      throw TOMLError(at: header, "\(key.quotedForMessage) is already defined as a table")
    case .value(.array):
      throw TOMLError(at: header, "cannot append to static array \(key.quotedForMessage)")
    case .value(let existing):
      throw TOMLError(at: header, Self.cannotExtend(existing, key))
    }
  }

  /// Follows a header's key up to its last part, creating implicit tables and going into the
  /// latest table of an array of tables.
  private func parentForHeader(_ key: [KeyPart], header: TOMLPosition)
    throws(TOMLError) -> (TableBuilder, KeyPart)
  {
    guard let last = key.last else { return (self, KeyPart(text: "", position: header)) }
    var table = self
    for (count, part) in key.dropLast().enumerated() {
      guard let found = table.entryIndex(part.text) else {
        table = try table.makeChild(.implicit, for: part, valuePosition: part.position)
        continue
      }
      switch table.entries[found].slot {
      case .table(let child): table = child
      case .tables(let array): table = array.last
      case .value(let existing):
        throw TOMLError(at: header, Self.cannotExtend(existing, Array(key.prefix(count + 1))))
      }
    }
    return (table, last)
  }

  private func makeChild(_ origin: Origin, for part: KeyPart, valuePosition: TOMLPosition)
    throws(TOMLError) -> TableBuilder
  {
    let child = TableBuilder(
      origin: origin, position: valuePosition, depth: depth + 1)
    try Self.checkDepth(child.depth, at: part.position)
    append(
      Entry(
        key: part.text, keyPosition: part.position, valuePosition: valuePosition,
        slot: .table(child)))
    return child
  }

  static func checkDepth(_ depth: Int, at position: TOMLPosition) throws(TOMLError) {
    guard depth <= TOMLParser.maximumDepth else {
      throw TOMLError(at: position, "nesting deeper than \(TOMLParser.maximumDepth) levels")
    }
  }

  private static func cannotExtend(_ existing: TOMLValue, _ key: [KeyPart]) -> String {
    switch existing {
    case .table: return "inline table \(key.quotedForMessage) cannot be extended"
    case .integer, .array, .offsetDateTime:
      return "\(key.quotedForMessage) is already defined as an \(existing.kindName)"
    default: return "\(key.quotedForMessage) is already defined as a \(existing.kindName)"
    }
  }
}
