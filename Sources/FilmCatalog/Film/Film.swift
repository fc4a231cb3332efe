import Synchronization

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
///
/// A film can also be made from its id and a way to decode it
/// (``init(id:decoding:)``): its fields are decoded the first time one is
/// read, once, whichever thread reads it. A rebuild makes the films whose
/// bytes did not change this way, and decodes only those a page it makes
/// again shows.
@dynamicMemberLookup
public struct Film: Hashable, Codable, Sendable, Identifiable {
  @usableFromInline let storage: Storage

  /// The film with these fields.
  public init(_ fields: Fields) {
    storage = .fields(Store(fields))
  }

  /// The film with `id` that `decode` gives, decoded when one of its fields
  /// is first read: its id is known before. `decode` is called at most once
  /// for each film whose fields are read, and possibly once more on another
  /// thread that reads them at the same moment (the first film stored is
  /// kept), so it must give the same film every time. The film it gives must
  /// have `id`, which this film keeps whatever it gives.
  public init(id: String, decoding decode: @escaping @Sendable () -> Film) {
    storage = .later(Later(id: id, decode: decode))
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
  var fields: Fields { reading { $0 } }

  /// `body` of the film's fields, read where they are.
  @inlinable func reading<Result>(_ body: (borrowing Fields) -> Result) -> Result {
    switch storage {
    case .fields(let store): return body(store.fields)
    case .later(let later): return body(later.decoded.fields)
    }
  }

  /// The source's identifier (`Identifiable` needs it spelled out).
  public var id: String {
    switch storage {
    case .fields(let store): return store.fields.id
    case .later(let later): return later.id
    }
  }

  /// Whether the film's fields are there: always, but for a film made with
  /// ``init(id:decoding:)`` none of whose fields has been read yet.
  public var isDecoded: Bool {
    switch storage {
    case .fields: return true
    case .later(let later): return later.fields.load() != nil
    }
  }

  /// A field of the film: `film.title`, `film.year`, ….
  @inlinable public subscript<Value>(dynamicMember field: KeyPath<Fields, Value>) -> Value {
    switch storage {
    case .fields(let store): return store.fields[keyPath: field]
    case .later(let later): return later.decoded.fields[keyPath: field]
    }
  }

  /// The film with some fields changed: `film.with { $0.runtime = 136 }`.
  /// Fields it does not change are kept, including ones added later.
  public func with(_ change: (inout Fields) -> Void) -> Film {
    var fields = self.fields
    change(&fields)
    return Film(fields)
  }

  public static func == (lhs: Film, rhs: Film) -> Bool {
    lhs.storage.object === rhs.storage.object
      || lhs.reading { left in rhs.reading { right in left == right } }
  }

  public func hash(into hasher: inout Hasher) {
    reading { hasher.combine($0) }
  }
}

extension Film: CustomReflectable {
  /// The fields, as a film's debug description and `Mirror` show them: the
  /// stored properties of ``Fields``, so a new field shows here too.
  public var customMirror: Mirror {
    Mirror(self, children: Mirror(reflecting: fields).children, displayStyle: .struct)
  }
}

extension Film {
  /// Where a film's fields are: in a store its copies share, or to be
  /// decoded the first time one is read.
  @usableFromInline enum Storage: Sendable {
    case fields(Store)
    case later(Later)

    /// The object its copies share.
    var object: AnyObject {
      switch self {
      case .fields(let store): return store
      case .later(let later): return later
      }
    }
  }

  /// The store a film and its copies share.
  @usableFromInline final class Store: Sendable {
    @usableFromInline let fields: Fields

    init(_ fields: Fields) {
      self.fields = fields
    }
  }

  /// A film decoded the first time one of its fields is read (``Film/init(id:decoding:)``).
  @usableFromInline final class Later: Sendable {
    /// The fields, once one of them was read.
    @usableFromInline let fields = AtomicLazyReference<Store>()
    let id: String
    private let decode: @Sendable () -> Film

    init(id: String, decode: @escaping @Sendable () -> Film) {
      self.id = id
      self.decode = decode
    }

    /// The fields, decoded now if they are not there yet.
    @inlinable var decoded: Store {
      fields.load() ?? decodeNow()
    }

    /// Decodes the fields, and keeps the first that any thread stores.
    @usableFromInline func decodeNow() -> Store {
      var decoded = decode().fields
      decoded.id = id
      return fields.storeIfNil(Store(decoded))
    }
  }
}
