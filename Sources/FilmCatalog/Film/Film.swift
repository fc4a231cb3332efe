/// A film: the immutable value that every page of a site is made from.
///
/// Only ``id`` and ``title`` are required; every other property may be missing.
/// A page's URL is derived from this value alone, so two equal films always
/// land on the same page.
///
/// Copies share one immutable store of the fields: a film is copied into
/// several lists while a site is built (sorted, grouped by genre, director
/// and year, listed on pages), and a copy then costs one reference count
/// instead of one for each of its texts. It is still a value: films are
/// equal when their fields are.
public struct Film: Hashable, Codable, Sendable, Identifiable {
  private let fields: Fields

  /// The source's identifier. JSON integers are kept as their decimal text.
  public var id: String { fields.id }
  public var title: String { fields.title }
  /// The release year.
  public var year: Int? { fields.year }
  /// The running time in minutes.
  public var runtime: Int? { fields.runtime }
  public var director: String? { fields.director }
  public var genres: [String] { fields.genres }
  /// A short description in Markdown.
  public var overview: String? { fields.overview }
  /// A poster path relative to the poster base URL, or an absolute `http(s)` URL.
  public var posterPath: String? { fields.posterPath }

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
    fields = Fields(
      id: id, title: title, year: year, runtime: runtime, director: director, genres: genres,
      overview: overview, posterPath: posterPath)
  }

  public static func == (lhs: Film, rhs: Film) -> Bool {
    if lhs.fields === rhs.fields { return true }
    return lhs.id == rhs.id && lhs.title == rhs.title && lhs.year == rhs.year
      && lhs.runtime == rhs.runtime && lhs.director == rhs.director && lhs.genres == rhs.genres
      && lhs.overview == rhs.overview && lhs.posterPath == rhs.posterPath
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(title)
    hasher.combine(year)
    hasher.combine(runtime)
    hasher.combine(director)
    hasher.combine(genres)
    hasher.combine(overview)
    hasher.combine(posterPath)
  }
}

extension Film: CustomReflectable {
  /// The fields, as a film's debug description and `Mirror` show them.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "id": id, "title": title, "year": year as Any, "runtime": runtime as Any,
        "director": director as Any, "genres": genres, "overview": overview as Any,
        "posterPath": posterPath as Any,
      ], displayStyle: .struct)
  }
}

/// The store a film and its copies share.
private final class Fields: Sendable {
  let id: String
  let title: String
  let year: Int?
  let runtime: Int?
  let director: String?
  let genres: [String]
  let overview: String?
  let posterPath: String?

  init(
    id: String, title: String, year: Int?, runtime: Int?, director: String?, genres: [String],
    overview: String?, posterPath: String?
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
