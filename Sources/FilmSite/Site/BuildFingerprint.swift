import FilmCatalog
import Foundation

/// One hash of everything a build's output depends on: the films in the
/// order they came, every file of the theme folder, the site's settings and
/// the FilmSite program itself.
///
/// The writer keeps it in the output folder's manifest. When the next build
/// has the same fingerprint and the folder is as FilmSite left it, that
/// build has nothing to do and stops before rendering a page: the no-op
/// rebuild of a 100,000-film site costs the catalog's decoding and one
/// `stat` per file.
enum BuildFingerprint {
  static func make(
    films: [Film], themeDirectory: String, configuration: SiteConfiguration
  ) throws -> ContentHash {
    var hasher = ContentHasher()
    hasher.combine(programHash())
    hasher.combine(try configurationData(configuration))
    for (path, data) in try themeFiles(in: themeDirectory) {
      hasher.combine(path)
      hasher.combine(data)
    }
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

  /// Every regular file below `directory`, by relative path, sorted.
  private static func themeFiles(in directory: String) throws -> [(String, Data)] {
    let manager = FileManager.default
    let paths = (try? manager.subpathsOfDirectory(atPath: directory)) ?? []
    return paths.sorted().compactMap { relative in
      let path = (directory as NSString).appendingPathComponent(relative)
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
      return manager.contents(atPath: path).map { (relative, $0) }
    }
  }
}
