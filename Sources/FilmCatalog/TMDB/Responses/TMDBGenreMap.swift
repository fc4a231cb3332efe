/// TMDB's movie genres by id, from `GET /genre/movie/list`:
/// `{"genres": [{"id": 28, "name": "Action"}, …]}`.
struct TMDBGenreMap: Decodable, Sendable, Equatable {
  struct Genre: Codable, Sendable, Equatable {
    let id: Int
    let name: String
  }

  let genres: [Genre]
  private let names: [Int: String]

  private enum CodingKeys: String, CodingKey {
    case genres
  }

  init(genres: [Genre]) {
    self.genres = genres
    // A repeated id keeps its first name.
    names = Dictionary(genres.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(genres: try container.decode([Genre].self, forKey: .genres))
  }

  /// The names of `ids`, in their order; ids the list does not hold are left out.
  func names(for ids: [Int]) -> [String] {
    ids.compactMap { names[$0] }
  }

  static func == (lhs: TMDBGenreMap, rhs: TMDBGenreMap) -> Bool {
    lhs.genres == rhs.genres
  }
}
