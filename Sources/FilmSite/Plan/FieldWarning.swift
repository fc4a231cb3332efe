/// A film's value that the plan left out because no page could show it
/// safely, such as a rating of 11 or a `javascript:` homepage. The build goes
/// on without the value; `build` and `serve` print each warning as one line.
///
/// A value of the wrong JSON type is not a warning: the catalog reader fails
/// on it, naming the film and the field.
public struct FieldWarning: Sendable, Equatable, CustomStringConvertible {
  /// Why a value cannot be shown.
  enum Problem: Sendable, Equatable {
    /// A rating that is not a number from 0 to 10.
    case ratingOutOfRange
    /// A vote count below zero.
    case negativeVoteCount
    /// A homepage that is not an absolute `http(s)` URL with a host.
    case notHTTPURL
    /// An IMDb id that is not `tt` and digits.
    case notIMDbID
    /// A trailer on a site other than YouTube or Vimeo, or with a key that is
    /// not one of theirs.
    case unlinkableTrailer
    /// A release date that is not a day of the calendar written `YYYY-MM-DD`.
    case notCalendarDate
    /// An image path with a control character (a line break, escape, DEL…).
    case controlCharacter
    /// An image path that is a URL of another scheme: `javascript:`, `data:`.
    case scheme(String)
    /// An image path that starts with `//`: another host, without a scheme.
    case hostWithoutScheme
    /// An image path longer than ``ShownFields/maximumPathBytes``.
    case tooLong(bytes: Int)
    /// More billed performers than ``ShownFields/castLimit``; the first are kept.
    case castTooLong(count: Int)
  }

  /// The film's id and title, as the source gives them.
  let filmID: String
  let filmTitle: String
  /// The field's name in ``FilmField/all``: `homepage`, `rating`, ….
  let field: String
  /// The value as the film gives it, written as text: a number as Swift
  /// writes it, a text as it is, a trailer as its key and site.
  let value: String
  let problem: Problem

  /// The line printed for the warning, without the `warning: ` that the
  /// command line puts before it. Film text is shortened and its control
  /// and direction characters are made spaces, so a value cannot break the
  /// line or restyle the terminal.
  public var description: String {
    let film = "film \(Self.shownID(filmID)) \"\(Escaping.terminal(filmTitle, limit: 60))\""
    let value = Escaping.terminal(self.value, limit: 60)
    let quoted = "\"\(value)\""
    let what: String
    switch problem {
    case .ratingOutOfRange: what = "\(value) is not a rating from 0 to 10; left out"
    case .negativeVoteCount: what = "\(value) is not a count of votes (it is negative); left out"
    case .notHTTPURL: what = "\(quoted) is not an http(s) URL with a host; left out"
    case .notIMDbID: what = "\(quoted) is not an IMDb title id (tt and digits); left out"
    case .unlinkableTrailer:
      what = "\(value) is not a YouTube or Vimeo video that a page can link to; left out"
    case .notCalendarDate: what = "\(quoted) is not a calendar date (YYYY-MM-DD); left out"
    case .controlCharacter: what = "\(quoted) holds a control character; left out"
    case .scheme(let scheme):
      what = "\(quoted) is a \(scheme): URL, not an image path or an http(s) URL; left out"
    case .hostWithoutScheme:
      what = "\(quoted) starts with //, a host without http(s); left out"
    case .tooLong(let bytes):
      what =
        "\(quoted) is \(bytes) bytes long; an image path may have at most \(ShownFields.maximumPathBytes); left out"
    case .castTooLong(let count):
      what = "\(count) performers; the first \(ShownFields.castLimit) are kept, the rest left out"
    }
    return "\(film): field \"\(field)\": \(what)"
  }

  /// The id as the line shows it: as it is when it is short visible ASCII
  /// without quotes (`426`, `tt-1`), quoted and made safe otherwise.
  private static func shownID(_ id: String) -> String {
    let plain =
      !id.isEmpty && id.utf8.count <= 40
      && id.utf8.allSatisfy { (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\"") }
    return plain ? id : "\"\(Escaping.terminal(id, limit: 40))\""
  }
}
