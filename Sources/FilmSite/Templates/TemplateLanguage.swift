/// The language a template is written in, which decides how `{{name}}` escapes a value.
enum TemplateLanguage: Sendable {
  /// Values become HTML text, safe in element content and quoted attributes.
  case html
  /// Values become literal Markdown text: no markup, links, HTML or new blocks.
  case markdown

  /// The language of a template file, by its extension: `.md` is Markdown, anything else HTML.
  init(fileName: String) {
    self = fileName.hasSuffix(".md") ? .markdown : .html
  }

  /// Returns `value` escaped for this language.
  func escape(_ value: String) -> String {
    switch self {
    case .html: return Escaping.html(value)
    case .markdown: return Escaping.markdown(value)
    }
  }

  /// Appends the UTF-8 `value` escaped for this language to `out`.
  func escape(_ value: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    switch self {
    case .html: Escaping.appendHTML(value, to: &out)
    case .markdown: Escaping.appendMarkdown(value, to: &out)
    }
  }
}
