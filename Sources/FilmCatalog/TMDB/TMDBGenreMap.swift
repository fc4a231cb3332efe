/// TMDB's movie genres by id, from `GET /genre/movie/list`:
/// `{"genres": [{"id": 28, "name": "Action"}, …]}`.
public struct TMDBGenreMap: Decodable, Sendable, Equatable {
  public struct Genre: Codable, Sendable, Equatable {
    public let id: Int
    public let name: String

    public init(id: Int, name: String) {
      self.id = id
      self.name = name
    }
  }

  public let genres: [Genre]
  private let names: [Int: String]

  private enum CodingKeys: String, CodingKey {
    case genres
  }

  public init(genres: [Genre]) {
    self.genres = genres
    // A repeated id keeps its first name.
    names = Dictionary(genres.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(genres: try container.decode([Genre].self, forKey: .genres))
  }

  /// The names of `ids`, in their order; ids the list does not hold are left out.
  public func names(for ids: [Int]) -> [String] {
    ids.compactMap { names[$0] }
  }

  public static func == (lhs: TMDBGenreMap, rhs: TMDBGenreMap) -> Bool {
    lhs.genres == rhs.genres
  }
}
