/// Where the links of the owner's Markdown lead: `film:<id>` to the film's
/// page, `@/<path>.md` to the page of that content file.
struct ContentLinks: Sendable {
  /// Each film's page, by id.
  let films: [String: Route]
  /// Each content page, by its path in the content folder.
  let pages: [String: Route]

  /// `body`, the Markdown of `file` from its line `bodyLine`, as HTML for
  /// the page at `route`, every link of the two forms made relative to it.
  /// - Throws: ``ContentError`` at the first link to a film or page that does not exist.
  func html(
    of body: String, file: String, bodyLine: Int, at route: Route, markdown: MarkdownRenderer
  ) throws(ContentError) -> String {
    markdown.html(from: body)
  }
}
