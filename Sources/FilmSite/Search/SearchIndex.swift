import FilmCatalog
import FilmSiteSupport
import Foundation

/// The static index that `search/`'s script reads: a small manifest and chunks of films.
///
/// Every film is filed under the first letters of each word of its title,
/// director, year and first billed actors (those with a people page) (``SearchFolding``): two characters of a word (`ma` for
/// `Matrix`), four of a number (`1999`). A chunk that would hold more than
/// ``maximumChunkFilms`` films is split by one more letter (`mat`, `mad`…),
/// again and again, except for the words that are exactly its key: the keys
/// partition the words by prefix, so the chunks a query word needs are those
/// whose key starts with it or that it starts with. A word that is its
/// chunk's whole key and has more films than that is filed in pieces of about
/// half as many (``pieces(of:limit:routeHashes:)``), each a chunk with the same
/// key, so that a changed film rewrites a piece and not all of a common
/// word's films. The script loads the chunks of one word of the query (the
/// one whose chunks hold fewest films) and checks the other words itself.
/// The manifest, `search/index.json`, lists each chunk's key, file and film
/// count, a word's pieces in site order:
///
/// ```json
/// {"version": 1, "films": 113, "chunks": [
/// {"key": "ma", "file": "ma.json", "films": 4},
/// …
/// {"key": "night", "file": "night.0a1b2c3d4e5f6071.json", "films": 488},
/// …]}
/// ```
///
/// A chunk is an array of films in site order, each
/// `[title, director or null, year or null, URL from the site root]`, and
/// a fifth element, the actors' names, when the film has any.
///
/// A rebuild reuses the index whole when its one key
/// (``key(rows:site:maximumChunkFilms:castPagesPerFilm:)``) is the manifest's. Otherwise each
/// chunk has a key of its own, made from its films' lines in order, and only the chunks whose
/// lines changed are made again.
enum SearchIndex {
  /// The folder of the index, from the site root.
  static let folder = "search"
  /// The manifest, from the site root.
  static let manifestPath = "search/index.json"
  /// The theme's search script, from the site root.
  static let scriptPath = "assets/search.js"
  /// The most films in a chunk before it is split by one more letter (about 100 KB).
  static let maximumChunkFilms = 1_000

  /// The manifest and the chunks for `entries`, which are in site order.
  /// - Parameters:
  ///   - maximumChunkFilms: The most films in a chunk whose words can be split further.
  ///   - castPagesPerFilm: How many of each film's first billed actors it is found by.
  static func files(
    for entries: [(film: Film, route: Route)], maximumChunkFilms: Int = maximumChunkFilms,
    castPagesPerFilm: Int = SiteConfiguration.defaultCastPagesPerFilm
  ) -> [OutputFile] {
    var all: [OutputFile] = []
    Self.files(
      for: entries, key: ContentHash(value: 0), site: ContentHash(value: 0),
      maximumChunkFilms: maximumChunkFilms, castPagesPerFilm: castPagesPerFilm, reusing: .none
    ) { batch in
      for case .rendered(let file) in batch { all.append(file) }
    }
    return all
  }

  /// Like ``files(for:maximumChunkFilms:castPagesPerFilm:)``, handing the files to `sink` a few
  /// megabytes at a time, so that a large index is never in memory whole. Each chunk is made
  /// from the inputs of its own key (``chunkKey(_:films:lines:site:)``), and one that `reuse`
  /// finds in the current site is handed over as reused, not made.
  /// - Parameters:
  ///   - key: The index's one key (``key(rows:site:maximumChunkFilms:castPagesPerFilm:)``),
  ///     which the manifest, `search/index.json`, is made from.
  ///   - site: The site key, which every chunk's key starts from.
  /// - Returns: The chunks, in the index's order, for the state the next build starts from.
  @discardableResult
  static func files(
    for entries: [(film: Film, route: Route)], key: ContentHash, site: ContentHash,
    maximumChunkFilms: Int = maximumChunkFilms,
    castPagesPerFilm: Int = SiteConfiguration.defaultCastPagesPerFilm,
    reusing reuse: PageReuse, into sink: ([SiteFile]) throws -> Void
  ) rethrows -> [SearchChunk] {
    var lines = SearchLines()
    var unfindable: [Int32] = []
    // Each distinct word, with the films (positions in `lines`) that have it,
    // in site order; in partitions by the word's first byte, each filled by one core.
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let partitions = (0..<cores).map { WordPartition(index: $0, of: cores) }
    // Folding the words and writing the line of a film are independent of
    // other films, so they run on every core, a block of films at a time so
    // that the words of every film are never held at once; each core makes
    // the lines of a run of the block's films.
    let blockSize = 8192
    let runLength = 256
    for blockStart in stride(from: 0, to: entries.count, by: blockSize) {
      let blockEnd = min(blockStart + blockSize, entries.count)
      let prepared = Array(stride(from: blockStart, to: blockEnd, by: runLength)).parallelMap {
        start in
        var run = SearchLines.Run()
        var words: [[String]] = []
        for entry in entries[start..<min(start + runLength, blockEnd)] {
          let actors = Taxonomy.names(
            of: entry.film, kind: .cast, castPagesPerFilm: castPagesPerFilm)
          run.add(entry, actors: actors)
          words.append(Self.words(of: entry.film, actors: actors))
        }
        return (words: words, run: run)
      }
      // A film with no letter or digit in its title, director and year cannot be
      // found by a query, but is still filed (under the empty key) so that the
      // index lists every film.
      let wordLists = prepared.flatMap(\.words)
      for (offset, words) in wordLists.enumerated() where words.isEmpty {
        unfindable.append(Int32(blockStart + offset))
      }
      for part in prepared { lines.append(part.run) }
      partitions.parallelForEach { partition in partition.add(wordLists, from: Int32(blockStart)) }
    }
    var filmsByWord: [String: [Int32]] = [:]
    for partition in partitions {
      filmsByWord.merge(partition.taken()) { first, _ in first }
    }

    var chunks: [SearchChunk] = []
    if !unfindable.isEmpty { chunks.append(unfindableChunk(unfindable)) }
    var groups: [String: [String]] = [:]
    for word in filmsByWord.keys { groups[initialKey(of: word), default: []].append(word) }
    let routeHashes = routeHashes(of: entries)
    for (group, words) in groups {
      split(
        group: group, key: group, words: words, filmsByWord: filmsByWord,
        limit: maximumChunkFilms, routeHashes: routeHashes, into: &chunks)
    }
    chunks.sort { $0.precedes($1) }
    let lineHashes = lines.hashes
    chunks = chunks.parallelMap { chunk in
      var chunk = chunk
      chunk.key = chunkKey(chunk.name, films: chunk.films, lines: lineHashes, site: site)
      return chunk
    }
    try write(chunks, films: entries.count, key: key, reusing: reuse, into: sink, lines: lines) {
      line(of: entries[Int($0)], castPagesPerFilm: castPagesPerFilm)
    }
    return chunks
  }

  /// Hands `chunks` (in the index's order, each with its key) to `sink` as
  /// files, on every core and about four megabytes at a time, each as reused
  /// when `reuse` finds it, and then the manifest of an index of `films`
  /// films, made from `key`. A chunk is made from `lines`, and `otherLine`
  /// makes the line of a film that has none there.
  static func write(
    _ chunks: [SearchChunk], films: Int, key: ContentHash, reusing reuse: PageReuse,
    into sink: ([SiteFile]) throws -> Void, lines: SearchLines,
    otherLine: @escaping @Sendable (Int32) -> [UInt8]
  ) rethrows {
    let filmsPerHandOver = 40_000
    var start = 0
    while start < chunks.count {
      var end = start
      var count = 0
      while end < chunks.count, count < filmsPerHandOver {
        count += chunks[end].films.count
        end += 1
      }
      try sink(
        Array(chunks[start..<end]).parallelMap { chunk -> SiteFile in
          let path = folder + "/" + chunk.fileName
          if let entry = reuse.entry(path, chunk.key) { return .reused(path: path, entry: entry) }
          return .rendered(
            OutputFile(
              path: path, bytes: lines.chunk(chunk.films, otherLine: otherLine), key: chunk.key))
        })
      start = end
    }
    let listed = chunks.map { chunk in
      "{\"key\": \(JSONStringLiteral.quoted(chunk.name)), \"file\": \(JSONStringLiteral.quoted(chunk.fileName)), \"films\": \(chunk.films.count)}"
    }
    let manifest =
      "{\"version\": 1, \"films\": \(films), \"chunks\": [\n"
      + listed.joined(separator: ",\n") + "\n]}\n"
    try sink([.rendered(OutputFile(path: manifestPath, text: manifest).made(from: key))])
  }

  /// Whether `path`, from the site root, is a file of the index: the manifest or a chunk, a
  /// `.json` file of ``folder`` (the search form page, `search/index.html`, is not one).
  static func isIndexFile(_ path: String) -> Bool {
    path.hasPrefix(folder + "/") && path.hasSuffix(".json")
      && !path.utf8.dropFirst(folder.utf8.count + 1).contains(UInt8(ascii: "/"))
  }

  /// The folded words a film is found by: its title's, its director's, its
  /// year and its `actors`' names.
  static func words(of film: Film, actors: [String]) -> [String] {
    var words = SearchFolding.words(film.title)
    if let director = film.director { words += SearchFolding.words(director) }
    if let year = film.year { words += SearchFolding.words(String(year)) }
    for actor in actors { words += SearchFolding.words(actor) }
    return words
  }

  /// Appends a film's entry in a chunk to `bytes`: `[title, director or
  /// null, year or null, URL]`, then `[actor, …]` when it has `actors`.
  static func appendLine(
    for film: Film, at route: Route, actors: [String], to bytes: inout [UInt8]
  ) {
    bytes.append(UInt8(ascii: "["))
    JSONStringLiteral.append(film.title, to: &bytes)
    bytes.append(UInt8(ascii: ","))
    if let director = film.director {
      JSONStringLiteral.append(director, to: &bytes)
    } else {
      bytes += "null".utf8
    }
    bytes.append(UInt8(ascii: ","))
    if let year = film.year { bytes.appendDecimal(year) } else { bytes += "null".utf8 }
    bytes.append(UInt8(ascii: ","))
    JSONStringLiteral.append(route.description, to: &bytes)
    if !actors.isEmpty {
      bytes += ",[".utf8
      for (index, actor) in actors.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        JSONStringLiteral.append(actor, to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// The line of `entry`, as ``appendLine(for:at:actors:to:)`` writes it,
  /// with the actors it is found by.
  static func line(of entry: (film: Film, route: Route), castPagesPerFilm: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    appendLine(
      for: entry.film, at: entry.route,
      actors: Taxonomy.names(of: entry.film, kind: .cast, castPagesPerFilm: castPagesPerFilm),
      to: &bytes)
    return bytes
  }

  /// Files `words`, which all start with `key`, under `key`, or splits them by
  /// one more character when their films are more than `limit`; each chunk
  /// of `group` (its key left to be made).
  /// A word that is its chunk's whole key cannot be split by a letter; its
  /// films, when more than `limit`, are filed in pieces
  /// (``pieces(of:limit:routeHashes:)``), with `routeHashes` giving the hash
  /// of the route of the film at each position (``routeHashes(of:)``).
  static func split(
    group: String, key: String, words: [String], filmsByWord: [String: [Int32]], limit: Int,
    routeHashes: [ContentHash], into chunks: inout [SearchChunk]
  ) {
    func append(_ key: String, _ words: [String], films: [Int32]) {
      guard films.count > limit, words == [key] else {
        chunks.append(
          SearchChunk(
            group: group, name: key,
            words: words.sorted().map { .init(text: $0, films: filmsByWord[$0] ?? []) },
            films: films, key: ContentHash(value: 0)))
        return
      }
      for piece in pieces(of: films, limit: limit, routeHashes: routeHashes) {
        chunks.append(
          SearchChunk(
            group: group, name: key, piece: routeHashes[Int(piece[0])].description,
            words: [.init(text: key, films: piece)], films: piece, key: ContentHash(value: 0)))
      }
    }
    let films = union(words.map { filmsByWord[$0] ?? [] })
    let keyLength = key.unicodeScalars.count
    let longer = words.filter { $0.unicodeScalars.count > keyLength }
    guard films.count > limit, !longer.isEmpty else {
      append(key, words, films: films)
      return
    }
    let exact = words.filter { $0.unicodeScalars.count <= keyLength }
    if !exact.isEmpty {
      append(key, exact, films: union(exact.map { filmsByWord[$0] ?? [] }))
    }
    var groups: [String: [String]] = [:]
    for word in longer {
      groups[
        String(String.UnicodeScalarView(word.unicodeScalars.prefix(keyLength + 1))), default: []
      ]
      .append(word)
    }
    for (longerKey, longerWords) in groups {
      split(
        group: group, key: longerKey, words: longerWords, filmsByWord: filmsByWord, limit: limit,
        routeHashes: routeHashes, into: &chunks)
    }
  }

  /// One word's `films` (in site order) in pieces of about half of `limit`
  /// films each: a piece ends after a film whose route's hash is a multiple
  /// of that, so a film added or removed changes the piece it is in and no
  /// other (and may join that piece to the next, or cut it in two).
  static func pieces(of films: [Int32], limit: Int, routeHashes: [ContentHash]) -> [[Int32]] {
    let size = UInt64(max(1, limit / 2))
    var pieces: [[Int32]] = [[]]
    for film in films {
      pieces[pieces.count - 1].append(film)
      if routeHashes[Int(film)].value % size == 0 { pieces.append([]) }
    }
    if pieces.count > 1, pieces[pieces.count - 1].isEmpty { pieces.removeLast() }
    return pieces
  }

  /// The hash of each film's route, by its position: where a word's films
  /// are cut into pieces (``pieces(of:limit:routeHashes:)``), and what each
  /// piece is named by. Made once, on every core, as a film is in many
  /// common words.
  static func routeHashes(of entries: [(film: Film, route: Route)]) -> [ContentHash] {
    entries.parallelMap { ContentHash($0.route.description) }
  }

  /// The chunk of the films no query finds, filed under the empty key as
  /// one empty word.
  static func unfindableChunk(_ films: [Int32]) -> SearchChunk {
    SearchChunk(
      group: "", name: "", words: [.init(text: "", films: films)], films: films,
      key: ContentHash(value: 0))
  }

  /// The films of several sorted lists, sorted, each once.
  static func union(_ lists: [[Int32]]) -> [Int32] {
    if lists.count == 1 { return lists[0] }
    var all = lists.flatMap { $0 }
    all.sort()
    var out: [Int32] = []
    out.reserveCapacity(all.count)
    for film in all where out.last != film { out.append(film) }
    return out
  }

  /// The chunk a word is filed under before large chunks are split: its first
  /// four characters when it is a number (years would otherwise share one
  /// chunk), its first two otherwise.
  static func initialKey(of word: String) -> String {
    let isNumber = word.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    return String(String.UnicodeScalarView(word.unicodeScalars.prefix(isNumber ? 4 : 2)))
  }

  /// The file of a piece of a key's films: the key's name, a dot and the
  /// piece's hex (which no key's name holds), or the key's own for no piece.
  static func fileName(of key: String, piece: String) -> String {
    guard !piece.isEmpty else { return fileName(of: key) }
    return String(fileName(of: key).dropLast(".json".count)) + "." + piece + ".json"
  }

  /// A key of lowercase ASCII letters and digits is its own file name; any
  /// other key is written as `_` and the hex of its UTF-8 bytes (the empty key
  /// as `_`), and so is `index`, whose own name is the manifest's.
  static func fileName(of key: String) -> String {
    let isPlain = key.utf8.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
    if isPlain, !key.isEmpty, key != "index" { return key + ".json" }
    let digits = Array("0123456789abcdef".unicodeScalars)
    var name = "_"
    for byte in key.utf8 {
      name.unicodeScalars.append(digits[Int(byte >> 4)])
      name.unicodeScalars.append(digits[Int(byte & 0x0F)])
    }
    return name + ".json"
  }
}
