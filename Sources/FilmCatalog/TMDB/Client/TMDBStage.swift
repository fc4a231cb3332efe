/// Which request of a TMDB pull: the genre list, a search page, a page of
/// the changes list, or a film's details.
///
/// Errors name it first, and ``TMDBClient/RequestCounts`` counts requests by it.
enum TMDBStage: Hashable, Sendable, CustomStringConvertible {
  case genreList
  case searchPage(Int)
  /// A page of `GET /movie/changes` for one step of a refresh.
  case changesPage(Int, TMDBChangesStep)
  case details(filmID: String)

  var description: String {
    switch self {
    case .genreList: return "genre list"
    case .searchPage(let page): return "search page \(page)"
    case .changesPage(let page, let step): return "changes page \(page) of \(step)"
    case .details(let id): return "details of film \(id)"
    }
  }
}
