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

  init(
    entry: @escaping @Sendable (_ path: String, _ key: ContentHash) -> OutputManifest.Entry?,
    group:
      @escaping @Sendable (
        _ head: String, _ key: ContentHash, _ isMember: @escaping @Sendable (String) -> Bool
      ) -> [(path: String, entry: OutputManifest.Entry)]?
  ) {
    self.entry = entry
    self.group = group
  }

  /// Render every page: a build into a new folder, and the tests of rendering.
  static let none = PageReuse(entry: { _, _ in nil }, group: { _, _, _ in nil })
}
