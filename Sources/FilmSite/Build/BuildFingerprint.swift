import FilmCatalog
import FilmSiteSupport
import Foundation

/// One hash of everything a build's output depends on: the films in the
/// order they came (or, for a catalog file, its bytes), the content folder's
/// notes and pages, the theme as it was loaded, the site's settings, the
/// FilmSite program itself and the libcmark it runs with.
///
/// The writer keeps it in the output folder's manifest. When the next build
/// has the same fingerprint and the folder is as FilmSite left it, that
/// build has nothing to do and stops before rendering a page: the no-op
/// rebuild of a 100,000-film catalog costs reading and hashing the file and
/// one `stat` per file of the site.
enum BuildFingerprint {
  static func make(
    films: [Film], content: SiteContent = .empty, theme: Theme, configuration: SiteConfiguration
  ) throws -> ContentHash {
    var hasher = try settings(theme: theme, configuration: configuration)
    hasher.combine(content.hash)
    hasher.combine(films.count)
    let filmHashes = films.parallelMap(hash(of:))
    for filmHash in filmHashes { hasher.combine(filmHash) }
    return hasher.finalize()
  }

  /// The fingerprint of a build from a catalog file, known before its films
  /// are decoded: the file's bytes stand for its films (and for the credit its
  /// header may give), with the query and page cap that pick from them.
  static func make(
    catalog: CatalogFile, query: String, maxPages: Int?, content: SiteContent = .empty,
    theme: Theme, configuration: SiteConfiguration
  ) throws -> ContentHash {
    var hasher = try settings(theme: theme, configuration: configuration)
    hasher.combine(content.hash)
    hasher.combine("catalog file")
    hasher.combine(query)
    hasher.combine(maxPages)
    hasher.combine(hash(of: catalog.bytes))
    return hasher.finalize()
  }

  /// What a build depends on besides its films: the settings, the theme,
  /// the program and its libcmark, the content folder, and what the pull
  /// picks from the source. Two builds with the same value and the same
  /// films make the same site (``SiteState``).
  /// - Parameter leavingOutFilmTemplate: Leave the film template out too:
  ///   what else the site was built from, which a state keeps with the
  ///   template's source (``KeptFilmTemplate``).
  static func allButFilms(
    theme: Theme, configuration: SiteConfiguration, content: SiteContent, query: String,
    maxPages: Int?, leavingOutFilmTemplate: Bool = false
  ) throws -> ContentHash {
    var hasher = try settings(
      theme: theme, configuration: configuration, leavingOutFilm: leavingOutFilmTemplate)
    hasher.combine(content.hash)
    hasher.combine("all but the films")
    hasher.combine(query)
    hasher.combine(maxPages)
    return hasher.finalize()
  }

  /// What each kind of page depends on besides its own inputs: the
  /// program, its libcmark, the settings and the templates it is rendered
  /// with (``SiteKeys``). They start each ``PageKeys`` key.
  static func siteKeys(theme: Theme, configuration: SiteConfiguration) throws -> SiteKeys {
    let program = try programAndSettings(configuration).finalize()
    func key(_ kind: String, _ templates: [Template]) -> ContentHash {
      var hasher = ContentHasher()
      hasher.combine(program)
      hasher.combine(kind)
      hasher.combine(Theme.hash(of: templates))
      return hasher.finalize()
    }
    return SiteKeys(
      film: key("film", [theme.layout, theme.film]),
      list: key("list", [theme.layout, theme.index, theme.row]),
      terms: key("terms", [theme.layout, theme.terms]),
      page: key("page", [theme.layout, theme.page]),
      search: key("search", []), filmShowsIndexPage: theme.filmShowsIndexPage)
  }

  /// What each film's hash and its footprint (``FilmFootprint``) are made
  /// with besides the film: the program, which decodes and checks it, its
  /// libcmark, the settings and `row.html`. A state with the same key lends
  /// a build the hashes and footprints of its unchanged films (``SiteState``),
  /// whatever other template changed.
  static func filmsKey(theme: Theme, configuration: SiteConfiguration) throws -> ContentHash {
    var hasher = try programAndSettings(configuration)
    hasher.combine("films")
    hasher.combine(Theme.hash(of: [theme.row]))
    return hasher.finalize()
  }

  /// What every build depends on besides its films.
  private static func settings(
    theme: Theme, configuration: SiteConfiguration, leavingOutFilm: Bool = false
  ) throws -> ContentHasher {
    var hasher = try programAndSettings(configuration)
    hasher.combine(theme.contentHash(leavingOutFilm: leavingOutFilm))
    return hasher
  }

  /// A hasher of the program, its libcmark and `configuration`: what every
  /// page and every film's hash depend on.
  private static func programAndSettings(_ configuration: SiteConfiguration) throws
    -> ContentHasher
  {
    var hasher = ContentHasher()
    hasher.combine(ProgramIdentity.current)
    hasher.combine(MarkdownRenderer.libraryVersion)
    hasher.combine(try configurationData(configuration))
    return hasher
  }

  /// Large input is hashed a mebibyte at a time on every core.
  static func hash(of data: Data) -> ContentHash {
    let chunk = 1 << 20
    let starts = Array(stride(from: 0, to: data.count, by: chunk))
    let hashes = starts.parallelMap { start in
      ContentHash(data[data.startIndex + start..<data.startIndex + min(start + chunk, data.count)])
    }
    var hasher = ContentHasher()
    hasher.combine(data.count)
    for chunkHash in hashes { hasher.combine(chunkHash) }
    return hasher.finalize()
  }

  /// Every field of `film`, from the table of ``FilmField/all``, each
  /// value marked with its kind so that no two films hash alike by accident.
  static func hash(of film: Film) -> ContentHash {
    var hasher = ContentHasher()
    for field in FilmField.all {
      switch field.value(in: film) {
      case .absent:
        hasher.combine(ContentHash(value: 0))
      case .text(let text):
        hasher.combine(ContentHash(value: 1))
        hasher.combine(text)
      case .integer(let number):
        hasher.combine(ContentHash(value: 2))
        hasher.combine(ContentHash(value: UInt64(bitPattern: Int64(number))))
      case .texts(let texts):
        hasher.combine(ContentHash(value: 3))
        hasher.combine(texts.count)
        for text in texts { hasher.combine(text) }
      case .number(let number):
        hasher.combine(ContentHash(value: 4))
        hasher.combine(ContentHash(value: number.bitPattern))
      case .cast(let cast):
        hasher.combine(ContentHash(value: 5))
        hasher.combine(cast.count)
        for member in cast {
          hasher.combine(member.name)
          hasher.combine(member.character)
        }
      case .trailer(let trailer):
        hasher.combine(ContentHash(value: 6))
        hasher.combine(trailer.site)
        hasher.combine(trailer.key)
      }
    }
    return hasher.finalize()
  }

  private static func configurationData(_ configuration: SiteConfiguration) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return try encoder.encode(configuration)
  }
}
