/// The links of one Markdown document that the build cannot resolve, each
/// with its line and column, in document order.
///
/// Its description is one line per fault, `LINE:COLUMN: message`, so a
/// caller that puts the file's name and a colon before each line gives the
/// usual `FILE:LINE:COLUMN: message`.
struct MarkdownLinkError: Error, Equatable, Sendable, CustomStringConvertible {
  enum Reason: Equatable, Sendable {
    /// The resolver knows no film with this id.
    case unknownFilm(id: String)
    /// The resolver knows no page at this path under `content/`.
    case unknownPage(path: String)
    /// `film:` with nothing after it.
    case missingFilmID
    /// `@/` with a path that is empty or has an empty, `.` or `..` segment.
    case notAPagePath
    /// An image whose source is a film or a page: those are not images.
    case image
  }

  /// One link that cannot be resolved.
  struct Fault: Error, Equatable, Sendable, CustomStringConvertible {
    /// The destination as written (after Markdown's escapes).
    let destination: String
    /// Where the link starts in its file: line and column from 1, the column
    /// in Unicode scalars.
    let line: Int
    let column: Int
    let reason: Reason

    var description: String { "\(line):\(column): \(message)" }

    /// What is wrong, without the place.
    var message: String {
      let link = Escaping.terminal(destination, limit: 60)
      let message: String
      switch reason {
      case .unknownFilm(let id):
        message = "no film has the id \"\(Escaping.terminal(id, limit: 40))\" (link \(link))"
      case .unknownPage(let path):
        message = "no page content/\(Escaping.terminal(path, limit: 60)) (link \(link))"
      case .missingFilmID:
        message = "\(link) names no film; write the film's id after film:, like film:426"
      case .notAPagePath:
        message =
          "\(link) is not a page inside content/; write its path after @/, like @/about.md"
      case .image:
        message = "an image cannot show \(link); link to it instead: [text](\(link))"
      }
      return message
    }
  }

  /// Never empty.
  let faults: [Fault]

  var description: String { faults.map(\.description).joined(separator: "\n") }
}

extension MarkdownLinkError.Fault {
  /// The fault for a link the resolver does not know.
  init(unresolved link: MarkdownLink) {
    let reason: MarkdownLinkError.Reason
    switch link.target {
    case .film(let id): reason = .unknownFilm(id: id)
    case .page(let path): reason = .unknownPage(path: path)
    }
    self.init(destination: link.destination, line: link.line, column: link.column, reason: reason)
  }
}
