import FilmCatalog
import Foundation

/// One hash of everything a build's output depends on: the films in the
/// order they came, the theme as it was loaded, the site's settings, the
/// FilmSite program itself and the libcmark it runs with.
///
/// The writer keeps it in the output folder's manifest. When the next build
/// has the same fingerprint and the folder is as FilmSite left it, that
/// build has nothing to do and stops before rendering a page: the no-op
/// rebuild of a 100,000-film site costs the catalog's decoding and one
/// `stat` per file.
enum BuildFingerprint {
  static func make(
    films: [Film], theme: Theme, configuration: SiteConfiguration
  ) throws -> ContentHash {
    var hasher = ContentHasher()
    hasher.combine(programHash())
    hasher.combine(MarkdownRenderer.libraryVersion)
    hasher.combine(try configurationData(configuration))
    hasher.combine(theme.contentHash)
    hasher.combine(films.count)
    let filmHashes = SiteRenderer.concurrentMap(films, hash(of:))
    for filmHash in filmHashes { hasher.combine(filmHash) }
    return hasher.finalize()
  }

  /// Every field of `film`. A field added to ``Film`` must be added here
  /// (a test counts the fields).
  static func hash(of film: Film) -> ContentHash {
    var hasher = ContentHasher()
    hasher.combine(film.id)
    hasher.combine(film.title)
    hasher.combine(film.year)
    hasher.combine(film.runtime)
    hasher.combine(film.director)
    hasher.combine(film.genres.count)
    for genre in film.genres { hasher.combine(genre) }
    hasher.combine(film.overview)
    hasher.combine(film.posterPath)
    return hasher.finalize()
  }

  /// The running program's bytes, so that a new FilmSite renders again
  /// even when nothing else changed.
  private static func programHash() -> ContentHash {
    let data = FileManager.default.contents(atPath: "/proc/self/exe")
    return data.map { ContentHash($0) } ?? ContentHash(value: 0)
  }

  private static func configurationData(_ configuration: SiteConfiguration) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return try encoder.encode(configuration)
  }
}
