/// How the renderer asks whether a page need be rendered at all: the
/// manifest entry of the current site's file at a path when that file was
/// made from the same inputs (the same ``PageKeys`` key) and is still as
/// FilmSite left it; `nil` when the page must be rendered.
///
/// Files that are made together from one key, such as the search index's
/// chunks, are asked for as a group: the current site's files under a
/// folder with that key, when every one of them is as FilmSite left it.
struct PageReuse: Sendable {
  let entry: @Sendable (_ path: String, _ key: ContentHash) -> OutputManifest.Entry?
  let group:
    @Sendable (_ folder: String, _ key: ContentHash) -> [(
      path: String, entry: OutputManifest.Entry
    )]?

  init(
    entry: @escaping @Sendable (_ path: String, _ key: ContentHash) -> OutputManifest.Entry?,
    group:
      @escaping @Sendable (_ folder: String, _ key: ContentHash) -> [(
        path: String, entry: OutputManifest.Entry
      )]?
  ) {
    self.entry = entry
    self.group = group
  }

  /// Render every page: a build into a new folder, and the tests of rendering.
  static let none = PageReuse(entry: { _, _ in nil }, group: { _, _ in nil })
}
