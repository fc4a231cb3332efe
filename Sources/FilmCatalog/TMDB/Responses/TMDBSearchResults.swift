/// A page of `GET /search/movie` or `GET /discover/movie`:
/// `{"page", "results", "total_pages", "total_results"}`.
public struct TMDBSearchResults: Decodable, Sendable, Equatable {
  let page: Int
  let results: [Movie]
  let totalPages: Int?
  let totalResults: Int?

  private enum CodingKeys: String, CodingKey {
    case page, results
    case totalPages = "total_pages"
    case totalResults = "total_results"
  }

  /// One film of a search page. TMDB sends `null` or `""` for a missing
  /// release date, `null` for a missing poster and `""` for a missing overview.
  struct Movie: Decodable, Sendable, Equatable {
    let id: Int
    let title: String
    let overview: String?
    let posterPath: String?
    let genreIDs: [Int]
    let adult: Bool?
    let popularity: Double?
    /// The original title, release date, votes and backdrop, read as a
    /// film's details read them.
    let shared: TMDBSharedFields

    private enum CodingKeys: String, CodingKey {
      case id, title, overview, adult, popularity
      case posterPath = "poster_path"
      case genreIDs = "genre_ids"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int.self, forKey: .id)
      title = try container.decode(String.self, forKey: .title)
      overview = try container.decodeIfPresent(String.self, forKey: .overview)
      posterPath = try container.decodeIfPresent(String.self, forKey: .posterPath)
      genreIDs = try container.decodeIfPresent([Int].self, forKey: .genreIDs) ?? []
      adult = try container.decodeIfPresent(Bool.self, forKey: .adult)
      popularity = try container.decodeIfPresent(Double.self, forKey: .popularity)
      shared = try TMDBSharedFields(from: decoder)
    }

    /// The year of the release date, or `nil` when the date is missing,
    /// empty or not a date: one odd result does not fail a whole page.
    var year: Int? {
      shared.year
    }

    /// The film as FilmSite sees it, before its details are fetched: no
    /// runtime or director yet, genres named through `genres`, and the
    /// ``TMDBSharedFields``.
    func film(genres: TMDBGenreMap) -> Film {
      var fields = Film.Fields(id: String(id), title: title)
      fields.genres = genres.names(for: genreIDs)
      fields.overview = overview.flatMap { $0.isEmpty ? nil : $0 }
      fields.posterPath = posterPath.flatMap { $0.isEmpty ? nil : $0 }
      shared.apply(to: &fields)
      return Film(fields)
    }
  }
}
