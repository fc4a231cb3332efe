import FilmCatalog
import FilmSite
import Foundation

/// `filmsite pull`: saves every page of a search as a catalog file, so that
/// CI can pull once and rebuild offline with `filmsite build --catalog FILE`.
struct PullCommand {
  static let parser = CommandLineParser(
    command: "filmsite pull",
    options: SourceOptions.options + [
      .init(name: "--out", valueName: "file", help: "Where to write the catalog (required)"),
      .init(name: "--quiet", valueName: nil, help: "Print nothing but errors"),
      ConfigFile.option,
    ])

  static var help: String {
    """
    Usage: filmsite pull (--api <url> | --tmdb) --out <file> [options]

    Pulls every page of a search and writes the films as a catalog file:
    {"filmsite": {"query", "source", "pulledAt"}, "results": [films]}, which
    'filmsite build --catalog <file>' reads. The same films give the same
    "results" bytes. With --tmdb, each film's details are fetched too, and the
    header records TMDB's attribution, which a build from the file shows.

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
    guard let out = arguments.string("--out") else {
      throw UsageError(
        "filmsite pull: option '--out' is required (or `out` in the [pull] table of filmsite.toml)")
    }
    let options = try SourceOptions(arguments, environment: ProcessInfo.processInfo.environment)
    defer { options.close() }
    let quiet = arguments.has("--quiet")
    let reporter = options.progressReporter(quiet: quiet)
    let start = ContinuousClock.now
    let pulled = try await options.pullFilms(reporter: reporter)
    let films = pulled.films

    let snapshot = CatalogSnapshot(
      films: films, query: options.query, source: options.sourceName,
      attribution: pulled.attribution)
    do {
      try snapshot.data().write(to: URL(fileURLWithPath: out), options: .atomic)
    } catch {
      throw PullError(file: out, message: (error as NSError).localizedDescription)
    }
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
      let windows = pulled.windows.map { " " + $0.summary } ?? ""
      let skippedNote = pulled.skipped.isEmpty ? "" : "; \(pulled.skipped.count) skipped"
      print(
        "Pulled \(films.count) films\(duplicates)\(windows) into \(out) in \(time) s\(skippedNote)\(options.requestSummary)"
      )
    }
    return FilmSiteCommand.ExitCode.success
  }

  struct PullError: Error, CustomStringConvertible {
    let file: String
    let message: String
    var description: String { "\(file): cannot write the catalog: \(message)" }
  }
}
