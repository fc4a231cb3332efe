import FilmCatalog
import FilmSite
import Foundation
import PreviewServer

/// `filmsite serve`: builds the site, serves it on this machine, and builds
/// it again whenever the files it is made from change.
struct ServeCommand {
  static let parser = CommandLineParser(
    command: "filmsite serve",
    options: BuildCommand.parser.options + [
      .init(
        name: "--port", valueName: "n",
        help: "Port to listen on, 0 for any free one (default: \(defaultPort))"),
      .init(
        name: "--host", valueName: "address",
        help: "Address to listen on (default: 127.0.0.1, this machine only)"),
      .init(
        name: "--base-path", valueName: "path",
        help: "Serve the site under this path, as GitHub Pages serves a project's (default: /)"),
      .init(
        name: "--no-reload", valueName: nil,
        help: "Serve the files exactly as built, and do not reload open pages"),
    ])

  static let defaultPort = 8000

  static var help: String {
    """
    Usage: filmsite serve [build options] [--port N] [--host ADDR] [--base-path /sub/] [--no-reload]

    Builds the site as 'filmsite build' does, serves the output folder on
    http://127.0.0.1:8000/ until Ctrl-C, and builds it again when the config
    file, the catalog file or a file of the theme folder changes. Open pages
    reload after a rebuild that changed files, and show a failed rebuild's
    error until the next good one; the script that does it is added to the
    pages as they are served, never written into the output folder. With
    --api or --tmdb the films are pulled once, at the start.

    An option not given here is read from filmsite.toml in the current folder,
    or from the file --config names, when there is one; it is read again before
    each rebuild.

    Options:
    \(parser.optionsHelp)
    """
  }

  /// The command line as typed; the config file under it is read again before each rebuild.
  let commandLine: ParsedArguments

  init(arguments: [String]) throws {
    commandLine = try Self.parser.parse(arguments)
    _ = try settings()
  }

  /// The options now: the command line over the config file as it is now.
  func settings() throws -> ParsedArguments {
    try ConfigFile.applying(to: commandLine, options: Self.parser.options)
  }

  /// Values to mask in anything printed.
  var secrets: [String] {
    SourceOptions.secrets(in: commandLine, environment: ProcessInfo.processInfo.environment)
  }

  /// Builds, serves and watches until the task is cancelled (Ctrl-C), then
  /// stops the server and returns 0. A first build that fails throws, as `build` would.
  func run() async throws -> Int32 {
    let arguments = try settings()
    let port = try arguments.integer("--port", in: OptionRanges.port) ?? Self.defaultPort
    let host = arguments.string("--host") ?? "127.0.0.1"
    let basePath = try Self.basePath(arguments.string("--base-path") ?? "/")
    let site = try SiteOptions(arguments)
    let quiet = arguments.has("--quiet")

    let secrets = SourceOptions.secrets(
      in: arguments, environment: ProcessInfo.processInfo.environment)

    // The port first: one in use fails before anything is pulled or built.
    var configuration = PreviewServer.Configuration(root: site.outputDirectory)
    configuration.host = host
    configuration.port = UInt16(port)
    configuration.basePath = basePath
    if !arguments.has("--no-reload") {
      configuration.reloadSnippet = ReloadScript.snippet(basePath: basePath)
    }
    let server = PreviewServer(configuration)
    let bound = try server.start()
    defer { server.stop() }

    let options = try SourceOptions(arguments, environment: ProcessInfo.processInfo.environment)
    var pulled: PulledFilms?
    if case .source = options.input {
      pulled = try await pullOnce(options, quiet: quiet, secrets: secrets)
    }
    options.close()

    let session = ServeSession(
      command: self, pulled: pulled, servedFolder: site.outputDirectory, quiet: quiet,
      secrets: secrets)
    await session.startWatching()
    try await session.buildFirst()
    FilmSiteCommand.printLine(
      "Serving \(site.outputDirectory) at http://\(PreviewServer.displayHost(host)):\(bound)\(basePath) (Ctrl-C to stop)"
    )
    await session.serve(with: server)

    await Interruption.waitUntilCancelled()
    await session.stop()
    return FilmSiteCommand.ExitCode.success
  }

  /// Pulls the films of `--api` or `--tmdb` once, with the warnings `build`
  /// prints for what `--allow-partial` left out.
  private func pullOnce(_ options: SourceOptions, quiet: Bool, secrets: [String]) async throws
    -> PulledFilms
  {
    let pulled = try await options.pullFilms(reporter: options.progressReporter(quiet: quiet))
    SourceOptions.printPartialWarnings(
      skipped: pulled.skipped, failure: pulled.failure, incomplete: "SITE", secrets: secrets)
    SourceOptions.printWindowWarnings(pulled.windows)
    if !quiet {
      let windows = pulled.windows.map { "; " + $0.summary } ?? ""
      FilmSiteCommand.printLine(
        "Pulled \(pulled.films.count) films once\(windows)\(options.requestSummary); rebuilds use them again"
      )
    }
    return pulled
  }

  /// `path` as a base path: `/`, or `/name/…/` of URL-safe segments.
  /// - Throws: ``UsageError`` for anything else.
  static func basePath(_ path: String) throws -> String {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    let named = segments.last == "" ? segments.dropLast() : segments[...]
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
    guard path.hasPrefix("/"),
      named.allSatisfy({ segment in
        !segment.isEmpty && segment != "." && segment != ".."
          && segment.allSatisfy(allowed.contains)
      })
    else {
      throw UsageError(
        "filmsite serve: option '--base-path' takes a path such as /films/, not '\(path)'")
    }
    return named.isEmpty ? "/" : "/" + named.joined(separator: "/") + "/"
  }
}
