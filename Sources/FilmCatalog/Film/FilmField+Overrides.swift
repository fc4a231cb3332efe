extension FilmField {
  /// What a field's value is, for readers of formats other than a catalog's
  /// JSON, such as a note's front matter that corrects a film.
  public enum ValueKind: Sendable, Equatable {
    case text
    case integer
    case number
    case texts
    case cast
    case trailer

    /// What the value should have been, as error messages say it.
    public var expectation: String {
      switch self {
      case .text: return "a string"
      case .integer: return "an integer"
      case .number: return "a number"
      case .texts: return "an array of strings"
      case .cast: return "an array of tables with a string \"name\""
      case .trailer: return "a table with strings \"site\" and \"key\""
      }
    }
  }

  /// The kind of value the field takes; `nil` for the film's id, which
  /// says which film a value is and so is never replaced.
  public var valueKind: ValueKind? {
    switch type {
    case .identifier: return nil
    case .text: return .text
    case .integer: return .integer
    case .number: return .number
    case .textList: return .texts
    case .castList: return .cast
    case .trailer: return .trailer
    }
  }

  /// Whether a film must have a value for the field (its title).
  public var isRequiredValue: Bool { isRequired }

  /// The field that one of its JSON keys names, in any of its spellings
  /// (`release_date` or `releaseDate`).
  public static func named(_ key: String) -> FilmField? {
    byKey[key]
  }

  private static let byKey: [String: FilmField] = {
    var fields: [String: FilmField] = [:]
    for field in all {
      for key in field.keys where fields[key] == nil { fields[key] = field }
    }
    return fields
  }()
}

extension Film {
  /// The film with `field` set to `value`, which is of the field's kind
  /// (``FilmField/valueKind``) or absent; the id is never changed.
  public func replacing(_ field: FilmField, with value: FieldValue) -> Film {
    guard field.valueKind != nil else { return self }
    return with { field.set(value, in: &$0) }
  }
}
