import FilmCatalog
import FilmSiteSupport

/// The owner's content as the site shows it: each film's note by its place
/// in the site, every body rendered to HTML with its links resolved, the
/// pages with their routes, and the navigation.
///
/// Bodies are rendered here, in the plan, so that a link to a film or page
/// that does not exist fails the build before a file is written, naming the
/// file, line and column. The HTML is then what the pages' keys hash.
struct ContentPlan: Sendable {
  /// Each film's note, in site order; `nil` for a film without one.
  let notes: [FilmNote?]
  /// Each film's note body as HTML, in site order; `nil` when there is none.
  let noteHTML: [String?]
  /// The owner's pages, in path order, each with its body as HTML.
  let pages: [(page: ContentPage, html: String)]
  let navigation: SiteNavigation
  /// Notes named for no film of the catalog, which are left out.
  let warnings: [ContentWarning]
  /// How many film fields the notes set, over all films.
  let overrideCount: Int

  /// A plan of no content.
  static func none(filmCount: Int, hasFeed: Bool) -> ContentPlan {
    ContentPlan(
      notes: Array(repeating: nil, count: filmCount),
      noteHTML: Array(repeating: nil, count: filmCount), pages: [],
      navigation: SiteNavigation(hasFeed: hasFeed), warnings: [], overrideCount: 0)
  }

  private init(
    notes: [FilmNote?], noteHTML: [String?], pages: [(page: ContentPage, html: String)],
    navigation: SiteNavigation, warnings: [ContentWarning], overrideCount: Int
  ) {
    self.notes = notes
    self.noteHTML = noteHTML
    self.pages = pages
    self.navigation = navigation
    self.warnings = warnings
    self.overrideCount = overrideCount
  }

  /// The id segment a film's route starts with: `films/<segment>-<slug>/`.
  private static func idSegment(of route: Route) -> String? {
    guard route.components.count == 2, let folder = route.components.last else { return nil }
    return String(folder.prefix { $0 != "-" })
  }

  /// The films as the notes correct them, in the order given.
  static func corrected(_ films: [Film], by content: SiteContent) -> [Film] {
    guard !content.notes.isEmpty else { return films }
    return films.parallelMap { film in
      guard let segment = try? Film.idSegment(film.id), let note = content.notes[segment] else {
        return film
      }
      return note.applied(to: film)
    }
  }

  /// The plan of `content` for `films`, which are in site order.
  /// - Parameter navigation: The config's `nav`: paths of pages in the content folder.
  /// - Throws: ``ContentError`` for a link to a film or page that does not
  ///   exist; ``SiteError`` for a `nav` entry that names no page.
  init(
    content: SiteContent, films: [(film: Film, route: Route)], navigation: [String],
    hasFeed: Bool, markdown: MarkdownRenderer
  ) throws {
    var notes = [FilmNote?](repeating: nil, count: films.count)
    var matched: Set<String> = []
    var filmRoutes: [String: Route] = [:]
    filmRoutes.reserveCapacity(films.count)
    for (position, entry) in films.enumerated() {
      filmRoutes[entry.film.id] = entry.route
      // Every film's route begins with its id segment, so it need not be made again.
      guard let segment = Self.idSegment(of: entry.route),
        let note = content.notes[segment]
      else { continue }
      notes[position] = note
      matched.insert(segment)
    }
    warnings = content.notes.values.filter { !matched.contains($0.idSegment) }
      .sorted { $0.file.utf8.lexicographicallyPrecedes($1.file.utf8) }
      .map { ContentWarning(file: $0.file, idSegment: $0.idSegment) }
    overrideCount = notes.reduce(0) { $0 + ($1?.overrides.count ?? 0) }

    let pageRoutes = Dictionary(
      uniqueKeysWithValues: content.pages.map { ($0.path, $0.route) })
    let links = ContentLinks(films: filmRoutes, pages: pageRoutes)
    let routes = films.map(\.route)
    let written = notes
    let rendered = Array(notes.indices).parallelMap { position -> Result<String?, any Error> in
      guard let note = written[position], note.hasBody else { return .success(nil) }
      return Result {
        try links.html(
          of: note.body, file: note.file, bodyLine: note.bodyLine, at: routes[position],
          markdown: markdown)
      }
    }
    noteHTML = try rendered.map { try $0.get() }
    pages = try content.pages.map { page in
      (
        page,
        try links.html(
          of: page.body, file: page.file, bodyLine: page.bodyLine, at: page.route,
          markdown: markdown)
      )
    }
    self.notes = notes

    var navigationLinks: [SiteNavigation.Link] = []
    for path in navigation {
      guard let page = content.pages.first(where: { $0.path == path }) else {
        throw SiteError.unknownNavigationPage(path, known: content.pages.map(\.path))
      }
      navigationLinks.append(SiteNavigation.Link(title: page.title, route: page.route))
    }
    self.navigation = SiteNavigation(
      links: navigationLinks, hasTags: notes.contains { !($0?.tags.isEmpty ?? true) },
      hasFeed: hasFeed)
  }
}
