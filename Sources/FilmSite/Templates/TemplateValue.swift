/// A value a template placeholder can show.
enum TemplateValue: Sendable, Equatable {
  /// Text, escaped for the template's language by `{{name}}` and inserted as is by `{{{name}}}`.
  case text(String)
  /// The page's text for `hole`, then `text`, each escaped on its own by
  /// `{{name}}`: a link from the page to `text`, a path from the site root,
  /// is `.hole(.rootPath, then: text)`. It is present when either part is
  /// not empty.
  case hole(TemplateHole, then: String)
  /// Items for a `{{#name}}…{{/name}}` section, which renders once per item.
  case list([TemplateContext])
  /// A known placeholder with no value: `{{#name}}` skips, `{{^name}}` renders.
  case absent

  /// Text when `text` is present, ``absent`` otherwise.
  static func optional(_ text: String?) -> TemplateValue {
    text.map(TemplateValue.text) ?? .absent
  }
}
