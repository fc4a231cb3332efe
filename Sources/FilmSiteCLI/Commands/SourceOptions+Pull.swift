import FilmCatalog
import FilmSite
import Foundation

extension SourceOptions {
  /// The films of one pull: every page through the paginator, then, with
  /// `--tmdb`, each film's details.
  struct Pulled: Sendable {
    let films: [Film]
    let pull: PullResult
    /// Films left out because their details failed (`--allow-partial`).
    let skipped: [TMDBError]
    /// The credit the source asks for: TMDB's, or a snapshot header's.
    let attribution: Attribution?
  }

  /// Pulls the films, reporting progress to `reporter`. `filmsite pull` saves
  /// them; `filmsite serve` pulls once and builds from them on every change.
  /// - Throws: ``PaginationError`` for a page that failed, or a TMDB error for
  ///   a failed request, which names its own stage.
  func pullFilms(reporter: ProgressReporter?) async throws -> Pulled {
    let opened = try input.opened()
    let paginator = Paginator(
      source: opened.source, query: query, maxPages: opened.maxPages, concurrency: concurrency,
      progress: reporter.map { reporter in { @Sendable progress in reporter.report(progress) } })
    let pull: PullResult
    do {
      pull = try await paginator.pull(allowPartial: allowPartial)
    } catch let error as PaginationError where error.underlying is TMDBError {
      // A TMDB error already names its search page.
      throw error.underlying
    }
    var films = pull.films
    var skipped: [TMDBError] = []
    if let enricher = detailsEnricher(reporter: reporter) {
      let result = try await enricher.enrich(films)
      films = result.films
      skipped = result.skipped
    }
    reporter?.finish()
    return Pulled(
      films: films, pull: pull, skipped: skipped, attribution: attribution ?? opened.attribution)
  }
}
