import FilmCatalog
import FilmSite
import Foundation

/// The options that choose where films come from and how they are pulled,
/// shared by `filmsite build` and `filmsite pull`.
struct SourceOptions {
  static let defaultCatalog = "Catalog/films.json"

  static let options: [CommandLineParser.Option] = [
    .init(
      name: "--catalog", valueName: "path", help: "Film JSON to read (default: \(defaultCatalog))"),
    .init(name: "--api", valueName: "url", help: "A paged JSON search API to pull from instead"),
    .init(
      name: "--tmdb", valueName: nil,
      help: "Pull from TMDB's API v3 (--api overrides \(TMDBClient.defaultBaseURL))"),
    .init(
      name: "--language", valueName: "tag",
      help: "TMDB's language for titles and overviews (default: \(TMDBClient.defaultLanguage))"),
    .init(name: "--include-adult", valueName: nil, help: "Include TMDB's adult films"),
    .init(
      name: "--discover", valueName: "name=value",
      help:
        "A TMDB discover filter, as TMDB spells it: sort_by, primary_release_date.gte, primary_release_date.lte, with_genres, with_original_language, vote_count.gte (repeatable; not with --query)",
      repeatable: true),
    .init(
      name: "--query", valueName: "text", help: "Only films whose title or director contains this"),
    .init(
      name: "--header", valueName: "'Name: value'", help: "A request header for --api (repeatable)",
      repeatable: true),
    .init(
      name: "--max-pages", valueName: "n",
      help: "Most source pages to pull (default: 500, or all of a catalog file)"),
    .init(
      name: "--concurrency", valueName: "k",
      help: "Requests in flight (pages; with --tmdb, details too), 1 to 16 (default: 1)"),
    .init(
      name: "--max-rate", valueName: "n",
      help:
        "Most requests a second, 0 to 1000; 0 for no limit (default: \(TMDBClient.defaultMaximumRate) with --tmdb, else 0)"
    ),
    .init(
      name: "--retries", valueName: "n",
      help: "Retries of a page that failed transiently (default: 3)"),
    .init(
      name: "--timeout", valueName: "seconds", help: "Per-request timeout for --api (default: 30)"),
    .init(
      name: "--max-response-bytes", valueName: "n",
      help: "Largest response accepted from --api (default: 33554432)"),
    .init(
      name: "--allow-partial", valueName: nil,
      help: "Go on with the pages before one that failed, with a warning"),
  ]

  /// Where the films come from: a catalog file or an API.
  let input: FilmInput
  /// The HTTP source, when pulling from `--api`, for its statistics.
  let httpSource: APISource?
  /// The TMDB client, with `--tmdb`.
  let tmdb: TMDBClient?
  /// The credit every page must show with `--tmdb` (a catalog's snapshot
  /// header gives its own when the catalog is decoded).
  let attribution: Attribution?
  /// The catalog path, or the API URL with secrets masked.
  let sourceName: String
  let query: String
  let concurrency: Int
  let allowPartial: Bool

  init(_ arguments: ParsedArguments, environment: [String: String]) throws {
    query = arguments.string("--query") ?? ""
    concurrency = try arguments.integer("--concurrency", in: OptionRanges.concurrency) ?? 1
    allowPartial = arguments.has("--allow-partial")
    let cap = try arguments.integer("--max-pages", in: OptionRanges.maxPages)
    let isTMDB = arguments.has("--tmdb")
    if !isTMDB {
      for option in ["--language", "--include-adult", "--discover"]
      where arguments.string(option) != nil || arguments.has(option) {
        throw UsageError("\(arguments.command): option '\(option)' needs --tmdb")
      }
    }
    if isTMDB, arguments.string("--catalog") != nil {
      throw UsageError("\(arguments.command): give --catalog or --tmdb, not both")
    }

    guard let api = arguments.string("--api") ?? (isTMDB ? TMDBClient.defaultBaseURL : nil) else {
      let catalog = Self.catalogPath(arguments) ?? arguments.inRoot(Self.defaultCatalog)
      // A catalog file is read whole unless the user caps it: the cap exists for paged APIs.
      input = .catalog(path: catalog, maxPages: cap)
      httpSource = nil
      tmdb = nil
      attribution = nil
      sourceName = catalog
      return
    }
    guard arguments.string("--catalog") == nil else {
      throw UsageError("\(arguments.command): give --catalog or --api, not both")
    }
    guard let url = URL(string: api), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else {
      throw UsageError(
        "\(arguments.command): option '--api' takes an http or https URL, not '\(api)'")
    }
    var headers: [(name: String, value: String)] = []
    for line in arguments.values["--header"] ?? [] {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
        throw UsageError(
          "\(arguments.command): option '--header' takes 'Name: value', not '\(line)'")
      }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces)
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers.append((name, value))
    }
    let retries = try arguments.integer("--retries", in: OptionRanges.retries) ?? 3
    let timeout =
      try arguments.integer("--timeout", in: OptionRanges.timeout).map(Double.init)
      ?? HTTPClient.defaultTimeout
    let limit =
      try arguments.integer("--max-response-bytes", in: OptionRanges.maxResponseBytes)
      ?? HTTPClient.defaultMaximumResponseBytes
    let rate = try arguments.integer("--max-rate", in: OptionRanges.maxRate)
    let maxPages = cap ?? Paginator.defaultMaxPages
    if isTMDB {
      // TMDB answers no search page past 500.
      guard OptionRanges.tmdbMaxPages.contains(maxPages) else {
        throw UsageError(
          "\(arguments.command): TMDB serves at most \(Paginator.defaultMaxPages) search pages, so --max-pages must be 1 to \(Paginator.defaultMaxPages) with --tmdb"
        )
      }
      let filters: TMDBDiscoverFilters
      do {
        filters = try TMDBDiscoverFilters(parsing: arguments.values["--discover"] ?? [])
      } catch {
        throw UsageError("\(arguments.command): option '--discover': \(error)")
      }
      if !filters.isEmpty, !TMDBSearch(query).isDiscover {
        throw UsageError(
          "\(arguments.command): option '--discover' filters TMDB's discover listing, which --query replaces with a title search; give one or the other"
        )
      }
      let client = TMDBClient(
        baseURL: url, credentials: try TMDBCredentials(environment: environment),
        language: arguments.string("--language") ?? TMDBClient.defaultLanguage,
        includeAdult: arguments.has("--include-adult"), headers: headers, timeout: timeout,
        maximumResponseBytes: limit, retryPolicy: RetryPolicy(retries: retries),
        maximumRate: rate ?? TMDBClient.defaultMaximumRate)
      let source = TMDBSource(client: client, filters: filters)
      input = .source(source, maxPages: maxPages)
      httpSource = nil
      tmdb = client
      attribution = .tmdb
      sourceName = client.maskedSearchURL(source.listing(query))
      return
    }
    if let token = environment["FILMSITE_API_TOKEN"], !token.isEmpty {
      headers.append(("Authorization", "Bearer \(token)"))
    }
    let source = APISource(
      url: url, headers: headers, timeout: timeout, maximumResponseBytes: limit,
      retryPolicy: RetryPolicy(retries: retries), maximumRate: rate)
    input = .source(source, maxPages: maxPages)
    httpSource = source
    tmdb = nil
    attribution = nil
    sourceName = SecretMasking.masked(url)
  }

  /// The catalog file the films come from, or `nil` when they come from an API.
  static func catalogPath(_ arguments: ParsedArguments) -> String? {
    guard arguments.string("--api") == nil, !arguments.has("--tmdb") else { return nil }
    return arguments.string("--catalog") ?? arguments.inRoot(defaultCatalog)
  }

  /// Requests and retries so far, for an API source.
  var statistics: RequestStatistics? {
    httpSource?.statistics ?? tmdb?.statistics
  }

  /// Ends the connection pool of an API source.
  func close() {
    httpSource?.close()
    tmdb?.close()
  }

  /// The requests and retries of the pull, for the summary line: with
  /// `--tmdb`, the requests of each stage too.
  var requestSummary: String {
    guard let statistics else { return "" }
    let stages = tmdb.map { client in
      let counts = client.requestCounts
      let pages = counts.changesPages == 1 ? "page" : "pages"
      let changes = counts.changesPages > 0 ? ", \(counts.changesPages) changes \(pages)" : ""
      return
        " (\(counts.genreList) genre list, \(counts.searchPages) search pages\(changes), \(counts.details) details)"
    }
    return "; \(statistics.requests) requests\(stages ?? ""), \(statistics.retries) retries"
  }

  /// With `--tmdb`, the step that fetches each film's details; its progress
  /// goes to `reporter`.
  func detailsEnricher(reporter: ProgressReporter?) -> TMDBDetailsEnricher? {
    tmdb.map { client in
      TMDBDetailsEnricher(
        client: client, concurrency: concurrency, allowPartial: allowPartial,
        progress: reporter.map { reporter in { @Sendable progress in reporter.report(progress) } })
    }
  }

  /// Values that must not appear in output: header values and the API token.
  static func secrets(in arguments: ParsedArguments, environment: [String: String]) -> [String] {
    let headerValues = (arguments.values["--header"] ?? []).compactMap { line in
      line.firstIndex(of: ":").map {
        line[line.index(after: $0)...].trimmingCharacters(in: .whitespaces)
      }
    }
    let tokens = ["FILMSITE_API_TOKEN", TMDBCredentials.tokenVariable, TMDBCredentials.keyVariable]
    return headerValues + tokens.compactMap { environment[$0] }
  }

  /// Shows how the pull goes on stderr, unless `quiet`; only for API sources.
  func progressReporter(quiet: Bool) -> ProgressReporter? {
    guard !quiet, let statistics else { return nil }
    return ProgressReporter(statistics: statistics)
  }
}
