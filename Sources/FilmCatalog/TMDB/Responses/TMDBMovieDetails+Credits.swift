extension TMDBMovieDetails {
  /// The `credits` block that `append_to_response=credits` adds: the cast
  /// and the crew, either of which TMDB may leave out.
  struct Credits: Decodable, Sendable, Equatable {
    let cast: [CastMember]
    let crew: [CrewMember]

    private enum CodingKeys: String, CodingKey {
      case cast, crew
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      cast = try container.decodeIfPresent([CastMember].self, forKey: .cast) ?? []
      crew = try container.decodeIfPresent([CrewMember].self, forKey: .crew) ?? []
    }

    /// The cast as a film lists it, top billed first: by TMDB's `order`,
    /// members without one after those with one, and members of the same
    /// order in TMDB's order. Names are trimmed and a member without one is
    /// left out; an empty character is no character.
    var billedCast: [Film.CastMember] {
      let billed = cast.enumerated().sorted { first, second in
        (first.element.order ?? .max, first.offset) < (second.element.order ?? .max, second.offset)
      }
      return billed.compactMap { _, member in
        guard let name = TMDBSharedFields.text(member.name) else { return nil }
        return Film.CastMember(name: name, character: TMDBSharedFields.text(member.character))
      }
    }

    /// The crew members whose job is `Director`, in TMDB's order, each name
    /// once, joined with ` & `; `nil` when there are none.
    var director: String? {
      let names = crewNames { $0.job == "Director" }
      return names.isEmpty ? nil : names.joined(separator: " & ")
    }

    /// The writing department's `Screenplay` and `Writer` credits, in TMDB's
    /// order, each name once. Other writing jobs (`Novel`, `Story`, …) credit
    /// a source rather than the film's writers.
    var writers: [String] {
      crewNames { $0.department == "Writing" && ($0.job == "Screenplay" || $0.job == "Writer") }
    }

    /// The trimmed names of the crew members `isIncluded` takes, in TMDB's
    /// order, each once.
    private func crewNames(_ isIncluded: (CrewMember) -> Bool) -> [String] {
      var names: [String] = []
      for member in crew where isIncluded(member) {
        if let name = TMDBSharedFields.text(member.name), !names.contains(name) {
          names.append(name)
        }
      }
      return names
    }
  }

  /// One of `credits.cast`: the person, the part, and the billing `order`
  /// (0 for the top billed).
  struct CastMember: Decodable, Sendable, Equatable {
    let name: String?
    let character: String?
    let order: Int?
  }

  /// One of `credits.crew`: a person's job in a department, such as
  /// `Screenplay` in `Writing`.
  struct CrewMember: Decodable, Sendable, Equatable {
    let id: Int?
    let name: String
    let job: String?
    let department: String?
  }
}
