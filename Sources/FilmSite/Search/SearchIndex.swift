import FilmCatalog

/// The static index that `search/`'s script reads: a small manifest and chunks of films.
///
/// Every film is filed under the first letters of each word of its title,
/// director and year (``SearchFolding``): two characters of a word (`ma` for
/// `Matrix`), four of a number (`1999`). A chunk holds every film with a word
/// that starts with its key, so the script loads only the chunks of one word of
/// the query (the one whose chunks are smallest) and checks the other words
/// itself. The manifest, `search/index.json`, lists each chunk's key, file and
/// film count:
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

  /// The manifest and the chunks for `entries`, which are in site order.
  public static func files(for entries: [(film: Film, route: Route)]) -> [OutputFile] {
    var chunks: [String: [String]] = [:]
    var directorWords: [String: [String]] = [:]
    for entry in entries {
      let film = entry.film
      var words = SearchFolding.words(film.title)
      if let director = film.director {
        if let cached = directorWords[director] {
          words += cached
        } else {
          let folded = SearchFolding.words(director)
          directorWords[director] = folded
          words += folded
        }
      }
      if let year = film.year { words += SearchFolding.words(String(year)) }
      var keys: [String] = []
      for word in words {
        let key = self.key(of: word)
        if !keys.contains(key) { keys.append(key) }
      }
      // A film with no letter or digit in its title, director and year cannot be
      // found by a query, but is still filed (under the empty key) so that the
      // index lists every film.
      if keys.isEmpty { keys = [""] }
      let line =
        "[" + JSONText.quoted(film.title) + ","
        + (film.director.map(JSONText.quoted) ?? "null") + ","
        + (film.year.map { String($0) } ?? "null") + ","
        + JSONText.quoted(entry.route.description) + "]"
      for key in keys { chunks[key, default: []].append(line) }
    }

    let keys = chunks.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    var files: [OutputFile] = []
    files.reserveCapacity(keys.count + 1)
    var listed: [String] = []
    listed.reserveCapacity(keys.count)
    for key in keys {
      let lines = chunks[key] ?? []
      let file = fileName(of: key)
      files.append(
        OutputFile(
          path: folder + "/" + file, text: "[\n" + lines.joined(separator: ",\n") + "\n]\n"))
      listed.append(
        "{\"key\": \(JSONText.quoted(key)), \"file\": \(JSONText.quoted(file)), \"films\": \(lines.count)}"
      )
    }
    let manifest =
      "{\"version\": 1, \"films\": \(entries.count), \"chunks\": [\n"
      + listed.joined(separator: ",\n") + "\n]}\n"
    files.append(OutputFile(path: manifestPath, text: manifest))
    return files
  }

  /// The chunk a word is filed under: its first four characters when it is a
  /// number (years would otherwise share one chunk), its first two otherwise.
  static func key(of word: String) -> String {
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
