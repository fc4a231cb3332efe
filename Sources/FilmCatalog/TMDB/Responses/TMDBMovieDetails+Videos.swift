extension TMDBMovieDetails {
  /// The `videos` block that `append_to_response=videos` adds: the film's
  /// trailers, teasers, clips and featurettes, on YouTube or Vimeo.
  struct Videos: Decodable, Sendable, Equatable {
    let results: [Video]

    private enum CodingKeys: String, CodingKey {
      case results
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      results = try container.decodeIfPresent([Video].self, forKey: .results) ?? []
    }

    /// The first official YouTube trailer, in TMDB's order; `nil` when there
    /// is none. Teasers, clips, unofficial uploads and other sites are
    /// passed over, so the link a page makes goes to the studio's trailer.
    var trailer: Film.Trailer? {
      for video in results
      where video.site == "YouTube" && video.type == "Trailer" && video.official == true {
        guard let key = TMDBSharedFields.text(video.key) else { continue }
        return Film.Trailer(site: "YouTube", key: key)
      }
      return nil
    }
  }

  /// One of `videos.results`: where the video is (`site` and its `key`
  /// there), what it is (`type`: `Trailer`, `Teaser`, `Clip`, …) and
  /// whether the studio published it (`official`).
  struct Video: Decodable, Sendable, Equatable {
    let key: String?
    let site: String?
    let type: String?
    let official: Bool?
  }
}
