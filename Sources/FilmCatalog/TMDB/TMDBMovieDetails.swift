import Foundation

/// What `GET /movie/{id}?append_to_response=credits` gives that a search
/// result lacks: the runtime, the genres by name and the crew.
struct TMDBMovieDetails: Decodable, Sendable, Equatable {
  let id: Int
  /// Minutes; TMDB sends `null` or `0` when it does not know.
  let runtime: Int?
  let genres: [TMDBGenreMap.Genre]
  let credits: Credits?

  struct Credits: Decodable, Sendable, Equatable {
    let crew: [CrewMember]

    private enum CodingKeys: String, CodingKey {
      case crew
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      crew = try container.decodeIfPresent([CrewMember].self, forKey: .crew) ?? []
    }
  }

  struct CrewMember: Decodable, Sendable, Equatable {
    let id: Int?
    let name: String
    let job: String?
    let department: String?
  }

  private enum CodingKeys: String, CodingKey {
    case id, runtime, genres, credits
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    runtime = try container.decodeIfPresent(Int.self, forKey: .runtime)
    genres = try container.decodeIfPresent([TMDBGenreMap.Genre].self, forKey: .genres) ?? []
    credits = try container.decodeIfPresent(Credits.self, forKey: .credits)
  }

  /// The crew members whose job is `Director`, in TMDB's order, each name
  /// once, joined with ` & `; `nil` when there are none.
  var director: String? {
    var names: [String] = []
    for member in credits?.crew ?? [] where member.job == "Director" {
      let name = member.name.trimmingCharacters(in: .whitespaces)
      if !name.isEmpty, !names.contains(name) { names.append(name) }
    }
    return names.isEmpty ? nil : names.joined(separator: " & ")
  }

  /// `film` with the runtime, genres and director these details give. A
  /// runtime of 0 counts as unknown; genres from the search are kept when the
  /// details list none.
  func enriching(_ film: Film) -> Film {
    film.with { fields in
      if let runtime, runtime > 0 { fields.runtime = runtime }
      if let director { fields.director = director }
      if !genres.isEmpty { fields.genres = genres.map(\.name) }
    }
  }
}
