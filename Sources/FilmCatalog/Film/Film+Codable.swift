extension Film {
  /// A JSON key that may be spelled in camelCase or snake_case.
  struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    static let id = Key("id")
    static let title = Key("title")
    static let year = Key("year")
    static let releaseDate = Key("release_date")
    static let runtime = Key("runtime")
    static let director = Key("director")
    static let genres = Key("genres")
    static let overview = Key("overview")
    static let posterPath = Key("posterPath")
    static let posterPathSnake = Key("poster_path")
    static let releaseDateCamel = Key("releaseDate")
  }

  /// Decodes the film JSON that catalogs and paged APIs use.
  ///
  /// `id` may be an integer or a string; `posterPath` may be spelled
  /// `poster_path`; a missing `year` is taken from `release_date`
  /// (`"1999-10-15"`). Missing and `null` optional fields decode as absent.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let id = try Self.decodeID(from: container)
    let title = try container.decode(String.self, forKey: .title)
    let year =
      try container.decodeIfPresent(Int.self, forKey: .year)
      ?? Self.decodeYear(from: container, keys: [.releaseDate, .releaseDateCamel])
    let runtime = try container.decodeIfPresent(Int.self, forKey: .runtime)
    let director = try container.decodeIfPresent(String.self, forKey: .director)
    let genres = try container.decodeIfPresent([String].self, forKey: .genres) ?? []
    let overview = try container.decodeIfPresent(String.self, forKey: .overview)
    let posterPath =
      try container.decodeIfPresent(String.self, forKey: .posterPath)
      ?? container.decodeIfPresent(String.self, forKey: .posterPathSnake)
    self.init(
      id: id, title: title, year: year, runtime: runtime, director: director, genres: genres,
      overview: overview, posterPath: posterPath)
  }

  /// Encodes the film in the camelCase spelling, leaving absent fields out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encodeIfPresent(year, forKey: .year)
    try container.encodeIfPresent(runtime, forKey: .runtime)
    try container.encodeIfPresent(director, forKey: .director)
    if !genres.isEmpty { try container.encode(genres, forKey: .genres) }
    try container.encodeIfPresent(overview, forKey: .overview)
    try container.encodeIfPresent(posterPath, forKey: .posterPath)
  }

  private static func decodeID(from container: KeyedDecodingContainer<Key>) throws -> String {
    if let number = try? container.decode(Int.self, forKey: .id) {
      return String(number)
    }
    if let text = try? container.decode(String.self, forKey: .id) {
      return text
    }
    // Let the container produce the precise error: missing, null or of the wrong type.
    _ = try container.decode(String.self, forKey: .id)
    throw DecodingError.typeMismatch(
      String.self,
      .init(
        codingPath: container.codingPath + [Key.id],
        debugDescription: "expected a string or an integer")
    )
  }

  /// Reads the year from the first four digits of a date like `1999-10-15`.
  /// An empty or `null` date (TMDB sends both) means the year is unknown.
  private static func decodeYear(from container: KeyedDecodingContainer<Key>, keys: [Key]) throws
    -> Int?
  {
    for key in keys {
      guard let date = try container.decodeIfPresent(String.self, forKey: key), !date.isEmpty
      else { continue }
      let digits = date.prefix(4)
      guard digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
        let year = Int(digits)
      else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: "expected a date like \"1999-10-15\"")
      }
      return year
    }
    return nil
  }
}
