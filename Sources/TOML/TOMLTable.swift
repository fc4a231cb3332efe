/// A TOML table: keys in the order the document first wrote them, each with its value and
/// the positions where the key and the value were written.
///
/// Keys are looked up by their exact Unicode scalars: `"é"` and `"e\u{301}"` are different
/// keys. Two tables are equal when they have the same keys with equal values, whatever their
/// order and positions.
public struct TOMLTable: Sendable {
  /// One key of a table, its value, and where they were written.
  public struct Entry: Sendable {
    /// The key, unescaped.
    public var key: String
    /// The key's value.
    public var value: TOMLValue
    /// Where the key was written. For a key inside a dotted key, such as `b` in `a.b = 1`, the
    /// position of that part; for a table defined by a `[header]`, the position of its last
    /// key part in the header; for a table created on the way to a deeper key, the first
    /// place its key was written.
    public var keyPosition: TOMLPosition
    /// Where the value starts. For a table defined by a `[header]` or an array of tables, the
    /// position of the first header's opening bracket; for a table created by a dotted key,
    /// the same as ``keyPosition``.
    public var valuePosition: TOMLPosition

    /// An entry of these parts.
    public init(
      key: String, value: TOMLValue, keyPosition: TOMLPosition, valuePosition: TOMLPosition
    ) {
      self.key = key
      self.value = value
      self.keyPosition = keyPosition
      self.valuePosition = valuePosition
    }
  }

  /// Where the table was defined: its `[header]` or `[[header]]`, the `{` of an inline table,
  /// the key that created it, or 1:1 for the document itself.
  public var position: TOMLPosition
  /// Every key, value and position, in document order.
  public private(set) var entries: [Entry]
  private var index: [ExactKey: Int]

  /// An empty table at 1:1.
  public init() {
    self.init(position: TOMLPosition(line: 1, column: 1), entries: [], index: [:])
  }

  init(position: TOMLPosition, entries: [Entry], index: [ExactKey: Int]) {
    self.position = position
    self.entries = entries
    self.index = index
  }

  /// A table of the pairs in order, all at 1:1; a repeated key keeps its last value.
  init(pairs: some Sequence<(String, TOMLValue)>) {
    self.init()
    let start = TOMLPosition(line: 1, column: 1)
    for (key, value) in pairs {
      if let existing = index[ExactKey(key)] {
        entries[existing].value = value
      } else {
        index[ExactKey(key)] = entries.count
        entries.append(
          Entry(key: key, value: value, keyPosition: start, valuePosition: start))
      }
    }
  }

  /// The keys in document order.
  public var keys: [String] { entries.map(\.key) }

  /// The number of keys.
  public var count: Int { entries.count }

  public var isEmpty: Bool { entries.isEmpty }

  /// The value of a key, or `nil` when the table does not have it.
  public subscript(key: String) -> TOMLValue? {
    entry(forKey: key)?.value
  }

  /// The key's entry with its positions, or `nil` when the table does not have the key.
  public func entry(forKey key: String) -> Entry? {
    index[ExactKey(key)].map { entries[$0] }
  }
}

extension TOMLTable: Equatable {
  public static func == (lhs: TOMLTable, rhs: TOMLTable) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return lhs.entries.allSatisfy { rhs.entry(forKey: $0.key)?.value == $0.value }
  }
}

extension TOMLTable: ExpressibleByDictionaryLiteral {
  /// A table of the pairs in order, all at 1:1; a repeated key keeps its last value.
  public init(dictionaryLiteral elements: (String, TOMLValue)...) {
    self.init(pairs: elements)
  }
}
