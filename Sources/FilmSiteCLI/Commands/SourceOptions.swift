import FilmCatalog
import Foundation

/// The options that choose where films come from and how they are pulled,
/// shared by `filmsite build` and `filmsite pull`.
struct SourceOptions {
  static let defaultCatalog = "Catalog/films.json"

  static let options: [ArgumentParser.Option] = [
    .init(
      name: "--catalog", valueName: "path", help: "Film JSON to read (default: \(defaultCatalog))"),
    .init(name: "--api", valueName: "url", help: "A paged JSON search API to pull from instead"),
    .init(
      name: "--query", valueName: "text", help: "Only films whose title or director contains this"),
    .init(
      name: "--header", valueName: "'Name: value'", help: "A request header for --api (repeatable)",
      repeatable: true),
    .init(
      name: "--max-pages", valueName: "n",
      help: "Most source pages to pull (default: 500, or all of a catalog file)"),
    .init(
      name: "--concurrency", valueName: "k", help: "Page requests in flight, 1 to 16 (default: 1)"),
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

  /// Where the films come from.
  let source: any FilmSource
  /// The HTTP source, when pulling from `--api`, for its statistics.
  let httpSource: HTTPSource?
  /// The catalog path, or the API URL with secrets masked.
  let sourceName: String
  let query: String
  let maxPages: Int
  let concurrency: Int
  let allowPartial: Bool

  init(_ arguments: ParsedArguments, environment: [String: String]) throws {
    query = arguments.string("--query") ?? ""
    concurrency = try arguments.integer("--concurrency", in: 1...Paginator.maximumConcurrency) ?? 1
    allowPartial = arguments.has("--allow-partial")
    let cap = try arguments.integer("--max-pages", in: 1...Int.max)

    guard let api = arguments.string("--api") else {
      let catalog = arguments.string("--catalog") ?? Self.defaultCatalog
      let films = try CatalogFile.load(path: catalog)
      let source = CatalogSource(films: films)
      self.source = source
      httpSource = nil
      sourceName = catalog
      // A catalog file is read whole (up to its first empty page) unless the user caps it:
      // the cap exists for paged APIs.
      maxPages =
        cap
        ?? max(Paginator.defaultMaxPages, (films.count + source.pageSize - 1) / source.pageSize + 1)
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
    if let token = environment["FILMSITE_API_TOKEN"], !token.isEmpty {
      headers.append(("Authorization", "Bearer \(token)"))
    }
    let retries = try arguments.integer("--retries", in: 0...20) ?? 3
    // Whole seconds: URLSession on Linux rounds request timeouts down to seconds.
    let timeout =
      try arguments.integer("--timeout", in: 1...3600).map(Double.init) ?? HTTPSource.defaultTimeout
    let limit =
      try arguments.integer("--max-response-bytes", in: 1...Int.max)
      ?? HTTPSource.defaultMaximumResponseBytes
    let source = HTTPSource(
      url: url, headers: headers, timeout: timeout, maximumResponseBytes: limit,
      retryPolicy: RetryPolicy(retries: retries))
    self.source = source
    httpSource = source
    sourceName = SecretMasking.masked(url)
    maxPages = cap ?? Paginator.defaultMaxPages
  }

  /// Values that must not appear in output: header values and the API token.
  static func secrets(in arguments: ParsedArguments, environment: [String: String]) -> [String] {
    let headerValues = (arguments.values["--header"] ?? []).compactMap { line in
      line.firstIndex(of: ":").map {
        line[line.index(after: $0)...].trimmingCharacters(in: .whitespaces)
      }
    }
    return headerValues + [environment["FILMSITE_API_TOKEN"]].compactMap { $0 }
  }

  /// Shows how the pull goes on stderr, unless `quiet`; only for API sources.
  func progressReporter(quiet: Bool) -> ProgressReporter? {
    guard !quiet, let httpSource else { return nil }
    return ProgressReporter(statistics: httpSource.statistics)
  }
}
