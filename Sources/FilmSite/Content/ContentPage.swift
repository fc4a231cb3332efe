/// A page of the owner's own, from a Markdown file in the content folder
/// other than a film's note: `content/about.md` is the page `about/`, and
/// `content/festival/index.md` is `festival/`.
struct ContentPage: Hashable, Sendable {
  /// The file, as the build was given it, for errors.
  let file: String
  /// The path inside the content folder, `festival/2026.md`: what
  /// `@/festival/2026.md` links and the config's `nav` name.
  let path: String
  let route: Route
  /// From front matter; required.
  let title: String
  /// From front matter: when the page was written, for the page and the feed.
  let date: ContentDate?
  /// From front matter: one line on the page, for the feed and search engines.
  let description: String?
  /// The Markdown after the front matter.
  let body: String
  /// The file's line that the body starts on.
  let bodyLine: Int

  static let keys = ["title", "date", "description"]

  /// The page in `frontMatter`, the split file at `file`.
  /// - Throws: ``ContentError`` for an unknown key, a value of the wrong type, or no title.
  init(file: String, path: String, route: Route, frontMatter: FrontMatter) throws(ContentError) {
    self.file = file
    self.path = path
    self.route = route
    body = frontMatter.body
    bodyLine = frontMatter.bodyLine
    var title: String?
    var date: ContentDate?
    var description: String?
    for entry in frontMatter.table.entries {
      let at = frontMatter.position(entry.valuePosition)
      switch entry.key {
      case "title":
        guard let text = entry.value.stringValue, !text.trimmingSpaces().isEmpty else {
          throw ContentError(file: file, at: at, "title must be a string that is not empty")
        }
        title = text
      case "date":
        guard let value = ContentDate(entry.value) else {
          throw ContentError(
            file: file, at: at,
            "date is \(entry.value.kindPhrase); it must be \(ContentDate.expectation)")
        }
        date = value
      case "description":
        guard let text = entry.value.stringValue else {
          throw ContentError(file: file, at: at, "description must be a string")
        }
        description = text
      default:
        throw ContentError(
          file: file, at: frontMatter.position(entry.keyPosition),
          "unknown key \(entry.key); a page sets \(Self.keys.joined(separator: ", "))")
      }
    }
    guard let title else {
      throw ContentError(
        file: file, at: .start,
        "a page needs a title: start the file with +++, title = \"…\", +++")
    }
    self.title = title
    self.date = date
    self.description = description
  }
}
