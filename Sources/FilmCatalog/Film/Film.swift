/// A film: the immutable value that every page of a site is made from.
///
/// Only ``id`` and ``title`` are required; every other property may be missing.
/// A page's URL is derived from this value alone, so two equal films always
/// land on the same page.
public struct Film: Hashable, Codable, Sendable, Identifiable {
  /// The source's identifier. JSON integers are kept as their decimal text.
  public let id: String
  public let title: String
  /// The release year.
  public let year: Int?
  /// The running time in minutes.
  public let runtime: Int?
  public let director: String?
  public let genres: [String]
  /// A short description in Markdown.
  public let overview: String?
  /// A poster path relative to the poster base URL, or an absolute `http(s)` URL.
  public let posterPath: String?

  public init(
    id: String,
    title: String,
    year: Int? = nil,
    runtime: Int? = nil,
    director: String? = nil,
    genres: [String] = [],
    overview: String? = nil,
    posterPath: String? = nil
  ) {
    self.id = id
    self.title = title
    self.year = year
    self.runtime = runtime
    self.director = director
    self.genres = genres
    self.overview = overview
    self.posterPath = posterPath
  }
}
