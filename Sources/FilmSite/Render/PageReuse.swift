/// How the renderer asks whether a page need be rendered at all: the
/// manifest entry of the current site's file at a path when that file was
/// made from the same inputs (the same ``PageKeys`` key) and is still as
/// FilmSite left it; `nil` when the page must be rendered.
///
/// Files that can be reused together, such as the search index's files, are
/// asked for as a group: when the current site's file at `head` was made from
/// the inputs of `key`, the current site's files whose paths are members (the
/// head among them), if every one of them is as FilmSite left it.
struct PageReuse: Sendable {
  let entry: @Sendable (_ path: String, _ key: ContentHash) -> OutputManifest.Entry?
  let group:
    @Sendable (
      _ head: String, _ key: ContentHash, _ isMember: @escaping @Sendable (String) -> Bool
    ) -> [(path: String, entry: OutputManifest.Entry)]?

  /// The manifest entry of the current site's file at `path`, whatever it
  /// was made from; `nil` when the current site has none there.
  let current: @Sendable (_ path: String) -> OutputManifest.Entry?
  /// The bytes of the current site's file at `path`, listed with `entry`,
  /// when it is as FilmSite left it: a film page whose only changed input is
  /// its index page is made from them (``IndexPagePatch``).
  let bytes: @Sendable (_ path: String, _ entry: OutputManifest.Entry) -> [UInt8]?

  init(
    entry: @escaping @Sendable (_ path: String, _ key: ContentHash) -> OutputManifest.Entry?,
    group:
      @escaping @Sendable (
        _ head: String, _ key: ContentHash, _ isMember: @escaping @Sendable (String) -> Bool
      ) -> [(path: String, entry: OutputManifest.Entry)]?,
    current: @escaping @Sendable (_ path: String) -> OutputManifest.Entry? = { _ in nil },
    bytes:
      @escaping @Sendable (_ path: String, _ entry: OutputManifest.Entry) -> [UInt8]? = {
        _, _ in nil
      }
  ) {
    self.entry = entry
    self.group = group
    self.current = current
    self.bytes = bytes
  }

  /// The film page at `path` (whose route is `route`) made from the current
  /// site's file, when that file was made from the same inputs but for the
  /// index page that lists the film: its key is the page's `base` with the
  /// index page its ``IndexPagePatch`` shows. The new index page is put in at
  /// the patch's places; `nil` when the page must be rendered. Only a film
  /// template that shows the index page gives its pages a patch
  /// (``FilmPage/canPatch(with:)``).
  /// - Parameters:
  ///   - base: The page's ``PageKeys/filmBase(site:film:route:links:)``.
  ///   - indexPage: The number of the index page that lists the film now.
  ///   - key: The page's key, which the file is made with.
  func patchedFilmPage(
    path: String, route: Route, base: ContentHash, indexPage: Int, key: ContentHash
  ) -> OutputFile? {
    guard let entry = current(path), let patch = entry.patch, patch.page != indexPage
    else { return nil }
    // The site's index starts at the root (``SitePlan/pagination``). Were it
    // to start elsewhere, the pages' routes here would not be the ones their
    // keys were made with, and the key would not match: the page is rendered.
    let oldRoute = Pagination.route(forPage: patch.page)
    guard
      entry.key
        == PageKeys.film(
          base: base, indexPage: patch.page, indexPath: oldRoute.description,
          showsIndexPage: true),
      let file = bytes(path, entry),
      let (patched, next) = patch.applied(
        to: file,
        replacing: IndexPagePatch.Texts(page: patch.page, indexRoute: oldRoute, from: route),
        with: IndexPagePatch.Texts(
          page: indexPage, indexRoute: Pagination.route(forPage: indexPage), from: route))
    else { return nil }
    return OutputFile(path: path, bytes: patched, key: key, patch: next)
  }

  /// Render every page: a build into a new folder, and the tests of rendering.
  static let none = PageReuse(entry: { _, _ in nil }, group: { _, _, _ in nil })
}
