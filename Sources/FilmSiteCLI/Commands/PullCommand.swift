import FilmCatalog
import Foundation

/// `filmsite pull`: saves every page of a search as a catalog file, so that
/// CI can pull once and rebuild offline with `filmsite build --catalog FILE`.
struct PullCommand {
  static let parser = ArgumentParser(
    command: "filmsite pull",
    options: SourceOptions.options + [
      .init(name: "--out", valueName: "file", help: "Where to write the catalog (required)"),
      .init(name: "--quiet", valueName: nil, help: "Print nothing but errors"),
    ])

  static var help: String {
    """
    Usage: filmsite pull --api <url> --out <file> [options]

    Pulls every page of a search and writes the films as a catalog file:
    {"filmsite": {"query", "source", "pulledAt"}, "results": [films]}, which
    'filmsite build --catalog <file>' reads. The same films give the same
    "results" bytes.

    Options:
    \(parser.optionsHelp)
    """
  }

  let arguments: ParsedArguments

  init(arguments: [String]) throws {
    self.arguments = try Self.parser.parse(arguments)
  }

  /// Values to mask in anything printed.
  var secrets: [String] {
    SourceOptions.secrets(in: arguments, environment: ProcessInfo.processInfo.environment)
  }

  func run() async throws -> Int32 {
    guard let out = arguments.string("--out") else {
      throw UsageError("filmsite pull: option '--out' is required")
    }
    let options = try SourceOptions(arguments, environment: ProcessInfo.processInfo.environment)
    defer { options.httpSource?.close() }
    let quiet = arguments.has("--quiet")
    let reporter = options.progressReporter(quiet: quiet)
    let start = ContinuousClock.now
    let paginator = Paginator(
      source: options.source, query: options.query, maxPages: options.maxPages,
      concurrency: options.concurrency,
      progress: reporter.map { reporter in { @Sendable progress in reporter.report(progress) } })
    let pull = try await paginator.pull(allowPartial: options.allowPartial)
    reporter?.finish()

    let snapshot = CatalogSnapshot(
      films: pull.films, query: options.query, source: options.sourceName)
    do {
      try snapshot.data().write(to: URL(fileURLWithPath: out), options: .atomic)
    } catch {
      throw PullError(file: out, message: (error as NSError).localizedDescription)
    }
    if let failure = pull.failure {
      FilmSiteCommand.printError(
        "warning: THE CATALOG IS INCOMPLETE (--allow-partial): \(SecretMasking.redacting(secrets, in: "\(failure)"))"
      )
    }
    if !quiet {
      let seconds = (ContinuousClock.now - start).components
      let time = String(
        format: "%.2f", Double(seconds.seconds) + Double(seconds.attoseconds) / 1e18)
      let duplicates =
        pull.duplicatesDropped > 0 ? " (\(pull.duplicatesDropped) duplicates dropped)" : ""
      let requests = options.httpSource.map {
        "; \($0.statistics.requests) requests, \($0.statistics.retries) retries"
      }
      print(
        "Pulled \(pull.films.count) films\(duplicates) into \(out) in \(time) s\(requests ?? "")")
    }
    return FilmSiteCommand.ExitCode.success
  }

  struct PullError: Error, CustomStringConvertible {
    let file: String
    let message: String
    var description: String { "\(file): cannot write the catalog: \(message)" }
  }
}
