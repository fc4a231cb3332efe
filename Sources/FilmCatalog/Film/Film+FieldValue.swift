extension Film {
  /// A field's value as JSON holds it: what the readers make, and what the
  /// writers, the build fingerprint and the templates are given, whatever
  /// the field.
  public enum FieldValue: Hashable, Sendable {
    /// Missing or `null`.
    case absent
    case text(String)
    case integer(Int)
    /// A list of texts, which may be empty.
    case texts([String])
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

extension Optional: FilmFieldStorage where Wrapped: FilmFieldStorage {
  init(_ value: Film.FieldValue) {
    if case .absent = value { self = nil } else { self = Wrapped(value) }
  }

  var fieldValue: Film.FieldValue { self?.fieldValue ?? .absent }
}

extension Array: FilmFieldStorage where Element == String {
  init(_ value: Film.FieldValue) {
    if case .texts(let texts) = value { self = texts } else { self = [] }
  }

  var fieldValue: Film.FieldValue { .texts(self) }
}
