import FilmCatalog
import FilmSiteSupport

/// The index's keys: one for the whole index, which its manifest is made
/// from and which lets a rebuild reuse every file without looking at a
/// film's words, and one for each chunk, from its films' lines.
extension SearchIndex {
  /// One key for the whole index, which its manifest is made from, from
  /// each film's part of it (``filmHashes(for:castPagesPerFilm:)``, which a
  /// plan makes while it groups the films: ``SitePlan/searchHashes``): it
  /// changes when a film's title, director, year, route or shown actors
  /// change, or a film comes or goes, and the index's files are reused as a
  /// whole, without looking at a film's words, when none did.
  /// - Parameter site: The site key, so that a new program or setting makes the index again.
  static func key(
    filmHashes films: [ContentHash], site: ContentHash, maximumChunkFilms: Int = maximumChunkFilms,
    castPagesPerFilm: Int
  ) -> ContentHash {
    var hasher = ContentHasher()
    hasher.combine(site)
    hasher.combine("search")
    hasher.combine(maximumChunkFilms)
    hasher.combine(castPagesPerFilm)
    hasher.combine(films.count)
    for film in films { hasher.combine(film) }
    return hasher.finalize()
  }

  /// Each film's part of the index's key: its title, director, year, route
  /// and shown actors, which are all its line in the index is made from.
  static func filmHashes(for entries: [(film: Film, route: Route)], castPagesPerFilm: Int)
    -> [ContentHash]
  {
    entries.parallelMap { entry in
      var hasher = ContentHasher()
      hasher.combine(entry.film.title)
      hasher.combine(entry.film.director)
      hasher.combine(entry.film.year)
      entry.route.combine(into: &hasher)
      let actors = Taxonomy.names(of: entry.film, kind: .cast, castPagesPerFilm: castPagesPerFilm)
      hasher.combine(actors.count)
      for actor in actors { hasher.combine(actor) }
      return hasher.finalize()
    }
  }

  /// The key of the chunk filed under `name`: the site key and the hashes of its films'
  /// lines (`lines`, by film), in its order, which are all its bytes are made from.
  static func chunkKey(
    _ name: String, films: [Int32], lines: [ContentHash], site: ContentHash
  ) -> ContentHash {
    chunkKey(name, films: films, site: site) { lines[Int($0)] }
  }

  /// ``chunkKey(_:films:lines:site:)`` with the hash of the line of the film
  /// at each position given by `lineHash`.
  static func chunkKey(
    _ name: String, films: [Int32], site: ContentHash, lineHash: (Int32) -> ContentHash
  ) -> ContentHash {
    var hasher = ContentHasher()
    hasher.combine(site)
    hasher.combine("search chunk")
    hasher.combine(name)
    hasher.combine(films.count)
    for film in films { hasher.combine(lineHash(film)) }
    return hasher.finalize()
  }
}
