/// A value a template placeholder can show.
public enum TemplateValue: Sendable, Equatable {
  /// Text, escaped for the template's language by `{{name}}` and inserted as is by `{{{name}}}`.
  case text(String)
  /// Items for a `{{#name}}…{{/name}}` section, which renders once per item.
  case list([TemplateContext])
  /// A known placeholder with no value: `{{#name}}` skips, `{{^name}}` renders.
  case absent

  /// Text when `text` is present, ``absent`` otherwise.
  public static func optional(_ text: String?) -> TemplateValue {
    text.map(TemplateValue.text) ?? .absent
  }

  /// Whether `{{#name}}` renders: absent values, empty text and empty lists do not.
  var isPresent: Bool {
    switch self {
    case .text(let text): return !text.isEmpty
    case .list(let items): return !items.isEmpty
    case .absent: return false
    }
  }
}
