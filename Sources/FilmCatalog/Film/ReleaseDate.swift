/// The one reading of a release date's year, for catalogs and TMDB alike.
enum ReleaseDate {
  /// The year of a date like `1999-10-15` (or a bare `1999`): its first four
  /// characters, which must be ASCII digits; `nil` when they are not.
  ///
  /// An empty date is `nil` too. Catalogs treat an empty or blank date (white
  /// space alone, `String.isBlank`, which the pages leave out without a
  /// warning) as an unknown year and any other `nil` as an error; TMDB's
  /// results treat every `nil` as an unknown year.
  static func year(of date: String) -> Int? {
    let utf8 = date.utf8
    var year = 0
    var index = utf8.startIndex
    for _ in 0..<4 {
      guard index != utf8.endIndex, (0x30...0x39).contains(utf8[index]) else { return nil }
      year = year * 10 + Int(utf8[index] - 0x30)
      index = utf8.index(after: index)
    }
    // A character is more than its first scalar: a combining mark after the
    // fourth digit makes the fourth character something other than a digit.
    if index != utf8.endIndex, utf8[index] >= 0x80 {
      let fourth = date.index(date.startIndex, offsetBy: 3)
      guard date[fourth].isASCII else { return nil }
    }
    return year
  }
}
