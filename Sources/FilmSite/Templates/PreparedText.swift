/// Text with its escaped form for one ``TemplateLanguage``, made once.
///
/// A film's title is escaped for Markdown once although its row is rendered
/// on the index and on each of its genre, director and year pages.
public struct PreparedText: Sendable, Equatable {
  /// The text as it is.
  public let text: String
  private let language: TemplateLanguage
  private let escapedText: String

  /// Prepares `text` for templates written in `language`.
  public init(_ text: String, for language: TemplateLanguage) {
    self.text = text
    self.language = language
    escapedText = language.escape(text)
  }

  /// The text escaped for `language`: made ahead when it is the language prepared for.
  func escaped(for language: TemplateLanguage) -> String {
    language == self.language ? escapedText : language.escape(text)
  }
}
