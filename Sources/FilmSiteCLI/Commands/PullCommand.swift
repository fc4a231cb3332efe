import FilmCatalog
import FilmSite
import Foundation

/// `filmsite pull`: saves every page of a search as a catalog file, so that
/// CI can pull once and rebuild offline with `filmsite build --catalog FILE`.
struct PullCommand {
  static let parser = CommandLineParser(
    command: "filmsite pull",
    options: SourceOptions.options + [
      .init(
        name: "--out", valueName: "file",
        help: "Where to write the catalog (required, unless --update names it)"),
      .init(
        name: "--update", valueName: "file",
        help:
          "With --tmdb: refresh this snapshot, asking details only for new and changed films, and write it back (or to --out)"
      ),
      .init(name: "--quiet", valueName: nil, help: "Print nothing but errors"),
      ConfigFile.option,
    ])

  static var help: String {
    """
    Usage: filmsite pull (--api <url> | --tmdb) --out <file> [options]
           filmsite pull --tmdb --update <snapshot> [--out <file>] [options]

    Pulls every page of a search and writes the films as a catalog file:
    {"filmsite": {"query", "source", "pulledAt"}, "results": [films]}, which
    'filmsite build --catalog <file>' reads. The same films give the same
    "results" bytes. With --tmdb, each film's details are fetched too, and the
    header records TMDB's attribution, which a build from the file shows.

    With --update, the snapshot is refreshed: the search pages are pulled
    again (films join and leave), TMDB's /movie/changes says which films
    changed since the snapshot's pull, and only new and changed films have
    their details asked; the others are kept as the snapshot has them. A
    snapshot older than 14 days is refreshed in 14-day steps when that takes
    fewer requests than a full pull. A snapshot of another search (query,
    language or filters), or a file that does not exist yet, gets a full
    pull, so a CI job's first run works. The summary line says which. The
    file is replaced only when the pull succeeds.

    \(ConfigFile.helpNote)

    Options:
    \(parser.optionsHelp)
    """
  }

  let arguments: ParsedArguments

  init(arguments: [String]) throws {
    self.arguments = try ConfigFile.arguments(arguments, parsedBy: Self.parser)
  }

  /// Values to mask in anything printed.
  var secrets: [String] {
    SourceOptions.secrets(in: arguments, environment: ProcessInfo.processInfo.environment)
  }

  func run() async throws -> Int32 {
    let update = arguments.string("--update")
    guard let out = arguments.string("--out") ?? update else {
      throw UsageError(
        "filmsite pull: option '--out' is required (or `out` in the [pull] table of filmsite.toml)")
    }
    let options = try SourceOptions(arguments, environment: ProcessInfo.processInfo.environment)
    defer { options.close() }
    if update != nil, options.tmdb == nil {
      throw UsageError("filmsite pull: option '--update' needs --tmdb")
    }
    let quiet = arguments.has("--quiet")
    let reporter = options.progressReporter(quiet: quiet)
    let start = ContinuousClock.now
    let pulled: PulledFilms
    var refreshNote = ""
    if let update {
      let result = try await SnapshotRefresh.run(
        options: options, snapshot: update, out: out, reporter: reporter)
      pulled = result.pulled
      refreshNote = ", " + result.outcome.summary(snapshot: update)
    } else {
      let pulledAt = Date()
      pulled = try await options.pullFilms(reporter: reporter)
      try Self.write(pulled, options: options, pulledAt: pulledAt, to: out)
    }
    let films = pulled.films
    SourceOptions.printPartialWarnings(
      skipped: pulled.skipped, failure: pulled.failure, incomplete: "CATALOG", secrets: secrets)
    SourceOptions.printWindowWarnings(pulled.windows)
    if !quiet {
      let seconds = (ContinuousClock.now - start).components
      let time = String(
        format: "%.2f", Double(seconds.seconds) + Double(seconds.attoseconds) / 1e18)
      let duplicates =
        pulled.counts.duplicatesDropped > 0
        ? " (\(pulled.counts.duplicatesDropped) duplicates dropped)" : ""
      let windows = pulled.windows.map { "; " + $0.summary } ?? ""
      let skippedNote = pulled.skipped.isEmpty ? "" : "; \(pulled.skipped.count) skipped"
      print(
        "Pulled \(films.count) films\(duplicates) into \(out) in \(time) s\(refreshNote)\(windows)\(skippedNote)\(options.requestSummary)"
      )
    }
    return FilmSiteCommand.ExitCode.success
  }

  /// Writes `pulled` as a snapshot at `out`, with a temporary file and a
  /// rename, so a failed write leaves the file that was there.
  /// - Parameter pulledAt: When the pull began, so that a refresh from the
  ///   snapshot asks for every change made while it ran.
  static func write(
    _ pulled: PulledFilms, options: SourceOptions, pulledAt: Date, to out: String
  ) throws {
    let snapshot = CatalogSnapshot(
      films: pulled.films, query: options.query, source: options.sourceName, pulledAt: pulledAt,
      attribution: pulled.attribution)
    do {
      try snapshot.data().write(to: URL(fileURLWithPath: out), options: .atomic)
    } catch {
      throw PullError(file: out, message: (error as NSError).localizedDescription)
    }
  }

  struct PullError: Error, CustomStringConvertible {
    let file: String
    let message: String
    var description: String { "\(file): cannot write the catalog: \(message)" }
  }
}
