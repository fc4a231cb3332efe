/// The values one template render sees, by placeholder name.
///
/// A context holds a handful of values (a row's film fields, a page's links),
/// so they are kept as a list and found by comparing names: faster than
/// hashing each name, and small to keep for every film of a large catalog.
public struct TemplateContext: Sendable, Equatable, ExpressibleByDictionaryLiteral {
  private var entries: [(name: String, value: TemplateValue)]

  public init(_ values: [String: TemplateValue] = [:]) {
    entries = values.map { ($0.key, $0.value) }
  }

  public init(dictionaryLiteral elements: (String, TemplateValue)...) {
    entries = []
    entries.reserveCapacity(elements.count)
    for (name, value) in elements { self[name] = value }
  }

  /// Every value by name.
  public var values: [String: TemplateValue] {
    Dictionary(entries, uniquingKeysWith: { _, last in last })
  }

  public subscript(name: String) -> TemplateValue? {
    get {
      for entry in entries where entry.name == name { return entry.value }
      return nil
    }
    set {
      let index = entries.firstIndex { $0.name == name }
      switch (index, newValue) {
      case (let index?, let value?): entries[index].value = value
      case (let index?, nil): entries.remove(at: index)
      case (nil, let value?): entries.append((name, value))
      case (nil, nil): break
      }
    }
  }

  /// Sets every value of `other` over this context's.
  mutating func merge(_ other: TemplateContext) {
    for entry in other.entries { self[entry.name] = entry.value }
  }

  /// Whether any value satisfies `predicate`.
  func contains(where predicate: (TemplateValue) -> Bool) -> Bool {
    entries.contains { predicate($0.value) }
  }

  /// Contexts are equal when they have the same names with the same values, in any order.
  public static func == (lhs: TemplateContext, rhs: TemplateContext) -> Bool {
    lhs.entries.count == rhs.entries.count
      && lhs.entries.allSatisfy { rhs[$0.name] == $0.value }
  }
}
