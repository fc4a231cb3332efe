import FilmCatalog

/// The static index that `search/`'s script reads: a small manifest and chunks of films.
///
/// Every film is filed under the first letters of each word of its title,
/// director and year (``SearchFolding``): two characters of a word (`ma` for
/// `Matrix`), four of a number (`1999`). A chunk that would hold more than
/// ``maximumChunkFilms`` films is split by one more letter (`mat`, `mad`…),
/// again and again, except for the words that are exactly its key: the keys
/// partition the words by prefix, so the chunks a query word needs are those
/// whose key starts with it or that it starts with. The script loads the
/// chunks of one word of the query (the one whose chunks hold fewest films)
/// and checks the other words itself. The manifest, `search/index.json`, lists
/// each chunk's key, file and film count:
///
/// ```json
/// {"version": 1, "films": 113, "chunks": [
/// {"key": "ma", "file": "ma.json", "films": 4},
/// …]}
/// ```
///
/// A chunk is an array of films in site order, each
/// `[title, director or null, year or null, URL from the site root]`.
public enum SearchIndex {
  /// The folder of the index, from the site root.
  public static let folder = "search"
  /// The manifest, from the site root.
  public static let manifestPath = "search/index.json"
  /// The theme's search script, from the site root.
  static let scriptPath = "assets/search.js"
  /// The most films in a chunk before it is split by one more letter (about 100 KB).
  public static let maximumChunkFilms = 1_000

  /// The manifest and the chunks for `entries`, which are in site order.
  /// - Parameter maximumChunkFilms: The most films in a chunk whose words can be split further.
  public static func files(
    for entries: [(film: Film, route: Route)], maximumChunkFilms: Int = maximumChunkFilms
  ) -> [OutputFile] {
    var all: [OutputFile] = []
    Self.files(for: entries, maximumChunkFilms: maximumChunkFilms) { all += $0 }
    return all
  }

  /// Like ``files(for:maximumChunkFilms:)``, handing the files to `sink` a few
  /// megabytes at a time, so that a large index is never in memory whole.
  public static func files(
    for entries: [(film: Film, route: Route)], maximumChunkFilms: Int = maximumChunkFilms,
    into sink: ([OutputFile]) throws -> Void
  ) rethrows {
    var lines: [String] = []
    lines.reserveCapacity(entries.count)
    // Each distinct word, with the films (positions in `lines`) that have it, in site order.
    var filmsByWord: [String: [Int32]] = [:]
    var unfindable: [Int32] = []
    // Folding the words and writing the line of a film are independent of
    // other films, so they run on every core, a block of films at a time so
    // that the words of every film are never held at once.
    let blockSize = 8192
    for blockStart in stride(from: 0, to: entries.count, by: blockSize) {
      let block = Array(entries[blockStart..<min(blockStart + blockSize, entries.count)])
      let prepared = SiteRenderer.concurrentMap(block) { entry in
        (words: words(of: entry.film), line: line(for: entry.film, at: entry.route))
      }
      for film in prepared {
        let position = Int32(lines.count)
        lines.append(film.line)
        // A film with no letter or digit in its title, director and year cannot be
        // found by a query, but is still filed (under the empty key) so that the
        // index lists every film.
        if film.words.isEmpty { unfindable.append(position) }
        for word in film.words {
          // A word that comes twice in one film: its list already ends with the film.
          if filmsByWord[word]?.last != position {
            filmsByWord[word, default: []].append(position)
          }
        }
      }
    }

    var chunks: [(key: String, films: [Int32])] = []
    if !unfindable.isEmpty { chunks.append(("", unfindable)) }
    var groups: [String: [String]] = [:]
    for word in filmsByWord.keys { groups[initialKey(of: word), default: []].append(word) }
    for (key, words) in groups {
      split(
        key: key, words: words, filmsByWord: filmsByWord, limit: maximumChunkFilms,
        into: &chunks)
    }
    chunks.sort { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }

    var files: [OutputFile] = []
    var pendingBytes = 0
    var listed: [String] = []
    listed.reserveCapacity(chunks.count)
    for chunk in chunks {
      let file = fileName(of: chunk.key)
      var text = "[\n"
      for (offset, position) in chunk.films.enumerated() {
        if offset > 0 { text += ",\n" }
        text += lines[Int(position)]
      }
      text += "\n]\n"
      files.append(OutputFile(path: folder + "/" + file, text: text))
      pendingBytes += text.utf8.count
      if pendingBytes > 4 << 20 {
        try sink(files)
        files = []
        pendingBytes = 0
      }
      listed.append(
        "{\"key\": \(JSONStringLiteral.quoted(chunk.key)), \"file\": \(JSONStringLiteral.quoted(file)), \"films\": \(chunk.films.count)}"
      )
    }
    let manifest =
      "{\"version\": 1, \"films\": \(entries.count), \"chunks\": [\n"
      + listed.joined(separator: ",\n") + "\n]}\n"
    files.append(OutputFile(path: manifestPath, text: manifest))
    try sink(files)
  }

  /// The folded words a film is found by: its title's, its director's and its year.
  private static func words(of film: Film) -> [String] {
    var words = SearchFolding.words(film.title)
    if let director = film.director { words += SearchFolding.words(director) }
    if let year = film.year { words += SearchFolding.words(String(year)) }
    return words
  }

  /// A film's entry in a chunk: `[title, director or null, year or null, URL]`.
  private static func line(for film: Film, at route: Route) -> String {
    "[" + JSONStringLiteral.quoted(film.title) + ","
      + (film.director.map(JSONStringLiteral.quoted) ?? "null") + ","
      + (film.year.map { String($0) } ?? "null") + ","
      + JSONStringLiteral.quoted(route.description) + "]"
  }

  /// Files `words`, which all start with `key`, under `key`, or splits them by
  /// one more character when their films are more than `limit`.
  private static func split(
    key: String, words: [String], filmsByWord: [String: [Int32]], limit: Int,
    into chunks: inout [(key: String, films: [Int32])]
  ) {
    let films = union(words.map { filmsByWord[$0] ?? [] })
    let keyLength = key.unicodeScalars.count
    let longer = words.filter { $0.unicodeScalars.count > keyLength }
    guard films.count > limit, !longer.isEmpty else {
      chunks.append((key, films))
      return
    }
    let exact = words.filter { $0.unicodeScalars.count <= keyLength }
    if !exact.isEmpty { chunks.append((key, union(exact.map { filmsByWord[$0] ?? [] }))) }
    var groups: [String: [String]] = [:]
    for word in longer {
      groups[
        String(String.UnicodeScalarView(word.unicodeScalars.prefix(keyLength + 1))), default: []
      ]
      .append(word)
    }
    for (longerKey, group) in groups {
      split(key: longerKey, words: group, filmsByWord: filmsByWord, limit: limit, into: &chunks)
    }
  }

  /// The films of several sorted lists, sorted, each once.
  private static func union(_ lists: [[Int32]]) -> [Int32] {
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

  /// A key of lowercase ASCII letters and digits is its own file name; any
  /// other key is written as `_` and the hex of its UTF-8 bytes (the empty key
  /// as `_`).
  static func fileName(of key: String) -> String {
    let isPlain = key.utf8.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
    if isPlain, !key.isEmpty { return key + ".json" }
    let digits = Array("0123456789abcdef".unicodeScalars)
    var name = "_"
    for byte in key.utf8 {
      name.unicodeScalars.append(digits[Int(byte >> 4)])
      name.unicodeScalars.append(digits[Int(byte & 0x0F)])
    }
    return name + ".json"
  }
}
