import FilmSiteSupport
import Foundation

/// Writes a ``CatalogSnapshot`` as JSON by hand, byte for byte as Foundation's
/// `JSONEncoder` with `.prettyPrinted`, `.sortedKeys` and
/// `.withoutEscapingSlashes` writes it (two-space indent, `"key" : value`,
/// keys in sorted order, films in their order): the fast path of
/// ``CatalogSnapshot/data()``, with the encoder as its reference. A film's
/// fields are those of ``FilmField/all``.
///
/// Strings are written by ``JSONStringLiteral``. Nothing depends on the
/// clock, a hash seed or a locale, so the same snapshot always gives the same
/// bytes.
struct SnapshotJSONWriter {
  private(set) var bytes: [UInt8] = []

  /// A number JSON cannot spell (infinite, or not a number) in a film: the
  /// encoder refuses it too, and a snapshot holding it could not be read back.
  struct NonFiniteNumber: Error, Equatable, Sendable, LocalizedError {
    let film: String
    let field: String
    /// The number as Swift prints it: `inf`, `-inf`, `nan`.
    let value: String

    init(film: String, field: String, value: Double) {
      self.film = film
      self.field = field
      self.value = value.description
    }

    var errorDescription: String? {
      "film \(film): field \"\(field)\" is \(value), which JSON cannot hold"
    }
  }

  /// The snapshot as JSON with a final newline.
  /// - Throws: ``NonFiniteNumber`` for the first film with such a number.
  static func json(_ snapshot: CatalogSnapshot) throws(NonFiniteNumber) -> [UInt8] {
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
        try writer.film(film, indent: 2)
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

  /// The fields of ``FilmField/all`` in the order `.sortedKeys` puts their names.
  private static let fieldsInKeyOrder = FilmField.all.sorted { $0.name < $1.name }

  /// A film's present fields, in sorted key order, as `Film.encode(to:)` gives them.
  private mutating func film(_ film: Film, indent: Int) throws(NonFiniteNumber) {
    self.indent(indent)
    raw("{\n")
    var first = true
    for field in Self.fieldsInKeyOrder {
      let value = field.value(in: film)
      switch value {
      case .absent: continue
      case .texts(let texts) where texts.isEmpty: continue
      case .cast(let cast) where cast.isEmpty: continue
      default: break
      }
      if !first { raw(",\n") }
      first = false
      key(field.name, indent: indent + 1)
      switch value {
      case .absent: break
      case .text(let text): string(text)
      case .integer(let number): integer(number)
      case .number(let number):
        guard number.isFinite else {
          throw NonFiniteNumber(film: film.id, field: field.name, value: number)
        }
        self.number(number)
      case .texts(let texts):
        list(texts, indent: indent + 1) { writer, text, _ in writer.string(text) }
      case .cast(let cast):
        list(cast, indent: indent + 1) { writer, member, level in
          writer.object(
            [("character", member.character), ("name", member.name)], indent: level)
        }
      case .trailer(let trailer):
        object([("key", trailer.key), ("site", trailer.site)], indent: indent + 1)
      }
    }
    raw("\n")
    self.indent(indent)
    raw("}")
  }

  /// A list's elements, one per line at `level + 1`, then its closing bracket at `level`.
  private mutating func list<Element>(
    _ elements: [Element], indent level: Int,
    _ element: (inout SnapshotJSONWriter, Element, Int) -> Void
  ) {
    raw("[\n")
    for (index, value) in elements.enumerated() {
      if index > 0 { raw(",\n") }
      indent(level + 1)
      element(&self, value, level + 1)
    }
    raw("\n")
    indent(level)
    raw("]")
  }

  /// An object of string members, in the order given (sorted), leaving out
  /// the `nil` ones, as `encodeIfPresent` does; it begins where the writer is.
  private mutating func object(_ members: [(key: StaticString, value: String?)], indent level: Int)
  {
    raw("{\n")
    var first = true
    for (name, value) in members {
      guard let value else { continue }
      if !first { raw(",\n") }
      first = false
      key(name, indent: level + 1)
      string(value)
    }
    raw("\n")
    indent(level)
    raw("}")
  }

  /// A number as `JSONEncoder` writes a `Double`: its shortest form, without
  /// a `.0` when it is whole.
  private mutating func number(_ value: Double) {
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    bytes.append(contentsOf: text.utf8)
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

  /// A film field's key: an ASCII name like those above.
  private mutating func key(_ name: String, indent level: Int) {
    indent(level)
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: name.utf8)
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
