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
  private let store: Store

  /// The source's identifier. JSON integers are kept as their decimal text.
  public var id: String { store.fields.id }
  public var title: String { store.fields.title }
  /// The release year.
  public var year: Int? { store.fields.year }
  /// The running time in minutes.
  public var runtime: Int? { store.fields.runtime }
  public var director: String? { store.fields.director }
  public var genres: [String] { store.fields.genres }
  /// A short description in Markdown.
  public var overview: String? { store.fields.overview }
  /// A poster path relative to the poster base URL, or an absolute `http(s)` URL.
  public var posterPath: String? { store.fields.posterPath }

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
    store = Store(
      Fields(
        id: id, title: title, year: year, runtime: runtime, director: director, genres: genres,
        overview: overview, posterPath: posterPath))
  }

  public static func == (lhs: Film, rhs: Film) -> Bool {
    lhs.store === rhs.store || lhs.store.fields == rhs.store.fields
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(store.fields)
  }

  /// Every field of a film, with the equality and hashing of a plain struct.
  struct Fields: Hashable, Sendable {
    let id: String
    let title: String
    let year: Int?
    let runtime: Int?
    let director: String?
    let genres: [String]
    let overview: String?
    let posterPath: String?
  }
}

extension Film: CustomReflectable {
  /// The fields, as a film's debug description and `Mirror` show them: the
  /// stored properties of ``Fields``, so a new field shows here too.
  public var customMirror: Mirror {
    Mirror(self, children: Mirror(reflecting: store.fields).children, displayStyle: .struct)
  }
}

/// The store a film and its copies share.
private final class Store: Sendable {
  let fields: Film.Fields

  init(_ fields: Film.Fields) {
    self.fields = fields
  }
}
