extension Film {
  /// Every field of a film, with the equality and hashing of a plain struct.
  ///
  /// Each stored property has its entry in ``FilmField/all`` below, which
  /// says how it is read and written as JSON; a test holds the two to the
  /// same names in the same order. A film's copies share one of these.
  public struct Fields: Hashable, Sendable {
    /// The source's identifier. JSON integers are kept as their decimal text.
    var id: String
    public var title: String
    /// The release year.
    public var year: Int?
    /// The running time in minutes.
    public var runtime: Int?
    public var director: String?
    public var genres: [String] = []
    /// A short description in Markdown.
    public var overview: String?
    /// A poster path relative to the poster base URL, or an absolute `http(s)` URL.
    public var posterPath: String?
    /// The title in the film's original language, when it differs.
    public var originalTitle: String?
    public var tagline: String?
    /// The release date as the source gives it, `1999-10-15`.
    public var releaseDate: String?
    /// The average of the audience's votes, from 0 to 10.
    public var rating: Double?
    /// How many votes ``rating`` averages.
    public var voteCount: Int?
    /// The billed performers, top billed first.
    public var cast: [CastMember] = []
    /// The credited writers (screenplay and writing).
    public var writers: [String] = []
    /// The production countries, by name.
    public var countries: [String] = []
    /// A backdrop image path, like ``posterPath``.
    public var backdropPath: String?
    public var trailer: Trailer?
    /// The film's IMDb id, `tt` and digits.
    public var imdbId: String?
    /// The film's own web site.
    public var homepage: String?

    /// The required fields; every other field is absent.
    public init(id: String, title: String) {
      self.id = id
      self.title = title
    }
  }
}

extension FilmField {
  /// Every field of a film, in the order of ``Film/Fields``: the one table
  /// that the catalog readers (``Film/init(from:)`` and the fast
  /// `FilmJSONReader`), the encoder, the snapshot writer, the build
  /// fingerprint and the templates follow.
  ///
  /// Each entry gives the stored property, the JSON keys (the first is the
  /// field's name and the key written; the others are spellings read when
  /// it is missing or `null`) and the JSON type. What a missing or `null`
  /// value means follows from the entry: an error for `identifier` and
  /// `requiredText`, absent for `text`, `integer`, `number` and `trailer`, an empty list
  /// for `textList` and `castList`; `orYearOf` takes a missing year from the first non-blank
  /// date among those keys (see ``ReleaseDate``).
  public static let all: [FilmField] = [
    .identifier(\.id, keys: "id"),
    .requiredText(\.title, keys: "title"),
    .integer(\.year, keys: "year", orYearOf: "release_date", "releaseDate"),
    .integer(\.runtime, keys: "runtime"),
    .text(\.director, keys: "director"),
    .textList(\.genres, keys: "genres"),
    .text(\.overview, keys: "overview"),
    .text(\.posterPath, keys: "posterPath", "poster_path"),
    .text(\.originalTitle, keys: "originalTitle", "original_title"),
    .text(\.tagline, keys: "tagline"),
    .text(\.releaseDate, keys: "releaseDate", "release_date"),
    .number(\.rating, keys: "rating", "vote_average"),
    .integer(\.voteCount, keys: "voteCount", "vote_count"),
    .castList(\.cast, keys: "cast"),
    .textList(\.writers, keys: "writers"),
    .textList(\.countries, keys: "countries"),
    .text(\.backdropPath, keys: "backdropPath", "backdrop_path"),
    .trailer(\.trailer, keys: "trailer"),
    .text(\.imdbId, keys: "imdbId", "imdb_id"),
    .text(\.homepage, keys: "homepage"),
  ]
}
