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
  /// Where a placeholder's value comes from: plain values, so that making
  /// a film's values copies no reference.
  private enum Source {
    /// The value, as it reads, of the field at this place in ``FilmField/all``.
    case field(Int)
    /// The Markdown text of the field at this place in ``FilmField/all``.
    case markdown(Int)
    /// The year and the running time.
    case facts
    /// The poster's URL.
    case poster
  }

  /// Fields that are no placeholder of their own: `posterPath` shows as `poster`, a URL.
  private static let hiddenFields: Set<String> = ["posterPath"]
  /// Fields of Markdown text.
  private static let markdownFields: Set<String> = ["overview"]

  private static let placeholders: [(name: String, source: Source)] =
    FilmField.all.indices.compactMap { index in
      let name = FilmField.all[index].name
      guard !hiddenFields.contains(name) else { return nil }
      return (name, markdownFields.contains(name) ? .markdown(index) : .field(index))
    } + [("facts", .facts), ("poster", .poster)]

  /// Every placeholder a film gives its templates.
  static let names = placeholders.map(\.name)

  /// The values of `film` that `template` uses.
  static func values(
    of film: Film, for template: Template, contexts: PageContexts
  ) -> TemplateContext {
    var context = TemplateContext()
    let names = template.names
    let fields = FilmField.all
    for (name, source) in placeholders where names.contains(name) {
      switch source {
      case .field(let index):
        context[name] = value(fields[index].value(in: film))
      case .markdown(let index):
        context[name] = markdown(fields[index].value(in: film), for: template, contexts: contexts)
      case .facts:
        context[name] = .text(PageContexts.facts(film))
      case .poster:
        context[name] = .optional(film.posterURL(base: contexts.configuration.posterBaseURL))
      }
    }
    return context
  }

  /// A field's value as it reads: text as it is, a number in decimal, a list joined by ` · `.
  private static func value(_ value: Film.FieldValue) -> TemplateValue {
    switch value {
    case .absent: return .absent
    case .text(let text): return .text(text)
    case .integer(let number): return .text(String(number))
    case .number(let number): return .text(number.oneDecimalText)
    case .texts(let texts): return .text(texts.joined(separator: " · "))
    case .cast(let cast): return .text(cast.map(\.name).joined(separator: " · "))
    case .trailer: return .absent
    }
  }

  /// Markdown, which cmark renders with a Markdown page; an HTML template
  /// (a row) gets cmark's safe HTML for it, to insert as is.
  private static func markdown(
    _ value: Film.FieldValue, for template: Template, contexts: PageContexts
  ) -> TemplateValue {
    guard case .text(let text) = value else { return .absent }
    let markdown = PageContexts.overviewMarkdown(text)
    guard template.language == .html else { return .text(markdown) }
    return .text(
      String(decoding: contexts.html(fromMarkdown: Array(markdown.utf8)), as: UTF8.self))
  }
}
