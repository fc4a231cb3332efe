import FilmCatalog
import FilmSite
import Foundation

/// `filmsite build`: pulls films from a catalog or an API and writes the site.
struct BuildCommand {
  static let parser = CommandLineParser(
    command: "filmsite build",
    options: SourceOptions.options + [
      .init(
        name: "--templates", valueName: "dir",
        help: "Theme folder whose files replace the built-in theme's (default: Templates, if any)"),
      .init(
        name: "--content", valueName: "dir",
        help: "Folder of notes on films and pages of your own (default: content, if any)"),
      .init(
        name: "--nav", valueName: "page",
        help:
          "A page of the content folder to link in every page's navigation, such as about.md (repeat for more)",
        repeatable: true),
      .init(
        name: "--output", valueName: "dir", help: "Folder to write the site into (default: Output)"),
      .init(name: "--page-size", valueName: "n", help: "Films per index page (default: 24)"),
      .init(
        name: "--cast-pages", valueName: "n",
        help:
          "First billed actors of each film who get a page under cast/ (default: \(SiteConfiguration.defaultCastPagesPerFilm); 0 for none)"
      ),
      .init(
        name: "--cast-shown", valueName: "n",
        help:
          "First billed actors a film's page lists (default: \(SiteConfiguration.defaultCastShown))"
      ),
      .init(name: "--title", valueName: "text", help: "Site title (default: Films)"),
      .init(
        name: "--poster-base-url", valueName: "url",
        help: "Prefix for poster paths (default: \(SiteConfiguration.defaultPosterBaseURL))"),
      .init(
        name: "--base-url", valueName: "url",
        help:
          "The http(s) URL the site is published at; adds sitemap.xml, robots.txt, feed.xml and canonical links"
      ),
      .init(
        name: "--force", valueName: nil, help: "Adopt an output folder FilmSite did not create"),
      .init(
        name: "--snapshot", valueName: "file",
        help:
          "With --tmdb: refresh this snapshot as 'filmsite pull --update' does, then build from it"),
      .init(name: "--quiet", valueName: nil, help: "Print nothing but errors"),
      ConfigFile.option,
    ])

  static var help: String {
    """
    Usage: filmsite build [options]

    Reads a film catalog, or pulls every page of a paged JSON search API, and
    writes a static site: index pages at index.html and page/N/, one page per
    film at films/<id>-<slug>/, pages per genre, director and year under
    genres/, directors/ and years/, pages per actor under cast/, a search page
    at search/ and a 404.html.
    With --api, FILMSITE_API_TOKEN (if set) is
    sent as "Authorization: Bearer <token>".

    With --tmdb, films come from TMDB's search (or, without --query, its most
    popular films) with each film's details, and the footer credits TMDB. Set
    TMDB_API_TOKEN (sent as a bearer token) or TMDB_API_KEY (sent as api_key).
    With --snapshot <file> too, the pull refreshes that snapshot (asking
    details only for new and changed films; see 'filmsite pull --help'),
    writes it back, and builds the site from its films; a refresh that
    changed no film finds the site up to date.

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

  /// Builds the site and returns the exit code.
  func run() async throws -> Int32 {
    let site = try SiteOptions(arguments)
    let options = try SourceOptions(arguments, environment: ProcessInfo.processInfo.environment)
    defer { options.close() }
    let quiet = arguments.has("--quiet")
    let reporter = options.progressReporter(quiet: quiet)
    var builder = site.builder(
      input: options.input, pull: options.filmPull(reporter: reporter),
      attribution: options.attribution)
    var refreshNote = ""
    if let snapshot = arguments.string("--snapshot") {
      guard options.tmdb != nil else {
        throw UsageError("filmsite build: option '--snapshot' needs --tmdb")
      }
      let result = try await SnapshotRefresh.run(
        options: options, snapshot: snapshot, out: snapshot, reporter: reporter)
      refreshNote = "; " + result.outcome.summary(snapshot: snapshot)
      SourceOptions.printPartialWarnings(
        skipped: result.pulled.skipped, failure: result.pulled.failure, incomplete: "SNAPSHOT",
        secrets: secrets)
      // Built from the films as pulled, not from the file's bytes: the header's pull
      // time changes on every refresh, the films only when TMDB's do, and a site
      // built from the same films is found up to date.
      let films = CatalogSource(films: result.pulled.films)
      builder = site.builder(
        input: .source(films, maxPages: films.pagesToReadAll),
        pull: FilmPull(attribution: result.pulled.attribution), attribution: options.attribution)
    }
    let summary = try await SourceOptions.unwrappingTMDBErrors { try await builder.build() }
    reporter?.finish()
    SourceOptions.printPartialWarnings(
      skipped: summary.skipped, failure: summary.failure, incomplete: "SITE", secrets: secrets)
    SourceOptions.printWindowWarnings(summary.windows)
    summary.printFieldWarnings(secrets: secrets)
    if !quiet {
      let skippedNote = summary.skipped.isEmpty ? "" : "; \(summary.skipped.count) skipped"
      print("\(summary)\(skippedNote)\(refreshNote)\(options.requestSummary)")
    }
    return FilmSiteCommand.ExitCode.success
  }
}
