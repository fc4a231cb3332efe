import FilmCatalog
import FilmSite
import Foundation
import Synchronization

/// A TMDB pull that updates a snapshot: `filmsite pull --update FILE` and
/// `filmsite build --snapshot FILE`.
///
/// The search pages are pulled as always. When FILE is a snapshot of the
/// same search (the same query, and the same search URL: endpoint, language,
/// adult films and filters), a ``TMDBRefresh`` takes the place of the details
/// of every film; otherwise (no FILE yet, or another search) every film's
/// details are asked, as a pull without FILE does. The new snapshot is
/// written with a temporary file and a rename, so a pull that fails or is
/// killed leaves FILE byte for byte as it was.
struct SnapshotRefresh {
  /// The films pulled, and whether they were refreshed or pulled fully, and why.
  struct Result {
    let pulled: PulledFilms
    let outcome: TMDBRefreshOutcome
  }

  /// Pulls as `options` say, refreshing the snapshot at `path`, and writes the
  /// films as a snapshot to `out`.
  /// - Throws: ``SnapshotFileError`` or ``CatalogError`` for a FILE that is
  ///   not a snapshot, a TMDB error for a failed request, or
  ///   ``PullCommand/PullError`` when `out` cannot be written.
  static func run(
    options: SourceOptions, snapshot path: String, out: String, reporter: ProgressReporter?
  ) async throws -> Result {
    let pulledAt = Date()
    let previous = try SnapshotFile.read(path: path)
    guard let previous, let client = options.tmdb,
      previous.header.source == options.sourceName, previous.header.query == options.query,
      let details = options.detailsEnricher(reporter: reporter)
    else {
      let pulled = try await options.pullFilms(reporter: reporter)
      try PullCommand.write(pulled, options: options, pulledAt: pulledAt, to: out)
      return Result(
        pulled: pulled, outcome: .fullPull(previous == nil ? .noSnapshot : .differentSearch))
    }

    let refresh = TMDBRefresh(
      client: client, details: details, snapshot: previous.films, pulledAt: previous.pulledAt,
      today: pulledAt, concurrency: options.concurrency)
    let record = OutcomeRecord()
    let pulled = try await options.pullFilms(reporter: reporter) { films in
      let refreshed = try await refresh.enrich(films)
      record.outcome.withLock { $0 = refreshed.outcome }
      return Enrichment(films: refreshed.films, skipped: refreshed.skipped)
    }
    try PullCommand.write(pulled, options: options, pulledAt: pulledAt, to: out)
    // The enrichment runs on every pull that returns, even one of no films.
    let outcome = record.outcome.withLock { $0 } ?? .fullPull(.nothingKept)
    return Result(pulled: pulled, outcome: outcome)
  }

  /// What the refresh did, set from inside the pull's enrichment step.
  private final class OutcomeRecord: Sendable {
    let outcome = Mutex<TMDBRefreshOutcome?>(nil)
  }
}
