import FilmCatalog

/// The values a film's templates (`film.md`, and `row.html` or `row.md`)
/// get, made from the film field table, ``FilmField/all``.
///
/// Each field shows under its own name as its value reads: text as it is, a
/// number in decimal, a list joined by ` · `. The exceptions are written
/// here, and so are the values made from more than one thing (`facts`,
/// `poster`). So a field added to the table is a placeholder at once, and
/// ``names`` gives the templates' schemas.
enum FilmTemplateFields {
  /// Where a placeholder's value comes from.
  private enum Source: Sendable {
    /// The field's value as it reads.
    case field(FilmField)
    /// A field of Markdown text.
    case markdown(FilmField)
    /// A value made from the film and the site's settings.
    case derived(@Sendable (Film, PageRenderer) -> TemplateValue)
  }

  /// Fields that are no placeholder of their own: `posterPath` shows as `poster`, a URL.
  private static let hidden: Set<String> = ["posterPath"]
  /// Fields of Markdown text.
  private static let markdown: Set<String> = ["overview"]

  private static let placeholders: [(name: String, source: Source)] =
    FilmField.all.filter { !hidden.contains($0.name) }.map { field in
      (field.name, markdown.contains(field.name) ? .markdown(field) : .field(field))
    } + [
      ("facts", .derived { film, _ in .text(PageRenderer.facts(film)) }),
      (
        "poster",
        .derived { film, renderer in
          .optional(film.posterURL(base: renderer.configuration.posterBaseURL))
        }
      ),
    ]

  /// Every placeholder a film gives its templates.
  static let names = placeholders.map(\.name)

  /// The values of `film` that `template` uses.
  static func values(
    of film: Film, for template: Template, renderer: PageRenderer
  ) -> TemplateContext {
    var context = TemplateContext()
    let names = template.names
    for (name, source) in placeholders where names.contains(name) {
      context[name] = value(from: source, of: film, for: template, renderer: renderer)
    }
    return context
  }

  private static func value(
    from source: Source, of film: Film, for template: Template, renderer: PageRenderer
  ) -> TemplateValue {
    switch source {
    case .field(let field):
      switch field.value(in: film) {
      case .absent: return .absent
      case .text(let text): return .text(text)
      case .integer(let number): return .text(String(number))
      case .texts(let texts): return .text(texts.joined(separator: " · "))
      }
    case .markdown(let field):
      guard case .text(let text) = field.value(in: film) else { return .absent }
      // Markdown, which cmark renders with a Markdown page; an HTML
      // template (a row) gets cmark's safe HTML for it, to insert as is.
      let markdown = PageRenderer.overviewMarkdown(text)
      guard template.language == .html else { return .text(markdown) }
      return .text(
        String(decoding: renderer.html(fromMarkdown: Array(markdown.utf8)), as: UTF8.self))
    case .derived(let make):
      return make(film, renderer)
    }
  }
}
