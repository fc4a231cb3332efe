import Foundation

/// What `GET /movie/{id}?append_to_response=credits,videos,external_ids`
/// gives that a search result lacks: the runtime, the genres by name, the
/// cast and crew, the trailer, the production countries, the tagline, the
/// homepage and the IMDb id.
///
/// Decoding is tolerant the way TMDB's answers need: a missing or `null`
/// field or block is absent. A field FilmSite reads that has another type
/// fails the decoding, which the client reports as a body that is not
/// TMDB's JSON, naming the field.
struct TMDBMovieDetails: Decodable, Sendable, Equatable {
  let id: Int
  /// Minutes; TMDB sends `null` or `0` when it does not know.
  let runtime: Int?
  let genres: [TMDBGenreMap.Genre]
  let credits: Credits?
  let videos: Videos?
  let productionCountries: [Country]
  let externalIDs: ExternalIDs?
  /// TMDB sends `""` for a film without one, as for ``homepage``.
  let tagline: String?
  let homepage: String?
  /// The top-level `imdb_id`, read when `external_ids` has none.
  let topLevelIMDbID: String?
  let shared: TMDBSharedFields

  /// One of `production_countries`: `{"iso_3166_1": "GB", "name": "United Kingdom"}`.
  struct Country: Decodable, Sendable, Equatable {
    let name: String?
  }

  /// The `external_ids` block; FilmSite reads the IMDb id alone.
  struct ExternalIDs: Decodable, Sendable, Equatable {
    let imdbID: String?

    private enum CodingKeys: String, CodingKey {
      case imdbID = "imdb_id"
    }
  }

  private enum CodingKeys: String, CodingKey {
    case id, runtime, genres, credits, videos, tagline, homepage
    case productionCountries = "production_countries"
    case externalIDs = "external_ids"
    case topLevelIMDbID = "imdb_id"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    runtime = try container.decodeIfPresent(Int.self, forKey: .runtime)
    genres = try container.decodeIfPresent([TMDBGenreMap.Genre].self, forKey: .genres) ?? []
    credits = try container.decodeIfPresent(Credits.self, forKey: .credits)
    videos = try container.decodeIfPresent(Videos.self, forKey: .videos)
    productionCountries =
      try container.decodeIfPresent([Country].self, forKey: .productionCountries) ?? []
    externalIDs = try container.decodeIfPresent(ExternalIDs.self, forKey: .externalIDs)
    tagline = try container.decodeIfPresent(String.self, forKey: .tagline)
    homepage = try container.decodeIfPresent(String.self, forKey: .homepage)
    topLevelIMDbID = try container.decodeIfPresent(String.self, forKey: .topLevelIMDbID)
    shared = try TMDBSharedFields(from: decoder)
  }

  /// The directors, as ``Credits/director`` gives them.
  var director: String? {
    credits?.director
  }

  /// The production countries by name, in TMDB's order, each once.
  var countries: [String] {
    var names: [String] = []
    for country in productionCountries {
      if let name = TMDBSharedFields.text(country.name), !names.contains(name) {
        names.append(name)
      }
    }
    return names
  }

  /// `external_ids.imdb_id`, or the top-level `imdb_id` when that block has none.
  var imdbId: String? {
    TMDBSharedFields.text(externalIDs?.imdbID) ?? TMDBSharedFields.text(topLevelIMDbID)
  }

  /// `film` with what these details give, keeping every field they do not
  /// give: the runtime (0 counts as unknown), the genres (those of the
  /// search are kept when the details list none), the director, the cast,
  /// the writers, the countries, the trailer, the tagline, the homepage,
  /// the IMDb id and the ``TMDBSharedFields``. Values are passed on as TMDB
  /// gives them; the site checks what it can show.
  func enriching(_ film: Film) -> Film {
    let countries = self.countries
    return film.with { fields in
      if let runtime, runtime > 0 { fields.runtime = runtime }
      if let director { fields.director = director }
      if !genres.isEmpty { fields.genres = genres.map(\.name) }
      shared.apply(to: &fields)
      if let cast = credits?.billedCast, !cast.isEmpty { fields.cast = cast }
      if let writers = credits?.writers, !writers.isEmpty { fields.writers = writers }
      if !countries.isEmpty { fields.countries = countries }
      if let trailer = videos?.trailer { fields.trailer = trailer }
      if let tagline = TMDBSharedFields.text(tagline) { fields.tagline = tagline }
      if let homepage = TMDBSharedFields.text(homepage) { fields.homepage = homepage }
      if let imdbId { fields.imdbId = imdbId }
    }
  }
}
