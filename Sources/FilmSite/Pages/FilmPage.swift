import FilmCatalog

/// A film's detail page: the film's template (`film.html`, or `film.md`
/// rendered by cmark), inside the layout.
struct FilmPage {
  let film: Film
  let route: Route
  /// The owner's note on the film, if any, and its body as HTML for this page.
  var note: FilmNote? = nil
  var noteHTML: String? = nil

  /// Whether a film page made with `inputs` can have an ``IndexPagePatch``:
  /// its template shows the index page (one that does not has nothing to
  /// patch: ``Theme/filmShowsIndexPage``), it is HTML (a Markdown one goes
  /// through cmark), and neither it nor the layout opens a section with a
  /// name the patch places, where `{{.}}` would show the value unrecorded.
  static func canPatch(with inputs: PageInputs) -> Bool {
    let film = inputs.theme.film
    return inputs.theme.filmShowsIndexPage && film.language == .html
      && film.sectionNames.isDisjoint(with: IndexPagePatch.names)
      && !inputs.layout.template.sectionNames.contains(PageLayout.contentName)
  }

  /// The page, with the links its plan gave it (``FilmPageLinks``), and
  /// where it shows its index page (``IndexPagePatch``), when its places hold
  /// all the text that depends on that page; `nil` for a theme that could
  /// show it elsewhere.
  func render(from inputs: PageInputs, links: FilmPageLinks)
    -> (bytes: [UInt8], patch: IndexPagePatch?)
  {
    let route = self.route
    let template = inputs.theme.film
    // Made once for the template and the structured data, where either reads
    // it: the structured data reads a very long overview as its plain text.
    let overviewHTML = film.overview.flatMap { overview in
      overview.utf8.count <= PageContexts.maximumMarkdownOverview
        || (template.language == .html && template.names.contains("overview"))
        ? inputs.contexts.overviewHTML(overview) : nil
    }
    var context = inputs.contexts.filmContext(film, for: template, overviewHTML: overviewHTML)
    let texts = IndexPagePatch.Texts(
      page: links.indexPage, indexRoute: links.indexRoute, from: route)
    for value in [IndexPagePatch.Value.url, .number] {
      context[value.name] = .text(String(decoding: texts[value], as: UTF8.self))
    }
    context["genreLinks"] = Self.list(links.genres, .genres, from: route)
    context["directorURL"] = .optional(
      links.director.map { route.url(to: FilmPageLinks.route($0, .directors)) })
    context["yearURL"] = .optional(
      links.year.map { route.url(to: FilmPageLinks.route($0, .years)) })
    if let note {
      context.merge(PageContexts.noteValues(note))
      // A Markdown film page gets the note's own Markdown; an HTML one its
      // HTML, with the links to films and pages resolved.
      context["notes"] = .optional(
        template.language == .markdown ? (note.hasBody ? note.body : nil) : noteHTML)
      context["watched"] = Self.list(
        note.watched.map { ["date": .text($0.text), "dateISO": .text($0.iso)] })
      context["tagLinks"] = Self.list(links.tags, .tags, from: route)
    }
    if template.names.contains("castMembers") {
      context["castMembers"] = castMembers(shown: inputs.configuration.castShown, links: links)
    }
    let recording = Self.canPatch(with: inputs)
    var content: [UInt8] = []
    let inserted = template.render(
      context, for: HoleFilling(route: route),
      recording: recording ? IndexPagePatch.names : [], into: &content)
    if template.language == .markdown {
      content = inputs.contexts.html(fromMarkdown: content)
    }
    let (bytes, contentRanges) = inputs.layout.wrapRecordingContent(
      html: content,
      at: route,
      kind: "film",
      title: film.year.map { "\(film.title) (\($0))" } ?? film.title,
      structuredData: .film(
        film, at: route, contexts: inputs.contexts, people: links.people,
        overviewHTML: overviewHTML),
      recording: recording
    )
    guard recording else { return (bytes, nil) }
    return (
      bytes,
      IndexPagePatch(
        showing: texts, inserted: inserted, in: content, contentRanges: contentRanges, of: bytes)
    )
  }

  /// The first `shown` billed performers with a name, each with their part
  /// and, when they have a people page that lists this film, its URL.
  private func castMembers(shown: Int, links: FilmPageLinks) -> TemplateValue {
    var members: [(name: String, trimmed: String, character: String?)] = []
    for member in film.cast {
      guard members.count < shown else { break }
      let trimmed = member.name.trimmingSpaces()
      guard !trimmed.isEmpty else { continue }
      let character = member.character.flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 }
      members.append((member.name, trimmed, character))
    }
    guard !members.isEmpty else { return .list([]) }
    // The first page of each name, found by comparing: a film lists a
    // handful, fewer than would pay for hashing them into a table.
    return Self.list(
      members.map { member in
        let page = links.cast.first { $0.name == member.trimmed }
        return [
          "name": .text(member.name), "character": .optional(member.character),
          "url": .optional(page.map { route.url(to: FilmPageLinks.route($0, .cast)) }),
        ]
      })
  }

  /// The pages of `names`, of `kind`, as a list of names and their URLs from the page at `route`.
  private static func list(
    _ names: [FilmPageLinks.Name], _ kind: TaxonomyKind, from route: Route
  ) -> TemplateValue {
    list(
      names.map { name in
        ["name": .text(name.name), "url": .text(route.url(to: FilmPageLinks.route(name, kind)))]
      })
  }

  /// `items` as a list whose first item has `first` and whose last has
  /// `last`, so a template can put separators between items, or open and
  /// close an element around them, and write nothing for an empty list.
  private static func list(_ items: [TemplateContext]) -> TemplateValue {
    .list(
      items.indices.map { index in
        var item = items[index]
        item["first"] = index == items.startIndex ? .text("yes") : .absent
        item["last"] = index == items.index(before: items.endIndex) ? .text("yes") : .absent
        return item
      })
  }
}
