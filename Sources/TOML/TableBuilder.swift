/// A table while the document is being read, with what the redefinition rules need to know:
/// how the table came to exist.
///
/// Inline tables and arrays are finished as soon as they are read, so they are stored as
/// plain ``TOMLValue``s; only tables that later lines may still extend are builders.
final class TableBuilder {
  /// How a table came to exist, which decides what may still add to it.
  enum Origin {
    /// Created on the way to a deeper `[header]`; a header of its own may still define it.
    case implicit
    /// Defined by a `[header]`, a `[[header]]`, or the document itself.
    case header
    /// Created by a dotted key such as `a.b = 1`.
    case dotted
    /// An inline table being read.
    case inline
  }

  enum Slot {
    case value(TOMLValue)
    case table(TableBuilder)
    case tables(TableArrayBuilder)
  }

  struct Entry {
    var key: String
    var keyPosition: TOMLPosition
    var valuePosition: TOMLPosition
    var slot: Slot
  }

  var origin: Origin
  var position: TOMLPosition
  /// How many tables and arrays hold this one; the document is at 0.
  let depth: Int
  private(set) var entries: [Entry] = []
  private var index: [ExactKey: Int] = [:]

  init(origin: Origin, position: TOMLPosition, depth: Int) {
    self.origin = origin
    self.position = position
    self.depth = depth
  }

  /// The index of the key's entry, if the table has the key.
  func entryIndex(_ key: String) -> Int? {
    index[ExactKey(key)]
  }

  func append(_ entry: Entry) {
    index[ExactKey(entry.key)] = entries.count
    entries.append(entry)
  }

  /// Marks the entry as defined by the header at `position` after it was created implicitly.
  func redefine(at entryIndex: Int, keyPosition: TOMLPosition, valuePosition: TOMLPosition) {
    entries[entryIndex].keyPosition = keyPosition
    entries[entryIndex].valuePosition = valuePosition
  }

  /// The finished, immutable table.
  func build() -> TOMLTable {
    let built = entries.map { entry in
      let value: TOMLValue
      switch entry.slot {
      case .value(let finished): value = finished
      case .table(let table): value = .table(table.build())
      case .tables(let array): value = .array(array.elements.map { .table($0.build()) })
      }
      return TOMLTable.Entry(
        key: entry.key, value: value, keyPosition: entry.keyPosition,
        valuePosition: entry.valuePosition)
    }
    return TOMLTable(position: position, entries: built, index: index)
  }
}

/// An array of tables made by `[[header]]`s, which later headers may still append to.
final class TableArrayBuilder {
  private(set) var elements: [TableBuilder]

  init(first: TableBuilder) {
    elements = [first]
  }

  /// The table the latest header made, which deeper headers extend.
  var last: TableBuilder {
    elements[elements.count - 1]
  }

  func append(_ table: TableBuilder) {
    elements.append(table)
  }
}
