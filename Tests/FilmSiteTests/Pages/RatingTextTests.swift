import Testing

@testable import FilmCatalog
@testable import FilmSite

/// A rating shows with one decimal and only when votes back it; a vote
/// count shows with commas between thousands, the same in every locale.
@Suite struct RatingTextTests {
  private func film(rating: Double?, votes: Int?) -> Film {
    Film(id: "1", title: "T").with {
      $0.rating = rating
      $0.voteCount = votes
    }
  }

  @Test(arguments: [
    (0, "0"), (7, "7"), (999, "999"), (1000, "1,000"), (12345, "12,345"),
    (100_000, "100,000"), (1_234_567, "1,234,567"),
  ])
  func digitsAreGroupedInThousands(number: Int, text: String) {
    #expect(Film.digitsGroupedInThousands(number) == text)
  }

  @Test func aCountOfOneIsOneVote() {
    #expect(film(rating: 8, votes: 1).voteCountText == "1 vote")
    #expect(film(rating: 8, votes: 2).voteCountText == "2 votes")
    #expect(film(rating: 8, votes: 25_123).voteCountText == "25,123 votes")
  }

  @Test func aRatingWithoutVotesIsNotShown() {
    #expect(film(rating: 0, votes: 0).ratingText == nil)
    #expect(film(rating: 0, votes: 0).voteCountText == nil)
    #expect(film(rating: 6.5, votes: -3).voteCountText == nil)
    #expect(film(rating: nil, votes: 10).ratingText == nil)
    // A catalog that gives a rating and no count still shows the rating.
    #expect(film(rating: 6.45, votes: nil).ratingText == "6.5")
    #expect(film(rating: 10, votes: 3).ratingText == "10.0")
  }
}
