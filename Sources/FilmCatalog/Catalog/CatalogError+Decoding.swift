extension CatalogError {
  /// The error for a decoder's `error`, naming the film (from 1) and its field.
  /// Syntax errors never reach here: the syntax checker has already read the data.
  init(decoding error: DecodingError, file: String) {
    self.init(file: file, reason: Self.reason(for: error))
  }

  private static func reason(for error: DecodingError) -> Reason {
    let path: [any CodingKey]
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return .notACatalog
    case .keyNotFound(let key, let context):
      path = context.codingPath + [key]
    case .valueNotFound(_, let context), .typeMismatch(_, let context),
      .dataCorrupted(let context):
      path = context.codingPath
    @unknown default:
      return .notACatalog
    }

    // The path is [index, field…] for an array and ["results", index, field…] for an envelope.
    let filmPath = path.first?.stringValue == "results" ? Array(path.dropFirst()) : path
    guard let index = filmPath.first?.intValue else { return .notACatalog }
    let film = index + 1
    let fieldPath = filmPath.dropFirst()
    let field = fieldName(fieldPath)
    guard !field.isEmpty else { return .wrongType(film: film, field: "", expected: "an object") }
    switch error {
    case .keyNotFound, .valueNotFound:
      return .missingField(film: film, field: field)
    case .typeMismatch(let type, _):
      return .wrongType(film: film, field: field, expected: expectation(for: type, at: fieldPath))
    case .dataCorrupted(let context):
      return .invalidValue(film: film, field: field, message: context.debugDescription)
    @unknown default:
      return .notACatalog
    }
  }

  /// `genres[2]` for the third genre, `title` for a top-level field.
  private static func fieldName(_ keys: ArraySlice<any CodingKey>) -> String {
    keys.reduce(into: "") { name, key in
      if let index = key.intValue {
        name += "[\(index)]"
      } else {
        name += name.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
  }

  /// What a value at `path` in a film should have been: the JSON type of the
  /// field when the path names one, else what the decoder wanted.
  private static func expectation(for type: Any.Type, at path: ArraySlice<any CodingKey>) -> String
  {
    if path.count == 1, let key = path.first?.stringValue,
      let field = FilmField.all.first(where: { $0.keys.contains(key) })
    {
      return field.type.expectation
    }
    switch type {
    case is Int.Type: return FilmField.JSONType.integer.expectation
    case is String.Type: return FilmField.JSONType.text.expectation
    case is Double.Type: return FilmField.JSONType.number.expectation
    case is [String].Type: return FilmField.JSONType.textList.expectation
    default: return "a value of type \(type)"
    }
  }
}
