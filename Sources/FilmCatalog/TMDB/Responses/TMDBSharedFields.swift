import Foundation

/// The fields that a search result and a film's details both carry, read
/// and put on a film the same way for both: `original_title`,
/// `release_date`, `vote_average`, `vote_count` and `backdrop_path`.
///
/// A missing or `null` field is absent; a field of another type fails the
/// decoding, which the client reports as a body that is not TMDB's JSON.
struct TMDBSharedFields: Decodable, Sendable, Equatable {
  let originalTitle: String?
  /// `"YYYY-MM-DD"`; TMDB sends `""` or `null` when it does not know.
  let releaseDate: String?
  /// The average vote, 0 to 10; TMDB sends `0` for a film nobody voted on.
  let voteAverage: Double?
  let voteCount: Int?
  let backdropPath: String?

  private enum CodingKeys: String, CodingKey {
    case originalTitle = "original_title"
    case releaseDate = "release_date"
    case voteAverage = "vote_average"
    case voteCount = "vote_count"
    case backdropPath = "backdrop_path"
  }

  init(
    originalTitle: String? = nil, releaseDate: String? = nil, voteAverage: Double? = nil,
    voteCount: Int? = nil, backdropPath: String? = nil
  ) {
    self.originalTitle = originalTitle
    self.releaseDate = releaseDate
    self.voteAverage = voteAverage
    self.voteCount = voteCount
    self.backdropPath = backdropPath
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    originalTitle = try container.decodeIfPresent(String.self, forKey: .originalTitle)
    releaseDate = try container.decodeIfPresent(String.self, forKey: .releaseDate)
    voteAverage = try container.decodeIfPresent(Double.self, forKey: .voteAverage)
    voteCount = try container.decodeIfPresent(Int.self, forKey: .voteCount)
    backdropPath = try container.decodeIfPresent(String.self, forKey: .backdropPath)
  }

  /// The year of ``releaseDate``, or `nil` when the date is missing, empty
  /// or not a date: one odd result does not fail a whole page.
  var year: Int? {
    date.flatMap(ReleaseDate.year(of:))
  }

  /// The release date when a year can be read from it. A date without one is
  /// left out, as a catalog with such a date and no year is refused.
  private var date: String? {
    Self.text(releaseDate)
  }

  /// Sets on `fields` what these fields give, keeping what they do not:
  /// the release date with its year, the original title when it differs
  /// from the title, the rating and vote count when anyone voted, the
  /// backdrop. Values are passed on as TMDB gives them; the site checks
  /// what it can show.
  func apply(to fields: inout Film.Fields) {
    if let date, let year = ReleaseDate.year(of: date) {
      fields.releaseDate = date
      fields.year = year
    }
    if let originalTitle = Self.text(originalTitle), originalTitle != fields.title {
      fields.originalTitle = originalTitle
    }
    // TMDB's average of no votes is 0, which is no rating at all.
    if voteCount != 0 {
      if let voteAverage { fields.rating = voteAverage }
      if let voteCount { fields.voteCount = voteCount }
    }
    if let backdropPath = Self.text(backdropPath) { fields.backdropPath = backdropPath }
  }

  /// A text TMDB gives, without the white space around it; `nil` when
  /// nothing is left, as TMDB sends `""` for a value it does not have.
  static func text(_ value: String?) -> String? {
    guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty
    else { return nil }
    return trimmed
  }
}
