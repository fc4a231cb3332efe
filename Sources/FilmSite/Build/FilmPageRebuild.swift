import FilmCatalog
import FilmSiteSupport

/// A rebuild after edits that only the edited films' own pages show: an
/// overview, a runtime, a rating, a poster the rows do not show. The
/// previous build's ``SiteState`` says, for each film, what it gave the
/// rest of the site (its ``FilmFootprint``) and what its page links to
/// (``FilmPageLinks``). When every changed film has the footprint it had, the
/// order, the lists, the names, the search index and the feed are as they
/// were; when it also shows the actors its links were made for, those
/// links are too. Then the plan is not made at all: the changed films' pages
/// are rendered with the links they had, and every other page is the current
/// site's, each checked with one `stat` as a fresh plan's reuse would be.
///
/// It applies to a site without a content folder or `nav` (notes and the
/// owner's pages link films by their routes and are planned with them);
/// for anything else the build makes the whole plan.
struct FilmPageRebuild: Sendable {
  /// A film whose page is rendered again: where it is in the source's order,
  /// the film as checked, its route, its hash and its links.
  struct ChangedFilm: Sendable {
    let offset: Int
    let film: Film
    let route: Route
    let hash: ContentHash
    let links: FilmPageLinks
  }

  let state: SiteState
  let changed: [ChangedFilm]
  /// Every film the rebuild checked, with its new hash and marks (warned, left a value short), by offset.
  let updates: [SiteState.Update]
  /// The values left out of the films, as the plan would warn of them.
  let warnings: [FieldWarning]
  let inputs: PageInputs
  /// The hash of each film's bytes in the catalog file, when the films are its objects one for one.
  let sources: [ContentHash]?
  /// How many films it checked: all of them, or a catalog file's changed few.
  var checkedCount: Int { updates.count }

  /// The rebuild of `films` (in the source's order) from `state`, or `nil`
  /// when the plan must be made: a content folder or a `nav`, other
  /// settings or another number of films than the state's, or a changed
  /// film whose footprint changed (its title, year, names, row, or feed entry)
  /// or whose page shows other actors than its links were made for.
  /// - Parameters:
  ///   - settings: ``BuildFingerprint/allButFilms(theme:configuration:content:query:maxPages:)``.
  ///   - sources: The hash of each film's object in its catalog file, kept for the next rebuild.
  init?(
    films: [Film], state: SiteState, settings: ContentHash, theme: Theme,
    configuration: SiteConfiguration, content: SiteContent, sources: [ContentHash]? = nil
  ) {
    guard state.count == films.count else { return nil }
    self.init(
      checking: Array(films.enumerated()), state: state, settings: settings, theme: theme,
      configuration: configuration, content: content, sources: sources)
  }

  /// The rebuild from `state` of a catalog file's films, of which only those
  /// in `films` (by offset: the ones whose bytes changed, and the ones that
  /// warned, whose warnings are told again) were decoded; every other film
  /// is the one `state` has a record of. `nil` as for ``init(films:state:settings:theme:configuration:content:sources:)``.
  init?(
    checking films: [(offset: Int, element: Film)], state: SiteState, settings: ContentHash,
    theme: Theme, configuration: SiteConfiguration, content: SiteContent,
    sources: [ContentHash]?
  ) {
    guard content.isEmpty, configuration.navigation.isEmpty, state.settings == settings,
      sources.map({ $0.count == state.count }) ?? true,
      films.allSatisfy({ state.count > $0.offset }),
      let configuration = try? SitePlan.normalized(configuration)
    else { return nil }
    let checked = films.parallelMap { offset, film in
      let (checked, warnings, leftOut) = ShownFields.checked(film)
      return (offset, checked, warnings, leftOut, BuildFingerprint.hash(of: checked))
    }
    let inputs = PageInputs(
      theme: theme, configuration: configuration,
      navigation: ContentPlan.none(filmCount: 0, hasFeed: configuration.baseURL != nil)
        .navigation,
      markdown: MarkdownRenderer())
    var changed: [ChangedFilm] = []
    for (offset, film, _, _, hash) in checked where state.filmHash(at: offset) != hash {
      guard let route = try? film.route(foldedTitle: Slug.fold(film.title)),
        let record = state.record(at: offset),
        FilmFootprint.of(
          film, at: route, inFeed: record.inFeed, row: theme.row, contexts: inputs.contexts)
          == record.footprint,
        Self.showsTheSameActors(film, as: record.links, shown: configuration.castShown)
      else { return nil }
      changed.append(
        ChangedFilm(offset: offset, film: film, route: route, hash: hash, links: record.links))
    }
    self.state = state
    self.changed = changed
    self.updates = checked.map { offset, _, warnings, leftOut, hash in
      SiteState.Update(offset: offset, film: hash, warned: !warnings.isEmpty, leftOut: leftOut)
    }
    self.warnings = checked.flatMap(\.2)
    self.inputs = inputs
    self.sources = sources
  }

  /// Whether the film's page shows the actors, spelt the same, that `links`
  /// were made for. The footprint covers only the actors billed early enough
  /// for a page of their own; one billed later is linked to the page another
  /// film gives them, which a changed name could find or lose.
  private static func showsTheSameActors(_ film: Film, as links: FilmPageLinks, shown: Int)
    -> Bool
  {
    let names = FilmMetadata.shownActorNames(of: film.cast, shown: shown)
    return names.count == links.actors.count
      && zip(names, links.actors).allSatisfy { ScalarOrder.isSame($0, $1.name) }
  }

  /// The new site's files: the changed films' pages rendered, every other
  /// file of `current` reused; `nil` when one of those is not as FilmSite
  /// left it (edited or deleted by hand), or the manifest lists fewer files
  /// than the state says (a damaged line), which only a plan can sort out.
  func files(reusingFrom current: CurrentSite) -> [SiteFile]? {
    let pages = changed.parallelMap { film -> SiteFile in
      let key = PageKeys.film(
        site: state.pageSite, film: film.hash, route: film.route, links: film.links)
      let (bytes, patch) = FilmPage(film: film.film, route: film.route)
        .render(from: inputs, links: film.links)
      return .rendered(
        OutputFile(path: film.route.filePath, bytes: bytes, key: key, patch: patch))
    }
    let manifest = current.manifest
    guard manifest.paths.count == state.files, manifest.entries.count == state.files else {
      return nil
    }
    var rendered = Dictionary(pages.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    let found = current.statuses(of: manifest.paths)
    // In the manifest's order, each rendered page in its path's place: the
    // new manifest then needs no sort.
    var files: [SiteFile] = []
    files.reserveCapacity(manifest.paths.count + pages.count)
    for index in manifest.paths.indices {
      let (path, entry) = (manifest.paths[index], manifest.entries[index])
      if let page = rendered.removeValue(forKey: path) {
        files.append(page)
      } else if let status = found[index], entry.describes(status) {
        files.append(.reused(path: path, entry: entry))
      } else {
        return nil
      }
    }
    // A page at a path the current site lacks; the manifest sorts it in.
    files += pages.filter { rendered[$0.path] != nil }
    return files
  }

  /// The state the rebuilt site leaves: this one, with the checked films'
  /// new hashes and marks, and the films' source hashes when known (a line
  /// updated without them keeps none).
  func nextState(fingerprint: ContentHash) -> [UInt8] {
    state.bytes(fingerprint: fingerprint, updates: updates, sources: sources)
  }
}
