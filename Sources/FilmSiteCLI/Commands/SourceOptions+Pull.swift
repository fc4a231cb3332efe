import FilmCatalog
import FilmSite
import Foundation

extension SourceOptions {
  /// The pull and enrich stages these options ask for: every page through the
  /// paginator, then, with `--tmdb`, each film's details. `build` runs them
  /// inside its ``SiteBuilder``; `pull` and `serve` run them alone.
  /// - Parameter enrich: The step after the pages in place of the details
  ///   of every film, as a refresh asks (see ``SnapshotRefresh``).
  func filmPull(
    reporter: ProgressReporter?,
    enrich: (@Sendable ([Film]) async throws -> Enrichment)? = nil
  ) -> FilmPull {
    let enricher = detailsEnricher(reporter: reporter)
    return FilmPull(
      query: query, concurrency: concurrency, allowPartial: allowPartial,
      progress: reporter.map { reporter in { @Sendable progress in reporter.report(progress) } },
      enrich: enrich
        ?? enricher.map { enricher in
          { @Sendable films in
            let result = try await enricher.enrich(films)
            return Enrichment(films: result.films, skipped: result.skipped)
          }
        }, attribution: attribution)
  }

  /// Pulls the films, reporting progress to `reporter`. `filmsite pull` saves
  /// them; `filmsite serve` pulls once and builds from them on every change.
  /// - Throws: ``PaginationError`` for a page that failed, or a TMDB error for
  ///   a failed request, which names its own stage.
  /// - Parameter enrich: As for ``filmPull(reporter:enrich:)``.
  func pullFilms(
    reporter: ProgressReporter?,
    enrich: (@Sendable ([Film]) async throws -> Enrichment)? = nil
  ) async throws -> PulledFilms {
    let pulled = try await Self.unwrappingTMDBErrors {
      try await filmPull(reporter: reporter, enrich: enrich).films(from: input)
    }
    reporter?.finish()
    return pulled
  }

  /// Runs `body`, throwing a TMDB error that failed a search page as itself:
  /// it already names its page.
  static func unwrappingTMDBErrors<Result>(_ body: () async throws -> Result) async throws -> Result
  {
    do {
      return try await body()
    } catch let error as PaginationError where error.underlying is TMDBError {
      throw error.underlying
    }
  }
}

extension SourceOptions {
  /// Prints what splitting a listing past TMDB's cap could not reach: a
  /// window that could not be split and still held too many films, and the
  /// films no window holds, one `warning:` line each on stderr.
  static func printWindowWarnings(_ windows: PullWindows?) {
    for warning in windows?.warnings ?? [] { FilmSiteCommand.printError(warning) }
  }

  /// Prints what `--allow-partial` left out: each skipped film, and the page
  /// that failed, with secrets masked.
  /// - Parameter incomplete: What is incomplete, for the warning: `SITE` or `CATALOG`.
  static func printPartialWarnings(
    skipped: [any Error], failure: PaginationError?, incomplete: String, secrets: [String]
  ) {
    for error in skipped {
      FilmSiteCommand.printError(
        "warning: skipped film (--allow-partial): \(SecretMasking.redacting(secrets, in: "\(error)"))"
      )
    }
    if let failure {
      let message = failure.underlying is TMDBError ? "\(failure.underlying)" : "\(failure)"
      FilmSiteCommand.printError(
        "warning: THE \(incomplete) IS INCOMPLETE (--allow-partial): \(SecretMasking.redacting(secrets, in: message))"
      )
    }
  }
}
