import FilmCatalog

/// The values each whole-number option accepts, for the command line and
/// `filmsite.toml` alike.
enum OptionRanges {
  static let pageSize = 1...10_000
  /// Performers with a page, or shown on a film's page: 0 for none.
  static let castCount = 0...1_000
  static let concurrency = 1...Paginator.maximumConcurrency
  static let maxPages = 1...Int.max
  /// TMDB answers no search page past 500.
  static let tmdbMaxPages = 1...Paginator.defaultMaxPages
  static let retries = 0...20
  /// Whole seconds: URLSession on Linux rounds request timeouts down to seconds.
  static let timeout = 1...3600
  static let maxResponseBytes = 1...Int.max
  /// Requests a second: 0 for no limit.
  static let maxRate = 0...1_000
  /// 0 asks for any free port.
  static let port = 0...65_535
}
