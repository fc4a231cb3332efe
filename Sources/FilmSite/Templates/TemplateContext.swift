/// The values one template render sees, by placeholder name.
///
/// A context holds a handful of values (a row's film fields, a page's links),
/// so they are kept as a list and found by comparing names: faster than
/// hashing each name, and small to keep for every film of a large catalog.
/// Each name is kept with a ``key(of:)`` made from its bytes, so most names
/// are told apart by comparing two integers.
struct TemplateContext: Sendable, Equatable, ExpressibleByDictionaryLiteral {
  private var entries: [(key: UInt64, name: String, value: TemplateValue)]

  init(_ values: [String: TemplateValue] = [:]) {
    entries = values.map { (Self.key(of: $0.key), $0.key, $0.value) }
  }

  init(dictionaryLiteral elements: (String, TemplateValue)...) {
    entries = []
    entries.reserveCapacity(elements.count)
    for (name, value) in elements { self[name] = value }
  }

  /// Every value by name.
  var values: [String: TemplateValue] {
    Dictionary(entries.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
  }

  /// A number from `name`'s length and first seven bytes: names of up to
  /// seven bytes have the same key only when they are equal, and longer
  /// ones are compared in full only when their keys are equal.
  static func key(of name: String) -> UInt64 {
    var key = UInt64(truncatingIfNeeded: name.utf8.count) << 56
    var shift: UInt64 = 0
    for byte in name.utf8.prefix(7) {
      key |= UInt64(byte) << shift
      shift += 8
    }
    return key
  }

  subscript(name: String) -> TemplateValue? {
    get { self[name, key: Self.key(of: name)] }
    set {
      let key = Self.key(of: name)
      let index = entries.firstIndex { $0.key == key && $0.name == name }
      switch (index, newValue) {
      case (let index?, let value?): entries[index].value = value
      case (let index?, nil): entries.remove(at: index)
      case (nil, let value?): entries.append((key, name, value))
      case (nil, nil): break
      }
    }
  }

  /// The value of `name`, whose ``key(of:)`` is `key`: templates keep the
  /// keys of their placeholders.
  subscript(name: String, key key: UInt64) -> TemplateValue? {
    for entry in entries where entry.key == key && entry.name == name { return entry.value }
    return nil
  }

  /// Sets every value of `other` over this context's.
  mutating func merge(_ other: TemplateContext) {
    for entry in other.entries { self[entry.name] = entry.value }
  }

  /// Contexts are equal when they have the same names with the same values, in any order.
  static func == (lhs: TemplateContext, rhs: TemplateContext) -> Bool {
    lhs.entries.count == rhs.entries.count
      && lhs.entries.allSatisfy { rhs[$0.name, key: $0.key] == $0.value }
  }
}
