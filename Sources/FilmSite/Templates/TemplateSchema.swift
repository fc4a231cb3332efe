/// The placeholders a template may use, so that a typo in a theme is caught
/// when the theme loads rather than rendering as an empty string.
public struct TemplateSchema: Sendable, Equatable {
  /// For each name, `nil` for a single value, or the schema of each item of a list.
  public var fields: [String: TemplateSchema?]

  public init(_ fields: [String: TemplateSchema?]) {
    self.fields = fields
  }

  /// A schema of single values.
  public init(values names: [String]) {
    fields = Dictionary(uniqueKeysWithValues: names.map { ($0, nil) })
  }

  /// The names of every field, sorted, for messages and documentation.
  public var names: [String] { fields.keys.sorted() }
}
