/// The placeholders a template may use, so that a typo in a theme is caught
/// when the theme loads rather than rendering as an empty string.
struct TemplateSchema: Sendable, Equatable {
  /// For each name, `nil` for a single value, or the schema of each item of a list.
  var fields: [String: TemplateSchema?]

  init(_ fields: [String: TemplateSchema?]) {
    self.fields = fields
  }

  /// A schema of single values.
  init(values names: [String]) {
    fields = Dictionary(uniqueKeysWithValues: names.map { ($0, nil) })
  }

  /// The names of every field, sorted, for messages and documentation.
  var names: [String] { fields.keys.sorted() }
}
