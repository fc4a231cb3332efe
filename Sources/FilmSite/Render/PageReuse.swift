/// How the renderer asks whether a page need be rendered at all: the
/// manifest entry of the current site's file at a path when that file was
/// made from the same inputs (the same ``PageKeys`` key) and is still as
/// FilmSite left it; `nil` when the page must be rendered.
struct PageReuse: Sendable {
  let entry: @Sendable (_ path: String, _ key: ContentHash) -> OutputManifest.Entry?

  init(_ entry: @escaping @Sendable (_ path: String, _ key: ContentHash) -> OutputManifest.Entry?) {
    self.entry = entry
  }

  /// Render every page: a build into a new folder, and the tests of rendering.
  static let none = PageReuse { _, _ in nil }
}
