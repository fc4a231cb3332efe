import FilmCatalog
import FilmSite

/// `filmsite build`: reads a catalog and writes the site.
struct BuildCommand {
  static let parser = ArgumentParser(
    command: "filmsite build",
    options: [
      .init(
        name: "--catalog", valueName: "path",
        help: "Film JSON to read (default: Catalog/films.json)"),
      .init(
        name: "--query", valueName: "text", help: "Only films whose title or director contains this"
      ),
      .init(name: "--templates", valueName: "dir", help: "Theme folder (default: Templates)"),
      .init(
        name: "--output", valueName: "dir", help: "Folder to write the site into (default: Output)"),
      .init(name: "--page-size", valueName: "n", help: "Films per index page (default: 24)"),
      .init(
        name: "--max-pages", valueName: "n",
        help: "Most source pages to pull (default: 500, or all of a catalog file)"),
      .init(name: "--title", valueName: "text", help: "Site title (default: Films)"),
      .init(
        name: "--poster-base-url", valueName: "url",
        help: "Prefix for poster paths (default: \(SiteConfiguration.defaultPosterBaseURL))"),
      .init(name: "--base-url", valueName: "url", help: "The URL the site is published at"),
      .init(
        name: "--force", valueName: nil, help: "Adopt an output folder FilmSite did not create"),
      .init(name: "--quiet", valueName: nil, help: "Print nothing but errors"),
    ])

  static var help: String {
    """
    Usage: filmsite build [options]

    Reads a film catalog and writes a static site: index pages at index.html
    and page/N/, and one page per film at films/<id>-<slug>/.

    Options:
    \(parser.optionsHelp)
    """
  }

  let arguments: ParsedArguments

  init(arguments: [String]) throws {
    self.arguments = try Self.parser.parse(arguments)
  }

  /// Builds the site and returns the exit code.
  func run() async throws -> Int32 {
    var configuration = SiteConfiguration()
    configuration.pageSize =
      try arguments.integer("--page-size", in: 1...10_000) ?? SiteConfiguration.defaultPageSize
    if let title = arguments.string("--title") { configuration.title = title }
    if let base = arguments.string("--poster-base-url") { configuration.posterBaseURL = base }
    configuration.baseURL = arguments.string("--base-url")

    let catalog = arguments.string("--catalog") ?? "Catalog/films.json"
    let films = try CatalogFile.load(path: catalog)
    let source = CatalogSource(films: films)
    // A catalog file is read whole (up to its first empty page) unless the user caps it:
    // the cap exists for paged APIs.
    let wholeCatalog = (films.count + source.pageSize - 1) / source.pageSize
    let builder = SiteBuilder(
      source: source,
      query: arguments.string("--query") ?? "",
      maxPages: try arguments.integer("--max-pages", in: 1...Int.max)
        ?? max(Paginator.defaultMaxPages, wholeCatalog + 1),
      templatesDirectory: arguments.string("--templates") ?? "Templates",
      outputDirectory: arguments.string("--output") ?? "Output",
      configuration: configuration,
      force: arguments.has("--force")
    )
    let summary = try await builder.build()
    if !arguments.has("--quiet") { print(summary) }
    return FilmSiteCommand.ExitCode.success
  }
}
