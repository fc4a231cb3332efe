/// A JSON value as structured data writes it: text, integers, numbers,
/// arrays and objects whose members keep the order they were set in, so that
/// the same film always gives the same bytes (``scriptSafeJSON``).
indirect enum JSONValue: Sendable, Equatable, ExpressibleByStringLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  case string(String)
  case integer(Int)
  /// A number; one that is not finite is written as `null`, which JSON has instead.
  case number(Double)
  case array([JSONValue])
  case object(JSONObject)

  init(stringLiteral value: String) { self = .string(value) }
  init(integerLiteral value: Int) { self = .integer(value) }
  init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  init(dictionaryLiteral elements: (String, JSONValue)...) {
    var object = JSONObject()
    for (key, value) in elements { object[key] = value }
    self = .object(object)
  }
}

/// A JSON object: its members in the order they were first set.
struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
  private(set) var members: [(key: String, value: JSONValue)] = []

  init() {}

  init(dictionaryLiteral elements: (String, JSONValue)...) {
    for (key, value) in elements { self[key] = value }
  }

  /// The member named `key`. Setting a value keeps the member's place, or
  /// adds it last; setting `nil` removes it, so an unknown fact leaves no
  /// member: `movie["duration"] = film.runtime.map { … }`.
  subscript(key: String) -> JSONValue? {
    get { members.first { $0.key == key }?.value }
    set {
      let index = members.firstIndex { $0.key == key }
      switch (index, newValue) {
      case (let index?, let value?): members[index].value = value
      case (let index?, nil): members.remove(at: index)
      case (nil, let value?): members.append((key, value))
      case (nil, nil): break
      }
    }
  }

  /// Objects are equal when they have the same members in the same order.
  static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.members.count == rhs.members.count
      && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
  }
}

extension JSONValue {
  /// Text when `text` is present and not empty, otherwise `nil` (no member).
  static func text(_ text: String?) -> JSONValue? {
    guard let text, !text.isEmpty else { return nil }
    return .string(text)
  }

  /// An array of `values`, `nil` when there are none.
  static func list(_ values: [JSONValue]) -> JSONValue? {
    values.isEmpty ? nil : .array(values)
  }
}
