import FilmCatalog

extension Film {
  /// The rating as a page shows it, out of 10 with one decimal (`8.2`).
  /// `nil` without a rating, and when the film has a vote count of 0: TMDB
  /// gives such a film an average of 0, which no reader should take for a verdict.
  var ratingText: String? {
    guard let rating = self.rating, rating.isFinite, self.voteCount != 0 else { return nil }
    return rating.oneDecimalText
  }

  /// The vote count as a page shows it: `12,345 votes`, `1 vote`, with
  /// commas between thousands in every locale; `nil` without a count, or
  /// with a count below 1.
  var voteCountText: String? {
    guard let count = self.voteCount, count > 0 else { return nil }
    return Self.digitsGroupedInThousands(count) + (count == 1 ? " vote" : " votes")
  }

  /// `12345` as `12,345`, for a number of 0 or more.
  static func digitsGroupedInThousands(_ number: Int) -> String {
    let digits = Array(String(number).utf8)
    var grouped: [UInt8] = []
    grouped.reserveCapacity(digits.count + digits.count / 3)
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(UInt8(ascii: ",")) }
      grouped.append(digit)
    }
    return String(decoding: grouped, as: UTF8.self)
  }
}
