/// A site that cannot be rendered from its films or settings.
enum SiteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Films are named by title: their place in a catalog is lost once pages are
  /// merged and duplicates dropped.
  case unroutableFilm(title: String, reason: RouteError)
  case duplicateID(String)
  case invalidPageSize(Int)
  /// A count of performers (with a page, or shown) below 0.
  case invalidCastCount(Int)
  /// A `nav` entry of the config that names no page of the content folder.
  case unknownNavigationPage(String, known: [String])

  var description: String {
    switch self {
    case .unroutableFilm(let title, let reason):
      return "film \"\(Escaping.terminal(title))\": \(reason)"
    case .duplicateID(let id):
      return "id \"\(Escaping.terminal(id))\" is used by two films"
    case .invalidPageSize(let size):
      return "the page size must be at least 1 (got \(size))"
    case .invalidCastCount(let count):
      return "the number of performers with a page or shown must be at least 0 (got \(count))"
    case .unknownNavigationPage(let path, let known):
      let pages =
        known.isEmpty
        ? "the content folder has no pages" : "its pages are " + known.joined(separator: ", ")
      return "nav: \(Escaping.terminal(path)) is not a page of the content folder; \(pages)"
    }
  }
}
