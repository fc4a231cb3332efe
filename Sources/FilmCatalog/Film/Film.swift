/// A film: the immutable value that every page of a site is made from.
///
/// Its fields are the stored properties of ``Fields``, read as `film.title`,
/// `film.year` and so on; ``FilmField/all`` lists each one with its JSON
/// keys and how it is read, and everything that reads, writes, hashes or
/// shows a film goes through that list. Only `id` and `title` are required.
/// A page's URL is derived from this value alone, so two equal films always
/// land on the same page.
///
/// Copies share one immutable store of the fields: a film is copied into
/// several lists while a site is built (sorted, grouped by genre, director
/// and year, listed on pages), and a copy then costs one reference count
/// instead of one for each of its texts. It is still a value: films are
/// equal when their fields are.
@dynamicMemberLookup
public struct Film: Hashable, Codable, Sendable, Identifiable {
  @usableFromInline let store: Store

  /// The film with these fields.
  public init(_ fields: Fields) {
    store = Store(fields)
  }

  /// A film with the fields most code and tests set; every other field is absent.
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
    var fields = Fields(id: id, title: title)
    fields.year = year
    fields.runtime = runtime
    fields.director = director
    fields.genres = genres
    fields.overview = overview
    fields.posterPath = posterPath
    self.init(fields)
  }

  /// Every field, as one value.
  var fields: Fields { store.fields }

  /// The source's identifier (`Identifiable` needs it spelled out).
  public var id: String { store.fields.id }

  /// A field of the film: `film.title`, `film.year`, ….
  @inlinable public subscript<Value>(dynamicMember field: KeyPath<Fields, Value>) -> Value {
    store.fields[keyPath: field]
  }

  /// The film with some fields changed: `film.with { $0.runtime = 136 }`.
  /// Fields it does not change are kept, including ones added later.
  public func with(_ change: (inout Fields) -> Void) -> Film {
    var fields = store.fields
    change(&fields)
    return Film(fields)
  }

  public static func == (lhs: Film, rhs: Film) -> Bool {
    lhs.store === rhs.store || lhs.store.fields == rhs.store.fields
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(store.fields)
  }
}

extension Film: CustomReflectable {
  /// The fields, as a film's debug description and `Mirror` show them: the
  /// stored properties of ``Fields``, so a new field shows here too.
  public var customMirror: Mirror {
    Mirror(self, children: Mirror(reflecting: store.fields).children, displayStyle: .struct)
  }
}

extension Film {
  /// The store a film and its copies share.
  @usableFromInline final class Store: Sendable {
    @usableFromInline let fields: Fields

    init(_ fields: Fields) {
      self.fields = fields
    }
  }
}
