/// One field of ``Film``: its stored property in ``Film/Fields``, its JSON
/// keys, its JSON type and what a missing value means. ``all`` is the table
/// of them.
///
/// A class, so that the many walks over the table copy a reference, not
/// the field's keys and accessors.
public final class FilmField: Sendable {
  /// The field's name: its first JSON key, which is the key written, the
  /// stored property's name and the template placeholder's.
  public let name: String
  /// Every key the field is read from, in order of preference.
  let keys: [String]
  let type: JSONType
  /// Whether a film without a value for it (missing or `null`) is an error.
  let isRequired: Bool
  /// Keys of dates whose year stands for the field when it is missing or `null`.
  let yearOfDateKeys: [String]
  /// Where the value is stored, for reading and writing it in place: every
  /// field has one while its type is one of ``Slot/Storage``.
  let slot: Slot?
  /// The stored property's key path: the reference that `slot` is tested against.
  private let keyPath: KeyPathAccess

  private init<Value: FilmFieldStorage>(
    _ property: WritableKeyPath<Film.Fields, Value> & Sendable, keys: [String], type: JSONType,
    isRequired: Bool, yearOfDateKeys: [String] = []
  ) {
    name = keys.first ?? ""
    self.keys = keys
    self.type = type
    self.isRequired = isRequired
    self.yearOfDateKeys = yearOfDateKeys
    slot = Slot(property)
    keyPath = KeyPathAccess(
      value: { $0[keyPath: property].fieldValue }, set: { $0[keyPath: property] = Value($1) })
  }

  /// What a field's JSON value is.
  enum JSONType: Sendable {
    /// A string, or an integer kept as its decimal text.
    case identifier
    case text
    /// A JSON integer that fits in `Int`, with no fraction or exponent.
    case integer
    /// Any JSON number.
    case number
    /// An array of strings.
    case textList
    /// An array of `{"name": …, "character": …}` objects; `character` may be missing.
    case castList
    /// A `{"site": …, "key": …}` object.
    case trailer

    /// What the value should have been, as error messages say it.
    var expectation: String {
      switch self {
      case .identifier: return "a string or an integer"
      case .text: return "a string"
      case .integer: return "an integer"
      case .number: return "a number"
      case .textList: return "an array of strings"
      case .castList: return "an array of objects with a string \"name\""
      case .trailer: return "an object with strings \"site\" and \"key\""
      }
    }
  }

  /// The field's value in `film`.
  public func value(in film: Film) -> Film.FieldValue {
    guard let slot else { return keyPath.value(film.fields) }
    return film.reading { slot.value(in: $0) }
  }

  /// Stores `value`, which is of the field's type or absent, in `fields`.
  func set(_ value: Film.FieldValue, in fields: inout Film.Fields) {
    guard let slot else { return keyPath.set(&fields, value) }
    slot.set(value, in: &fields)
  }

  /// ``value(in:)`` through the key path.
  func valueByKeyPath(in fields: Film.Fields) -> Film.FieldValue {
    keyPath.value(fields)
  }

  /// ``set(_:in:)`` through the key path.
  func setByKeyPath(_ value: Film.FieldValue, in fields: inout Film.Fields) {
    keyPath.set(&fields, value)
  }
}

// MARK: The kinds of entry

extension FilmField {
  /// A required string or integer, kept as text.
  static func identifier(
    _ property: WritableKeyPath<Film.Fields, String> & Sendable, keys: String...
  ) -> FilmField {
    FilmField(property, keys: keys, type: .identifier, isRequired: true)
  }

  /// A required string.
  static func requiredText(
    _ property: WritableKeyPath<Film.Fields, String> & Sendable, keys: String...
  ) -> FilmField {
    FilmField(property, keys: keys, type: .text, isRequired: true)
  }

  /// A string that may be missing or `null`.
  static func text(
    _ property: WritableKeyPath<Film.Fields, String?> & Sendable, keys: String...
  ) -> FilmField {
    FilmField(property, keys: keys, type: .text, isRequired: false)
  }

  /// An integer that may be missing or `null`; with `dateKeys`, a missing
  /// one is the year of the first non-blank date under those keys.
  static func integer(
    _ property: WritableKeyPath<Film.Fields, Int?> & Sendable, keys: String...,
    orYearOf dateKeys: String...
  ) -> FilmField {
    FilmField(property, keys: keys, type: .integer, isRequired: false, yearOfDateKeys: dateKeys)
  }

  /// A number that may be missing or `null`.
  static func number(
    _ property: WritableKeyPath<Film.Fields, Double?> & Sendable, keys: String...
  ) -> FilmField {
    FilmField(property, keys: keys, type: .number, isRequired: false)
  }

  /// An array of strings; missing or `null` is an empty list.
  static func textList(
    _ property: WritableKeyPath<Film.Fields, [String]> & Sendable, keys: String...
  ) -> FilmField {
    FilmField(property, keys: keys, type: .textList, isRequired: false)
  }

  /// An array of performers; missing or `null` is an empty list.
  static func castList(
    _ property: WritableKeyPath<Film.Fields, [Film.CastMember]> & Sendable, keys: String...
  ) -> FilmField {
    FilmField(property, keys: keys, type: .castList, isRequired: false)
  }

  /// A trailer that may be missing or `null`.
  static func trailer(
    _ property: WritableKeyPath<Film.Fields, Film.Trailer?> & Sendable, keys: String...
  ) -> FilmField {
    FilmField(property, keys: keys, type: .trailer, isRequired: false)
  }

}

// MARK: Where the value is stored

extension FilmField {
  /// Reads and writes one stored property of ``Film/Fields`` in place.
  ///
  /// A key path applied at run time copies the whole struct to read one
  /// property, so every film read, written, hashed or shown would pay that
  /// for each field. A slot reads and writes the property at its offset in
  /// the struct, which `MemoryLayout.offset(of:)` gives for the property's
  /// key path, and is a plain value, cheap to keep in tables.
  struct Slot: Sendable {
    let offset: Int
    let storage: Storage

    /// The slot of `property`, if its type is one of ``Storage``.
    init?<Value>(_ property: WritableKeyPath<Film.Fields, Value>) {
      switch Value.self {
      case is String.Type: storage = .text
      case is String?.Type: storage = .optionalText
      case is Int?.Type: storage = .optionalInteger
      case is Double?.Type: storage = .optionalNumber
      case is [String].Type: storage = .texts
      case is [Film.CastMember].Type: storage = .cast
      case is Film.Trailer?.Type: storage = .optionalTrailer
      default: return nil
      }
      guard let offset = MemoryLayout<Film.Fields>.offset(of: property) else { return nil }
      self.offset = offset
    }

    /// The Swift type the property has.
    enum Storage: Sendable {
      /// `String`
      case text
      /// `String?`
      case optionalText
      /// `Int?`
      case optionalInteger
      /// `Double?`
      case optionalNumber
      /// `[String]`
      case texts
      /// `[Film.CastMember]`
      case cast
      /// `Film.Trailer?`
      case optionalTrailer
    }

    func value(in fields: borrowing Film.Fields) -> Film.FieldValue {
      switch storage {
      case .text: return load(String.self, from: fields).fieldValue
      case .optionalText: return load(String?.self, from: fields).fieldValue
      case .optionalInteger: return load(Int?.self, from: fields).fieldValue
      case .optionalNumber: return load(Double?.self, from: fields).fieldValue
      case .texts: return load([String].self, from: fields).fieldValue
      case .cast: return load([Film.CastMember].self, from: fields).fieldValue
      case .optionalTrailer: return load(Film.Trailer?.self, from: fields).fieldValue
      }
    }

    func set(_ value: Film.FieldValue, in fields: inout Film.Fields) {
      switch storage {
      case .text: store(String(value), in: &fields)
      case .optionalText: store(String?(value), in: &fields)
      case .optionalInteger: store(Int?(value), in: &fields)
      case .optionalNumber: store(Double?(value), in: &fields)
      case .texts: store([String](value), in: &fields)
      case .cast: store([Film.CastMember](value), in: &fields)
      case .optionalTrailer: store(Film.Trailer?(value), in: &fields)
      }
    }

    private func load<Value>(_: Value.Type, from fields: borrowing Film.Fields) -> Value {
      withUnsafeBytes(of: fields) { $0.load(fromByteOffset: offset, as: Value.self) }
    }

    private func store<Value>(_ value: Value, in fields: inout Film.Fields) {
      withUnsafeMutableBytes(of: &fields) { bytes in
        guard let base = bytes.baseAddress else { return }
        (base + offset).assumingMemoryBound(to: Value.self).pointee = value
      }
    }
  }

  /// Reads and writes one stored property through its key path.
  private struct KeyPathAccess: Sendable {
    let value: @Sendable (Film.Fields) -> Film.FieldValue
    let set: @Sendable (inout Film.Fields, Film.FieldValue) -> Void
  }
}
