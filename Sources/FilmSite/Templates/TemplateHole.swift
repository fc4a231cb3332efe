/// A place in a template's output that depends on the page it is shown on,
/// named for what the page puts there.
///
/// A value that begins with a hole (``TemplateValue/hole(_:then:)``) renders
/// the page's text for it (``HoleFilling``) and then its own text. So a part
/// of a page can be rendered once, holes and all (``PrerenderedTemplate``),
/// and copied into every page that shows it with that page's text in the holes.
enum TemplateHole: Int, Sendable, CaseIterable {
  /// The relative path from the page to the site root, to put before a path
  /// from the root: `../../` on a page two folders down, empty on the root page.
  case rootPath
  /// The relative URL of the site root: `../../` on a page two folders down,
  /// `./` on the root page.
  case rootURL

  /// How a hole's text is written: as it is (`{{{name}}}`), or escaped for
  /// the template's language (`{{name}}`).
  enum Form: Int, Sendable, CaseIterable {
    case raw
    case html
    case markdown

    init(escaped: Bool, language: TemplateLanguage) {
      switch (escaped, language) {
      case (false, _): self = .raw
      case (true, .html): self = .html
      case (true, .markdown): self = .markdown
      }
    }
  }
}
