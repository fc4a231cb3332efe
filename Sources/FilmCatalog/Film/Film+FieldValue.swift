extension Film {
  /// A field's value as JSON holds it: what the readers make, and what the
  /// writers, the build fingerprint and the templates are given, whatever
  /// the field.
  public enum FieldValue: Hashable, Sendable {
    /// Missing or `null`.
    case absent
    case text(String)
    case integer(Int)
    /// Any JSON number, as a `Double`.
    case number(Double)
    /// A list of texts, which may be empty.
    case texts([String])
    /// A list of performers, which may be empty.
    case cast([CastMember])
    case trailer(Trailer)
  }
}

/// A Swift type a film field is stored as, and how it maps to a ``Film/FieldValue``.
protocol FilmFieldStorage: Sendable {
  /// The stored value for `value`, which is of this type's kind or absent.
  init(_ value: Film.FieldValue)
  var fieldValue: Film.FieldValue { get }
}

extension String: FilmFieldStorage {
  init(_ value: Film.FieldValue) {
    if case .text(let text) = value { self = text } else { self = "" }
  }

  var fieldValue: Film.FieldValue { .text(self) }
}

extension Int: FilmFieldStorage {
  init(_ value: Film.FieldValue) {
    if case .integer(let number) = value { self = number } else { self = 0 }
  }

  var fieldValue: Film.FieldValue { .integer(self) }
}

extension Double: FilmFieldStorage {
  init(_ value: Film.FieldValue) {
    if case .number(let number) = value { self = number } else { self = 0 }
  }

  var fieldValue: Film.FieldValue { .number(self) }
}

extension Film.Trailer: FilmFieldStorage {
  init(_ value: Film.FieldValue) {
    if case .trailer(let trailer) = value { self = trailer } else { self.init(site: "", key: "") }
  }

  var fieldValue: Film.FieldValue { .trailer(self) }
}

extension Optional: FilmFieldStorage where Wrapped: FilmFieldStorage {
  init(_ value: Film.FieldValue) {
    if case .absent = value { self = nil } else { self = Wrapped(value) }
  }

  var fieldValue: Film.FieldValue { self?.fieldValue ?? .absent }
}

extension Array: FilmFieldStorage where Element: FilmFieldListElement {
  init(_ value: Film.FieldValue) {
    self = Element.list(in: value) ?? []
  }

  var fieldValue: Film.FieldValue { Element.fieldValue(of: self) }
}

/// A Swift type a list field holds, and how a list of it maps to a ``Film/FieldValue``.
protocol FilmFieldListElement: Sendable {
  static func list(in value: Film.FieldValue) -> [Self]?
  static func fieldValue(of list: [Self]) -> Film.FieldValue
}

extension String: FilmFieldListElement {
  static func list(in value: Film.FieldValue) -> [String]? {
    if case .texts(let texts) = value { return texts } else { return nil }
  }

  static func fieldValue(of list: [String]) -> Film.FieldValue { .texts(list) }
}

extension Film.CastMember: FilmFieldListElement {
  static func list(in value: Film.FieldValue) -> [Film.CastMember]? {
    if case .cast(let cast) = value { return cast } else { return nil }
  }

  static func fieldValue(of list: [Film.CastMember]) -> Film.FieldValue { .cast(list) }
}
