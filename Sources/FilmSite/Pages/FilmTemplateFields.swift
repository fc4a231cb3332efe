import FilmCatalog

/// The values a film's templates (`film.html` or `film.md`, and `row.html`
/// or `row.md`) get, made from the film field table, ``FilmField/all``.
///
/// Each field shows under its own name as its value reads: text as it is, a
/// number in decimal, a list joined by ` · `. The exceptions are written
/// here, and so are the values made from more than one thing (`facts`,
/// `poster`, the links). So a field added to the table is a placeholder at
/// once, and ``names`` gives the templates' schemas.
enum FilmTemplateFields {
  /// Where a placeholder's value comes from: plain values, so that making
  /// a film's values copies no reference.
  private enum Source {
    /// The value, as it reads, of the field at this place in ``FilmField/all``.
    case field(Int)
    /// The Markdown text of the field at this place in ``FilmField/all``.
    case markdown(Int)
    /// The text of the field at this place, absent when blank or the title.
    case unlessTitle(Int)
    /// The year and the running time.
    case facts
    case poster, posterSrcset, posterHue
    case backdrop, backdropSrcset
    case ratingText, voteCountText
    case trailerURL, imdbURL, homepageURL
  }

  /// Fields that are no placeholder of their own: `posterPath` shows as
  /// `poster` and `backdropPath` as `backdrop`, URLs.
  private static let hiddenFields: Set<String> = ["posterPath", "backdropPath"]
  /// Fields of Markdown text.
  private static let markdownFields: Set<String> = ["overview"]
  /// Fields that are absent when they repeat the title: TMDB gives every
  /// film an original title, the same as its title for most.
  private static let unlessTitleFields: Set<String> = ["originalTitle"]

  /// The values made from more than one field, after the fields.
  private static let madeValues: [(name: String, source: Source)] = [
    ("facts", .facts), ("poster", .poster), ("posterSrcset", .posterSrcset),
    ("posterHue", .posterHue), ("backdrop", .backdrop), ("backdropSrcset", .backdropSrcset),
    ("ratingText", .ratingText), ("voteCountText", .voteCountText),
    ("trailerURL", .trailerURL), ("imdbURL", .imdbURL), ("homepageURL", .homepageURL),
  ]

  private static let placeholders: [(name: String, source: Source)] =
    FilmField.all.indices.compactMap { index in
      let name = FilmField.all[index].name
      guard !hiddenFields.contains(name) else { return nil }
      if markdownFields.contains(name) { return (name, .markdown(index)) }
      if unlessTitleFields.contains(name) { return (name, .unlessTitle(index)) }
      return (name, .field(index))
    } + madeValues

  /// Every placeholder a film gives its templates.
  static let names = placeholders.map(\.name)

  /// The values of `film` that `template` uses.
  /// - Parameter overviewHTML: The film's overview as
  ///   ``PageContexts/overviewHTML(_:)`` makes it, when the caller has it
  ///   already (a film page, whose structured data reads it too).
  static func values(
    of film: Film, for template: Template, contexts: PageContexts,
    overviewHTML: [UInt8]? = nil
  ) -> TemplateContext {
    var context = TemplateContext()
    let names = template.names
    let fields = FilmField.all
    let base = contexts.configuration.posterBaseURL
    // Made once for the two placeholders of each image.
    let poster =
      names.contains("poster") || names.contains("posterSrcset")
      ? film.posterURL(base: base).map(ResponsiveImage.poster) : nil
    let backdrop =
      names.contains("backdrop") || names.contains("backdropSrcset")
      ? film.backdropURL(base: base).map(ResponsiveImage.backdrop) : nil
    for (name, source) in placeholders where names.contains(name) {
      switch source {
      case .field(let index):
        context[name] = value(fields[index].value(in: film))
      case .markdown(let index):
        context[name] = markdown(
          fields[index].value(in: film), for: template, contexts: contexts,
          made: name == "overview" ? overviewHTML : nil)
      case .unlessTitle(let index):
        context[name] = unlessTitle(fields[index].value(in: film), of: film)
      case .facts: context[name] = .text(PageContexts.facts(film))
      case .poster: context[name] = .optional(poster?.url)
      case .posterSrcset: context[name] = .optional(poster?.srcset)
      case .posterHue: context[name] = .text(String(film.posterHue))
      case .backdrop: context[name] = .optional(backdrop?.url)
      case .backdropSrcset: context[name] = .optional(backdrop?.srcset)
      case .ratingText: context[name] = .optional(film.ratingText)
      case .voteCountText: context[name] = .optional(film.voteCountText)
      case .trailerURL: context[name] = .optional(film.trailerURL)
      case .imdbURL: context[name] = .optional(film.imdbURL)
      case .homepageURL: context[name] = .optional(film.homepageURL)
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

  /// Text that is not blank and not the film's title (spaces aside); absent otherwise.
  private static func unlessTitle(_ value: Film.FieldValue, of film: Film) -> TemplateValue {
    guard case .text(let text) = value else { return .absent }
    let trimmed = text.trimmingSpaces()
    return trimmed.isEmpty || trimmed == film.title.trimmingSpaces() ? .absent : .text(text)
  }

  /// Markdown, which cmark renders with a Markdown page; an HTML template
  /// (`film.html`, a row) gets cmark's safe HTML for it, to insert as is.
  /// `made` is that HTML when the caller made it already.
  private static func markdown(
    _ value: Film.FieldValue, for template: Template, contexts: PageContexts, made: [UInt8]?
  ) -> TemplateValue {
    guard case .text(let text) = value else { return .absent }
    guard template.language == .html else { return .text(PageContexts.overviewMarkdown(text)) }
    return .text(String(decoding: made ?? contexts.overviewHTML(text), as: UTF8.self))
  }
}
