import FilmSiteSupport
import Foundation

/// Writes a ``CatalogSnapshot`` as JSON by hand, byte for byte as Foundation's
/// `JSONEncoder` with `.prettyPrinted`, `.sortedKeys` and
/// `.withoutEscapingSlashes` wrote it (two-space indent, `"key" : value`,
/// keys in sorted order, films in their order), but about ten times faster:
/// the encoder was a tenth of a 2,000-page pull.
///
/// Strings are written by ``JSONStringLiteral``. Nothing depends on the
/// clock, a hash seed or a locale, so the same snapshot always gives the same
/// bytes.
struct SnapshotJSONWriter {
  private(set) var bytes: [UInt8] = []

  /// The snapshot as JSON with a final newline.
  static func json(_ snapshot: CatalogSnapshot) -> [UInt8] {
    var writer = SnapshotJSONWriter()
    // About 250 bytes per film in practice; a guess only, the array grows if needed.
    writer.bytes.reserveCapacity(512 + snapshot.results.count * 256)
    writer.raw("{\n")
    writer.key("filmsite", indent: 1)
    writer.header(snapshot.filmsite)
    writer.raw(",\n")
    writer.key("results", indent: 1)
    if snapshot.results.isEmpty {
      writer.raw("[\n\n  ]")
    } else {
      writer.raw("[\n")
      for (index, film) in snapshot.results.enumerated() {
        if index > 0 { writer.raw(",\n") }
        writer.film(film, indent: 2)
      }
      writer.raw("\n  ]")
    }
    writer.raw("\n}\n")
    return writer.bytes
  }

  private mutating func header(_ header: CatalogSnapshot.Header) {
    raw("{\n")
    if let attribution = header.attribution {
      key("attribution", indent: 2)
      raw("{\n")
      key("text", indent: 3)
      string(attribution.text)
      raw(",\n")
      key("url", indent: 3)
      string(attribution.url)
      raw("\n    },\n")
    }
    key("pulledAt", indent: 2)
    string(header.pulledAt)
    raw(",\n")
    key("query", indent: 2)
    string(header.query)
    raw(",\n")
    key("source", indent: 2)
    string(header.source)
    raw("\n  }")
  }

  /// A film's present fields, in sorted key order, as `Film.encode(to:)` gives them.
  private mutating func film(_ film: Film, indent: Int) {
    self.indent(indent)
    raw("{\n")
    var first = true
    func next(_ name: StaticString, _ writer: inout SnapshotJSONWriter) {
      if !first { writer.raw(",\n") }
      first = false
      writer.key(name, indent: indent + 1)
    }
    if let director = film.director {
      next("director", &self)
      string(director)
    }
    if !film.genres.isEmpty {
      next("genres", &self)
      raw("[\n")
      for (index, genre) in film.genres.enumerated() {
        if index > 0 { raw(",\n") }
        self.indent(indent + 2)
        string(genre)
      }
      raw("\n")
      self.indent(indent + 1)
      raw("]")
    }
    next("id", &self)
    string(film.id)
    if let overview = film.overview {
      next("overview", &self)
      string(overview)
    }
    if let posterPath = film.posterPath {
      next("posterPath", &self)
      string(posterPath)
    }
    if let runtime = film.runtime {
      next("runtime", &self)
      integer(runtime)
    }
    next("title", &self)
    string(film.title)
    if let year = film.year {
      next("year", &self)
      integer(year)
    }
    raw("\n")
    self.indent(indent)
    raw("}")
  }

  private mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  private mutating func indent(_ level: Int) {
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
  }

  /// An indented key and its separator; keys are ASCII names that need no escaping.
  private mutating func key(_ name: StaticString, indent level: Int) {
    indent(level)
    bytes.append(UInt8(ascii: "\""))
    raw(name)
    raw("\" : ")
  }

  private mutating func integer(_ value: Int) {
    bytes.append(contentsOf: String(value).utf8)
  }

  /// A JSON string, as ``JSONStringLiteral`` writes it.
  mutating func string(_ value: String) {
    JSONStringLiteral.append(value, to: &bytes)
  }
}
