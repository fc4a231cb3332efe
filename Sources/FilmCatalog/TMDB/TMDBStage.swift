/// Which request of a TMDB pull: the genre list, a search page, or a film's details.
///
/// Errors name it first, and ``TMDBClient/RequestCounts`` counts requests by it.
enum TMDBStage: Hashable, Sendable, CustomStringConvertible {
  case genreList
  case searchPage(Int)
  case details(filmID: String)

  var description: String {
    switch self {
    case .genreList: return "genre list"
    case .searchPage(let page): return "search page \(page)"
    case .details(let id): return "details of film \(id)"
    }
  }
}
