import FilmCatalog
import FilmSiteSupport

/// The index's keys: one for the whole index, which its manifest is made
/// from and which lets a rebuild reuse every file without looking at a
/// film's words, and one for each chunk, from its films' lines.
extension SearchIndex {
  /// One key for the whole index, which its manifest is made from, from
  /// each film's hash and route in site order (``PageKeys/rows``): it
  /// changes when a film changes, moves or comes or goes, and the index's
  /// files are reused as a whole, without looking at a film's words, when
  /// none did.
  ///
  /// A film's line in the index is made from its title, director, year,
  /// route and shown actors, so a film whose hash changed for another field
  /// (its overview) changes the key too: the chunks are then decided one by
  /// one, by their lines (``chunkKey(_:films:lines:site:)``), and come out
  /// the same. The film hashes are known without reading a film whose bytes
  /// did not change (the state has them), which the fields are not.
  /// - Parameter site: The site key, so that a new program or setting makes the index again.
  static func key(
    rows: [ContentHash], site: ContentHash, maximumChunkFilms: Int = maximumChunkFilms,
    castPagesPerFilm: Int
  ) -> ContentHash {
    var hasher = ContentHasher()
    hasher.combine(site)
    hasher.combine("search")
    hasher.combine(maximumChunkFilms)
    hasher.combine(castPagesPerFilm)
    hasher.combine(rows.count)
    for row in rows { hasher.combine(row) }
    return hasher.finalize()
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
