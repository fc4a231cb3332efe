import Testing

@testable import FilmCatalog
@testable import FilmSite

/// Images on TMDB's server get a `srcset` over TMDB's widths; any other
/// image, or a TMDB URL whose file could break a `srcset`, keeps one `src`.
@Suite struct ResponsiveImageTests {
  private static let posterSet =
    "https://image.tmdb.org/t/p/w185/a1.jpg 185w, https://image.tmdb.org/t/p/w342/a1.jpg 342w, https://image.tmdb.org/t/p/w500/a1.jpg 500w"

  @Test(arguments: [
    "https://image.tmdb.org/t/p/w342/a1.jpg", "https://image.tmdb.org/t/p/w92/a1.jpg",
    "https://image.tmdb.org/t/p/original/a1.jpg",
  ])
  func aTMDBPosterAtAnySizeGetsEveryPosterWidth(url: String) {
    let image = ResponsiveImage.poster(url)
    #expect(image.url == url)
    #expect(image.srcset == Self.posterSet)
  }

  @Test func aTMDBBackdropLoadsTheWidestBackdropSize() {
    let image = ResponsiveImage.backdrop("https://image.tmdb.org/t/p/w342/b_2-x.jpg")
    #expect(image.url == "https://image.tmdb.org/t/p/w1280/b_2-x.jpg")
    #expect(
      image.srcset
        == "https://image.tmdb.org/t/p/w780/b_2-x.jpg 780w, https://image.tmdb.org/t/p/w1280/b_2-x.jpg 1280w"
    )
  }

  @Test(arguments: [
    "https://img.example/w342/a1.jpg",  // another server
    "http://image.tmdb.org/t/p/w342/a1.jpg",  // not https
    "https://image.tmdb.org/t/p/large/a1.jpg",  // not a TMDB size
    "https://image.tmdb.org/t/p/w/a1.jpg",
    "https://image.tmdb.org/t/p/w342/",  // no file
    "https://image.tmdb.org/t/p/w342",
    "https://image.tmdb.org/t/p/w342//a1.jpg",
    "https://image.tmdb.org/t/p/w342/../a1.jpg",
    "https://image.tmdb.org/t/p/w342/a,1.jpg",  // a comma would split the candidate
    "https://image.tmdb.org/t/p/w342/a%201.jpg",
    "https://image.tmdb.org/t/p/w342/a1.jpg?x=1",
    "https://image.tmdb.org.evil.example/t/p/w342/a1.jpg",
  ])
  func anyOtherURLKeepsItsOneSource(url: String) {
    #expect(ResponsiveImage.poster(url) == ResponsiveImage(url: url, srcset: nil))
    #expect(ResponsiveImage.backdrop(url) == ResponsiveImage(url: url, srcset: nil))
  }

  @Test func backdropPathsJoinThePosterBase() {
    let film = Film(id: "1", title: "T").with { $0.backdropPath = "/wide.jpg" }
    #expect(film.backdropURL(base: "https://img.example/p/") == "https://img.example/p/wide.jpg")
    #expect(
      film.with { $0.backdropPath = "https://cdn.example/b w.jpg" }
        .backdropURL(base: "https://img.example/p") == "https://cdn.example/b%20w.jpg")
    #expect(film.with { $0.backdropPath = " " }.backdropURL(base: "b") == nil)
  }
}

/// The poster card's colour: from the film's id alone, the same on every
/// page and in every build, and spread over the colour wheel.
@Suite struct PosterHueTests {
  @Test func theHueDependsOnTheIDAlone() {
    let film = Film(id: "603", title: "The Matrix")
    let renamed = Film(id: "603", title: "Another title", year: 1999, posterPath: "/x.jpg")
    #expect(film.posterHue == renamed.posterHue)
    #expect(film.posterHue == Film(id: "603", title: "The Matrix").posterHue)
  }

  @Test func huesAreDegreesSpreadOverTheWheel() {
    let hues = (0..<1000).map { Film(id: String($0), title: "T").posterHue }
    #expect(hues.allSatisfy { (0..<360).contains($0) })
    // Every sixth of the wheel is used, and ids a few apart (films side by
    // side in a list) are no closer in colour than chance makes them: about
    // one pair in eighteen within 10 degrees.
    #expect(Set(hues).count > 300)
    #expect(Set(hues.map { $0 / 60 }).count == 6)
    for step in 1...3 {
      let close = zip(hues, hues.dropFirst(step)).filter { first, second in
        let distance = abs(first - second)
        return min(distance, 360 - distance) < 10
      }
      #expect(close.count < 100, "ids \(step) apart: \(close.count) of \(hues.count - step) close")
    }
  }
}
