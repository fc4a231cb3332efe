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
    do {
      // As a page's Markdown is rendered: images finished, `<img src="">` left out.
      let html = try markdown.pageHTML(from: Array(body.utf8), firstLine: bodyLine) { link in
        switch link.target {
        case .film(let id): return films[id].map { route.url(to: $0) }
        case .page(let path): return pages[path].map { route.url(to: $0) }
        }
      }
      return String(decoding: html, as: UTF8.self)
    } catch {
      // The first fault in the document: a build error is one line.
      guard let fault = error.faults.first else {
        throw ContentError(file: file, at: .start, "\(error)")
      }
      throw ContentError(
        file: file, line: fault.line, column: fault.column, message: fault.message)
    }
  }
}
