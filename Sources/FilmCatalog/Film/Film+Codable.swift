import FilmSiteSupport

extension Film {
  /// A JSON key of a film: one of the keys in ``FilmField/all``.
  struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Decodes the film JSON that catalogs and paged APIs use, by the rules of
  /// ``FilmField/all``: for example `id` may be an integer or a string,
  /// `posterPath` may be spelled `poster_path`, and a missing `year` is
  /// taken from `release_date` (`"1999-10-15"`). Missing and `null`
  /// optional fields decode as absent.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    var fields = Fields(id: "", title: "")
    for field in FilmField.all {
      field.set(try field.decode(from: container), in: &fields)
    }
    self.init(fields)
  }

  /// Encodes the film under each field's first key, leaving absent fields
  /// and empty lists out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    for field in FilmField.all {
      let key = Key(field.name)
      switch field.value(in: self) {
      case .absent: break
      case .text(let text): try container.encode(text, forKey: key)
      case .integer(let number): try container.encode(number, forKey: key)
      case .number(let number): try container.encode(number, forKey: key)
      case .texts(let texts): if !texts.isEmpty { try container.encode(texts, forKey: key) }
      case .cast(let cast): if !cast.isEmpty { try container.encode(cast, forKey: key) }
      case .trailer(let trailer): try container.encode(trailer, forKey: key)
      }
    }
  }
}

extension FilmField {
  /// The field's value in a film object; the first key with a value wins.
  func decode(from container: KeyedDecodingContainer<Film.Key>) throws -> Film.FieldValue {
    for key in keys.map(Film.Key.init) {
      let value = try decode(key, from: container)
      if case .absent = value { continue }
      return value
    }
    for key in yearOfDateKeys.map(Film.Key.init) {
      guard let date = try container.decodeIfPresent(String.self, forKey: key),
        !date.isBlank
      else { continue }
      guard let year = ReleaseDate.year(of: date) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: "expected a date like \"1999-10-15\"")
      }
      return .integer(year)
    }
    guard isRequired, let key = keys.first.map(Film.Key.init) else { return .absent }
    // Let the container word the error: missing or `null`.
    _ = try container.decode(String.self, forKey: key)
    return .absent
  }

  private func decode(
    _ key: Film.Key, from container: KeyedDecodingContainer<Film.Key>
  ) throws -> Film.FieldValue {
    switch type {
    case .identifier:
      if let number = try? container.decodeIfPresent(Int.self, forKey: key) {
        return .text(String(number))
      }
      if let text = try? container.decodeIfPresent(String.self, forKey: key) {
        return .text(text)
      }
      guard container.contains(key), try !container.decodeNil(forKey: key) else { return .absent }
      throw DecodingError.typeMismatch(
        String.self,
        .init(
          codingPath: container.codingPath + [key],
          debugDescription: "expected a string or an integer"))
    case .text:
      return .optional(
        try container.decodeIfPresent(String.self, forKey: key), Film.FieldValue.text)
    case .integer:
      do {
        return .optional(
          try container.decodeIfPresent(Int.self, forKey: key), Film.FieldValue.integer)
      } catch let error where !(error is DecodingError) {
        // Foundation throws an error of its own, not a DecodingError, for a
        // number that is not a whole Int (1.5, 1e30), and the decoder then
        // reports the whole document as not JSON: name the film and field.
        throw DecodingError.typeMismatch(
          Int.self,
          .init(codingPath: container.codingPath + [key], debugDescription: "expected an integer"))
      }
    case .number:
      return .optional(
        try container.decodeIfPresent(Double.self, forKey: key), Film.FieldValue.number)
    case .textList:
      return .optional(
        try container.decodeIfPresent([String].self, forKey: key), Film.FieldValue.texts)
    case .castList:
      return .optional(
        try container.decodeIfPresent([Film.CastMember].self, forKey: key), Film.FieldValue.cast)
    case .trailer:
      return .optional(
        try container.decodeIfPresent(Film.Trailer.self, forKey: key), Film.FieldValue.trailer)
    }
  }
}

extension Film.FieldValue {
  /// `make(value)`, or absent.
  fileprivate static func optional<Value>(
    _ value: Value?, _ make: (Value) -> Film.FieldValue
  ) -> Film.FieldValue {
    value.map(make) ?? .absent
  }
}
