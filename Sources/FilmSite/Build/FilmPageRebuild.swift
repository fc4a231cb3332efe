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
/// It applies too when the film template's own text is all that changed
/// besides (``FilmTemplateEdit``): every other film's page is then made
/// from the current site's with the new text put in, not rendered.
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
  /// The edit of the film template's text since the state's build, when
  /// the settings changed by that alone; `nil` when they did not change.
  let templateEdit: FilmTemplateEdit?
  /// What every film page's key starts from in this build: the state's,
  /// unless the film template changed.
  let pageSite: ContentHash
  /// This build's settings and film template, for the next state when the template changed.
  let settings: BuildSettings
  /// The films at offsets of the source's order, checked (``ShownFields``),
  /// for the pages the template edit cannot be put into; `nil` when one cannot be had.
  let filmsAt: @Sendable ([Int]) -> [Film]?
  /// How many films it checked: all of them, or a catalog file's changed few.
  var checkedCount: Int { updates.count }

  /// The rebuild of `films` (in the source's order) from `state`, or `nil`
  /// when the plan must be made: a content folder or a `nav`, other
  /// settings (but for an edit of the film template's text) or another
  /// number of films than the state's, or a changed film whose footprint
  /// changed (its title, year, names, row, or feed entry) or whose page
  /// shows other actors than its links were made for.
  /// - Parameters:
  ///   - settings: What the build is made from besides its films, and the
  ///     film template, by which an edit of its text is found (``BuildSettings``).
  ///   - sources: The hash of each film's object in its catalog file, kept for the next rebuild.
  init?(
    films: [Film], state: SiteState, settings: BuildSettings, theme: Theme,
    configuration: SiteConfiguration, content: SiteContent, sources: [ContentHash]? = nil
  ) {
    guard state.count == films.count else { return nil }
    self.init(
      checking: Array(films.enumerated()), state: state, settings: settings, theme: theme,
      configuration: configuration, content: content, sources: sources,
      filmsAt: { offsets in
        offsets.allSatisfy(films.indices.contains) ? offsets.map { films[$0] } : nil
      })
  }

  /// The rebuild from `state` of a catalog file's films, of which only those
  /// in `films` (by offset: the ones whose bytes changed, and the ones that
  /// warned, whose warnings are told again) were decoded; every other film
  /// is the one `state` has a record of. `nil` as for ``init(films:state:settings:theme:configuration:content:sources:)``.
  /// - Parameter filmsAt: The source's films at offsets, as they were given
  ///   (for the pages an edit of the film template's text cannot be put into).
  init?(
    checking films: [(offset: Int, element: Film)], state: SiteState, settings: BuildSettings,
    theme: Theme, configuration: SiteConfiguration, content: SiteContent,
    sources: [ContentHash]?,
    filmsAt: @escaping @Sendable ([Int]) -> [Film]? = { _ in nil }
  ) {
    guard content.isEmpty, configuration.navigation.isEmpty,
      sources.map({ $0.count == state.count }) ?? true,
      films.allSatisfy({ state.count > $0.offset }),
      let configuration = try? SitePlan.normalized(configuration)
    else { return nil }
    // Other settings than the state's: only an edit of the film template's text is rebuilt here.
    var templateEdit: FilmTemplateEdit?
    if state.settings != settings.all {
      guard let filmTemplate = settings.filmTemplate,
        let edit = state.filmTemplate?.edit(to: theme, otherSettings: filmTemplate.otherSettings)
      else { return nil }
      templateEdit = edit
    }
    let checked = films.parallelMap { offset, film in
      let (checked, warnings, leftOut) = ShownFields.checked(film)
      return (offset, checked, warnings, leftOut, BuildFingerprint.hash(of: checked))
    }
    let inputs = PageInputs(
      theme: theme, configuration: configuration,
      navigation: ContentPlan.none(filmCount: 0, hasFeed: configuration.baseURL != nil)
        .navigation,
      markdown: MarkdownRenderer())
    let pageSite: ContentHash
    if templateEdit == nil {
      pageSite = state.pageSite
    } else {
      guard let sites = try? BuildFingerprint.siteKeys(theme: theme, configuration: configuration)
      else { return nil }
      pageSite = PageKeys.site(sites.film, navigation: inputs.layout.navigation.hash)
    }
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
    self.templateEdit = templateEdit
    self.pageSite = pageSite
    self.settings = settings
    // Held only where they may be needed: a rebuild's films are otherwise
    // freed in the background once it is done.
    if templateEdit == nil {
      self.filmsAt = { _ in nil }
    } else {
      self.filmsAt = { offsets in filmsAt(offsets)?.map { ShownFields.checked($0).film } }
    }
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

  /// Stages the new site's files through `add`, a batch at a time, in the
  /// manifest's order: the changed films' pages rendered, every other file
  /// of `current` reused; after an edit of the film template's text, every
  /// other film's page made from the current site's file with the edit put
  /// in (``FilmTemplateEdit``), or rendered where it cannot be. `nil`, with
  /// nothing staged, when a file to reuse is not as FilmSite left it (edited
  /// or deleted by hand), the manifest lists fewer files than the state says
  /// or a line of the state is damaged, which only a plan can sort out, or
  /// when most of a sample of the film pages cannot take the template edit
  /// (``fits(_:in:skipping:)``), which a plan renders sooner.
  /// - Returns: The status of the current site's folders, looked up with its
  ///   files', for the user's files (``UserFiles/find(in:looked:)``).
  /// - Throws: What `add` throws; ``WriterError`` when a film whose page
  ///   must be rendered cannot be had again from the source.
  func stage(reusingFrom current: CurrentSite, add: ([SiteFile]) throws -> Void) throws
    -> UserFiles.FolderLook?
  {
    let manifest = current.manifest
    guard manifest.paths.count == state.files, manifest.entries.count == state.files else {
      return nil
    }
    let pages = changed.parallelMap { film in
      page(of: film.film, route: film.route, links: film.links, hash: film.hash)
    }
    // After an edit of the film template, each other film's page: its path,
    // and the keys it was made with and is made with now.
    var edited: [String: EditedPage] = [:]
    if let templateEdit {
      // An edit whose old text is on most pages more than once would have
      // every page read and then rendered: a plan renders them sooner.
      let changedOffsets = Set(changed.map(\.offset))
      guard fits(templateEdit, in: current, skipping: changedOffsets) else { return nil }
      let (oldSite, newSite) = (state.pageSite, pageSite)
      // An edit of the template's text leaves its names, so both keys
      // leave the index page out, or both have it.
      let showsIndexPage = inputs.theme.filmShowsIndexPage
      // Each name once, not once for each film that has it.
      var terms: [[SiteState.TermName]] = []
      for kind in SiteState.keptKinds {
        guard let kindTerms = state.terms(of: kind) else { return nil }
        terms.append(kindTerms)
      }
      let found = Array(0..<state.count).parallelMap { [terms] offset -> EditedPage? in
        guard !changedOffsets.contains(offset), let record = state.record(at: offset, terms: terms)
        else {
          return nil
        }
        return EditedPage(
          offset: offset, route: record.route,
          oldKey: PageKeys.film(
            site: oldSite, film: record.film, route: record.route, links: record.links,
            showsIndexPage: showsIndexPage),
          key: PageKeys.film(
            site: newSite, film: record.film, route: record.route, links: record.links,
            showsIndexPage: showsIndexPage))
      }
      edited.reserveCapacity(found.count)
      for (offset, page) in found.enumerated() where !changedOffsets.contains(offset) {
        guard let page else { return nil }
        edited[page.route.filePath] = page
      }
    }
    var rendered = Dictionary(pages.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    // In the manifest's order, each rendered page in its path's place: the
    // new manifest then needs no sort. An edited page's file is checked
    // when it is read (and rendered if it is not as FilmSite left it).
    var items: [Item] = []
    items.reserveCapacity(manifest.paths.count)
    var reused: [Int] = []
    reused.reserveCapacity(manifest.paths.count - edited.count)
    for index in manifest.paths.indices {
      let (path, entry) = (manifest.paths[index], manifest.entries[index])
      if let page = rendered.removeValue(forKey: path) {
        items.append(.file(page))
      } else if let page = edited[path] {
        items.append(.edited(page, entry))
      } else {
        reused.append(items.count)
        items.append(.file(.reused(path: path, entry: entry)))
      }
    }
    // The folders are looked at with the files, for the user's files they may hold.
    let looked = UserFiles.look(in: current, withFilesAt: reused)
    for (index, status) in zip(reused, looked.files) {
      guard let status, manifest.entries[index].describes(status) else { return nil }
    }
    let editedCount = items.count - reused.count - (pages.count - rendered.count)
    // Every other film's page is among the current site's files.
    guard editedCount == edited.count else { return nil }
    for start in stride(from: 0, to: items.count, by: Self.batchSize) {
      try add(try files(of: items[start..<min(start + Self.batchSize, items.count)], in: current))
    }
    // A page at a path the current site lacks; the manifest sorts it in.
    let added = pages.filter { rendered[$0.path] != nil }
    if !added.isEmpty { try add(added) }
    return looked.folders
  }

  /// How many files are staged at a time: the film pages among them are held in memory.
  static let batchSize = 2048

  /// How many film pages are tried before an edit of the film template is put into them all.
  static let sampleSize = 8

  /// Whether `edit` can be put into at least half of a sample of the
  /// current site's film pages (``sampleSize``, spread over the site), the
  /// changed films' (at `changedOffsets`, which are rendered) left out.
  private func fits(
    _ edit: FilmTemplateEdit, in current: CurrentSite, skipping changedOffsets: Set<Int>
  ) -> Bool {
    let sample = stride(from: 0, to: state.count, by: Swift.max(1, state.count / Self.sampleSize))
      .filter { !changedOffsets.contains($0) }.prefix(Self.sampleSize)
    let fitting = sample.filter { offset in
      guard let path = state.place(at: offset)?.route.filePath,
        let entry = current.entries[path],
        let bytes = current.bytesAsWritten(path: path, entry: entry)
      else { return false }
      return edit.applied(to: bytes, patch: entry.patch) != nil
    }
    return 2 * fitting.count >= sample.count
  }

  /// A film page made again after an edit of the film template, by the film's offset in the source.
  private struct EditedPage: Sendable {
    let offset: Int
    let route: Route
    /// The key of the page the state's template made, and of the page made now.
    let oldKey: ContentHash
    let key: ContentHash
  }

  /// A file of the new site, or a film page to make from the current site's.
  private enum Item: Sendable {
    case file(SiteFile)
    case edited(EditedPage, OutputManifest.Entry)
  }

  /// The files of `items`: each edited page made from the current site's
  /// file, and those it cannot be made from rendered, their films had again.
  private func files(of items: ArraySlice<Item>, in current: CurrentSite) throws -> [SiteFile] {
    let canPatch = FilmPage.canPatch(with: inputs)
    let made = Array(items).parallelMap { item -> SiteFile? in
      switch item {
      case .file(let file): return file
      case .edited(let page, let entry):
        let path = page.route.filePath
        // A page that could have a patch but has none (or has one it could
        // not have) is rendered: so it gets one exactly when it should.
        guard let templateEdit, entry.key == page.oldKey, (entry.patch != nil) == canPatch,
          let bytes = current.bytesAsWritten(path: path, entry: entry),
          let (edited, patch) = templateEdit.applied(to: bytes, patch: entry.patch)
        else { return nil }
        return .rendered(OutputFile(path: path, bytes: edited, key: page.key, patch: patch))
      }
    }
    // The pages an edit cannot be put into (a film whose text quotes the
    // template's, a file changed since the last build), by their place in `items`.
    let toRender = made.indices.compactMap { index -> (index: Int, page: EditedPage)? in
      guard made[index] == nil, case .edited(let page, _) = items[items.startIndex + index] else {
        return nil
      }
      return (index, page)
    }
    guard !toRender.isEmpty else { return made.compactMap { $0 } }
    let films = try filmsAgain(toRender.map(\.page), in: current)
    let rendered = Array(toRender.indices).parallelMap { index in
      let (page, film) = (toRender[index].page, films[index])
      return self.page(of: film.film, route: page.route, links: film.links, key: page.key)
    }
    var files = made
    for (item, file) in zip(toRender, rendered) { files[item.index] = file }
    return files.compactMap { $0 }
  }

  /// The films of `pages`, checked, with the links their pages were made
  /// with, had again from the source and the state.
  /// - Throws: ``WriterError`` when one is not the film the state has a
  ///   record of: the state does not describe the source's films, which the
  ///   build checked; the output folder is left as it was.
  private func filmsAgain(_ pages: [EditedPage], in current: CurrentSite) throws
    -> [(film: Film, links: FilmPageLinks)]
  {
    let films = filmsAt(pages.map(\.offset)) ?? []
    return try pages.indices.map { index in
      let page = pages[index]
      guard index < films.count, let record = state.record(at: page.offset),
        BuildFingerprint.hash(of: films[index]) == record.film
      else {
        throw WriterError.io(
          path: current.folder.path + "/" + page.route.filePath,
          operation: "render the film page again",
          message: "its film is not the one the last build recorded in "
            + current.folder.statePath + "; remove that file and build again")
      }
      return (films[index], record.links)
    }
  }

  /// The page of `film` at `route` with `links`, rendered.
  private func page(of film: Film, route: Route, links: FilmPageLinks, key: ContentHash)
    -> SiteFile
  {
    let (bytes, patch) = FilmPage(film: film, route: route).render(from: inputs, links: links)
    return .rendered(OutputFile(path: route.filePath, bytes: bytes, key: key, patch: patch))
  }

  /// A changed film's page, rendered.
  private func page(of film: Film, route: Route, links: FilmPageLinks, hash: ContentHash)
    -> SiteFile
  {
    page(
      of: film, route: route, links: links,
      key: PageKeys.film(
        site: pageSite, film: hash, route: route, links: links,
        showsIndexPage: inputs.theme.filmShowsIndexPage))
  }

  /// The state the rebuilt site leaves: this one, with the checked films'
  /// new hashes and marks, the films' source hashes when known (a line
  /// updated without them keeps none), and after an edit of the film
  /// template, this build's settings, film pages' key and template.
  func nextState(fingerprint: ContentHash) -> [UInt8] {
    state.bytes(
      fingerprint: fingerprint, updates: updates, sources: sources,
      settings: templateEdit == nil
        ? nil : settings.filmTemplate.map { (settings.all, pageSite, $0) })
  }
}
