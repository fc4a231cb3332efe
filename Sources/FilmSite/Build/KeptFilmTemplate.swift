import FilmSiteSupport

/// What a build's state keeps of its film template, so that the next build
/// can tell an edit of that template's own text (``FilmTemplateEdit``): the
/// template's source, and one hash of everything else the site was built
/// from. Kept for an HTML film template only: a Markdown one goes through
/// cmark, whose output no edit of its text can be put into.
struct KeptFilmTemplate: Sendable, Equatable {
  /// ``BuildFingerprint/allButFilms(theme:configuration:content:query:maxPages:leavingOutFilmTemplate:)``
  /// with the film template left out.
  let otherSettings: ContentHash
  /// The film template's source, as UTF-8.
  let source: [UInt8]

  /// The film template of `theme` with `otherSettings`; `nil` for a Markdown one.
  init?(theme: Theme, otherSettings: ContentHash) {
    guard theme.film.language == .html else { return nil }
    self.init(otherSettings: otherSettings, source: Array(theme.film.source.utf8))
  }

  init(otherSettings: ContentHash, source: [UInt8]) {
    self.otherSettings = otherSettings
    self.source = source
  }

  /// The template, parsed again as the film template; `nil` when it no
  /// longer parses with this program's placeholders.
  func template() -> Template? {
    try? Template(
      source: String(decoding: source, as: UTF8.self), file: "film.html",
      language: .html, schema: Theme.Schemas.film)
  }

  /// The edit that turns this template into `theme`'s, when the rest of
  /// the site is built from the same (`otherSettings` equal) and the edit
  /// changes only the template's text (``FilmTemplateEdit``); `nil` otherwise.
  func edit(to theme: Theme, otherSettings: ContentHash) -> FilmTemplateEdit? {
    guard otherSettings == self.otherSettings, let old = template() else { return nil }
    return FilmTemplateEdit(from: old, to: theme.film, layout: theme.layout)
  }

  // MARK: The state's field

  /// Appends it as a state's header keeps it: the hash, a space, and the
  /// source's bytes in hexadecimal after an `x` (so an empty source is a field too).
  func append(to out: inout [UInt8]) {
    out += otherSettings.description.utf8
    out.append(UInt8(ascii: " "))
    out.append(UInt8(ascii: "x"))
    let digits = Array("0123456789abcdef".utf8)
    out.reserveCapacity(out.count + 2 * source.count)
    for byte in source {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0F)])
    }
  }

  /// Reads the two fields ``append(to:)`` writes; `nil` for anything else.
  init?(hash: ArraySlice<UInt8>, source: ArraySlice<UInt8>) {
    guard let otherSettings = ContentHash(hexDigits: hash), source.first == UInt8(ascii: "x"),
      source.count % 2 == 1
    else { return nil }
    func value(_ digit: UInt8) -> UInt8? {
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
      default: nil
      }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(source.count / 2)
    var index = source.index(after: source.startIndex)
    while index < source.endIndex {
      guard let high = value(source[index]), let low = value(source[index + 1]) else {
        return nil
      }
      bytes.append(high << 4 | low)
      index += 2
    }
    self.init(otherSettings: otherSettings, source: bytes)
  }
}
