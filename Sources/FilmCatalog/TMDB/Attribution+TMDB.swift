extension Attribution {
  /// The notice TMDB's API terms require of every product that uses its data.
  public static let tmdb = Attribution(
    text: "This product uses the TMDB API but is not endorsed or certified by TMDB.",
    url: "https://www.themoviedb.org/")
}
