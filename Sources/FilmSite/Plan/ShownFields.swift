import FilmCatalog
import FilmSiteSupport

/// The plan stage's check of the values a film's pages show. A value of the
/// right JSON type that no page can show safely is left out of the film the
/// plan keeps, with a ``FieldWarning``, so templates, structured data, the
/// search index and the people pages never see it:
///
/// - `rating` must be finite and from 0 to 10, `voteCount` at least 0 (a
///   rating keeps its place when only its vote count is left out);
/// - `homepage` must make a ``Film/homepageURL``, `imdbId` be an IMDb title
///   id (``Film/isIMDbID(_:)``), `trailer` make a ``Film/trailerURL``;
/// - `releaseDate` must be a calendar date, `YYYY-MM-DD`;
/// - `posterPath` and `backdropPath` must be a path on the image base or an
///   absolute `http(s)` URL: no other scheme (`javascript:`, `data:`), no
///   `//host` without one, no control characters, at most
///   ``maximumPathBytes``;
/// - `cast` keeps its first ``castLimit`` entries with a name, with a
///   warning when it has more.
///
/// Some values are left out without a warning, as there is nothing in them
/// to show: blank text in the fields above, cast entries whose name is
/// blank; a blank character becomes `nil`.
enum ShownFields {
  /// The most billed performers a film keeps. Pages, structured data and
  /// people pages show only the first few; this bounds what a single film
  /// can make every later stage carry.
  static let castLimit = 1_000
  /// The longest poster or backdrop path kept, in UTF-8 bytes: the homepage's
  /// limit, and far more than any image path or URL needs.
  static let maximumPathBytes = 2_048

  /// `films` as the plan keeps them, in the same order; a warning for each
  /// value left out, film by film in that order; and for each film, whether
  /// a value was left out of it.
  /// - Parameter whole: For each film, whether it is known to have nothing
  ///   to leave out: decoded from the bytes the last build checked, by the
  ///   same program, and left whole then (``SiteState``). Such a film is kept
  ///   as it is without reading its values again.
  static func checked(_ films: [Film], whole: [Bool]? = nil) -> (
    films: [Film], warnings: [FieldWarning], leftOut: [Bool]
  ) {
    let toCheck =
      whole.flatMap { whole in
        whole.count == films.count ? films.indices.filter { !whole[$0] } : nil
      } ?? Array(films.indices)
    let checked = toCheck.parallelMap { Self.checked(films[$0]) }
    // Most films have nothing left out: they are the films given, not copies.
    var kept = films
    var warnings: [FieldWarning] = []
    var leftOut = [Bool](repeating: false, count: films.count)
    for (index, film) in zip(toCheck, checked) {
      warnings += film.warnings
      guard film.leftOut else { continue }
      kept[index] = film.film
      leftOut[index] = true
    }
    return (kept, warnings, leftOut)
  }

  /// `film` without the values it cannot show, a warning for each (in the
  /// order of ``FilmField/all``), and whether a value was left out, with or
  /// without a warning. A film with nothing to leave out is returned as it is.
  static func checked(_ film: Film) -> (film: Film, warnings: [FieldWarning], leftOut: Bool) {
    var warnings: [FieldWarning] = []
    var changes: [(inout Film.Fields) -> Void] = []
    func leaveOut<Value>(_ field: WritableKeyPath<Film.Fields, Value?>) {
      changes.append { $0[keyPath: field] = nil }
    }
    func warn(_ name: String, _ value: String, _ problem: FieldWarning.Problem) {
      warnings.append(
        FieldWarning(
          filmID: film.id, filmTitle: film.title, field: name, value: value, problem: problem))
    }
    // A text field: left out silently when blank, with a warning when `problem` finds one.
    func check(
      _ field: WritableKeyPath<Film.Fields, String?>, named name: String,
      _ problem: (String) -> FieldWarning.Problem?
    ) {
      guard let text = film[dynamicMember: field] else { return }
      if text.isBlank {
        leaveOut(field)
      } else if let problem = problem(text) {
        leaveOut(field)
        warn(name, text, problem)
      }
    }

    check(\.posterPath, named: "posterPath", imagePathProblem)
    check(\.releaseDate, named: "releaseDate") { isCalendarDate($0) ? nil : .notCalendarDate }
    if let rating = film.rating, !(rating.isFinite && (0...10).contains(rating)) {
      leaveOut(\.rating)
      warn("rating", numberText(rating), .ratingOutOfRange)
    }
    if let votes = film.voteCount, votes < 0 {
      leaveOut(\.voteCount)
      warn("voteCount", String(votes), .negativeVoteCount)
    }
    if let cast = castShown(film.cast) {
      changes.append { $0.cast = cast }
      if film.cast.count > castLimit {
        let named = film.cast.lazy.filter { !$0.name.isBlank }.count
        if named > castLimit { warn("cast", "", .castTooLong(count: named)) }
      }
    }
    check(\.backdropPath, named: "backdropPath", imagePathProblem)
    if let trailer = film.trailer, film.trailerURL == nil {
      leaveOut(\.trailer)
      let key = Escaping.terminal(trailer.key, limit: 24)
      let site = Escaping.terminal(trailer.site, limit: 24)
      warn("trailer", "\"\(key)\" on \"\(site)\"", .unlinkableTrailer)
    }
    check(\.imdbId, named: "imdbId") { Film.isIMDbID($0) ? nil : .notIMDbID }
    check(\.homepage, named: "homepage") { _ in film.homepageURL == nil ? .notHTTPURL : nil }

    guard !changes.isEmpty else { return (film, warnings, false) }
    let kept = film.with { fields in
      for change in changes { change(&fields) }
    }
    return (kept, warnings, true)
  }

  /// The cast a page may show, or `nil` when `cast` is that already:
  /// entries with a name, their blank characters made `nil`, the first
  /// ``castLimit`` of them.
  static func castShown(_ cast: [Film.CastMember]) -> [Film.CastMember]? {
    let isShown = { (member: Film.CastMember) in
      !member.name.isBlank && !(member.character?.isBlank ?? false)
    }
    guard cast.count > castLimit || !cast.allSatisfy(isShown) else { return nil }
    var shown: [Film.CastMember] = []
    shown.reserveCapacity(min(cast.count, castLimit))
    for member in cast where !member.name.isBlank {
      guard shown.count < castLimit else { break }
      var member = member
      if let character = member.character, character.isBlank { member.character = nil }
      shown.append(member)
    }
    return shown
  }

  /// Why `path` cannot stand for a poster or backdrop, or `nil` when it can:
  /// a path joined to the image base, or an absolute `http(s)` URL, both of
  /// which ``Film/posterURL(base:)`` percent-encodes.
  static func imagePathProblem(_ path: String) -> FieldWarning.Problem? {
    let bytes = path.utf8
    guard bytes.count <= maximumPathBytes else { return .tooLong(bytes: bytes.count) }
    if hasControlCharacter(bytes) { return .controlCharacter }
    let trimmed = path.trimmingSpaces().utf8
    if let scheme = scheme(of: trimmed) {
      guard scheme == "http" || scheme == "https" else { return .scheme(scheme) }
      // The scheme must be followed by `//` and a host: `https:x` is not a URL of one.
      let rest = trimmed.dropFirst(scheme.utf8.count + 1)
      guard rest.starts(with: "//".utf8), let host = rest.dropFirst(2).first,
        !"/?#@:\\".utf8.contains(host)
      else { return .notHTTPURL }
      return nil
    }
    let slash = UInt8(ascii: "/")
    let backslash = UInt8(ascii: "\\")
    // Browsers read `\` as `/` in a URL, so `\\host` names a host as `//host` does.
    if let first = trimmed.first, let second = trimmed.dropFirst().first,
      first == slash || first == backslash, second == slash || second == backslash
    {
      return .hostWithoutScheme
    }
    return nil
  }

  /// The lowercased scheme `text` starts with (`javascript` in
  /// `JavaScript:alert(1)`), as RFC 3986 spells one: a letter, then letters,
  /// digits, `+`, `-` or `.`, then `:`. `nil` for a path.
  private static func scheme(of text: String.UTF8View) -> String? {
    guard let first = text.first, isLetter(first) else { return nil }
    let name = text.prefix { isLetter($0) || isDigit($0) || "+-.".utf8.contains($0) }
    guard text.dropFirst(name.count).first == UInt8(ascii: ":") else { return nil }
    return String(decoding: name, as: UTF8.self).lowercased()
  }

  /// Whether `date` is a day of the Gregorian calendar written `YYYY-MM-DD`, from year 1:
  /// the one rule for a release date, which the structured data uses too.
  static func isCalendarDate(_ date: String) -> Bool {
    var date = date
    return date.withUTF8 { bytes in
      guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-")
      else { return false }
      func number(_ range: Range<Int>) -> Int? {
        var value = 0
        for byte in bytes[range] {
          guard isDigit(byte) else { return nil }
          value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
      }
      guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
        year >= 1, (1...12).contains(month), day >= 1
      else { return false }
      let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      switch month {
      case 2: return day <= (isLeap ? 29 : 28)
      case 4, 6, 9, 11: return day <= 30
      default: return day <= 31
      }
    }
  }

  /// A number as the catalog would have written it: `11`, `10.25`.
  private static func numberText(_ number: Double) -> String {
    number.rounded() == number && number.magnitude < 1e15
      ? String(Int(number)) : number.description
  }

  /// Whether UTF-8 `bytes` hold a C0 control (tab and line breaks too), DEL
  /// or a C1 control (`C2 80` to `C2 9F`): no image path or URL holds one as
  /// a character.
  private static func hasControlCharacter(_ bytes: String.UTF8View) -> Bool {
    var afterC2 = false
    for byte in bytes {
      if byte < 0x20 || byte == 0x7F || afterC2 && (0x80...0x9F).contains(byte) { return true }
      afterC2 = byte == 0xC2
    }
    return false
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
