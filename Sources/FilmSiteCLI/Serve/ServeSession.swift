import FilmCatalog
import FilmSite
import Foundation
import PreviewServer

/// What `filmsite serve` keeps between rebuilds: the films pulled at the
/// start, the server to tell, what is watched, and whether the last rebuild failed.
actor ServeSession {
  private let command: ServeCommand
  /// The films of `--api` or `--tmdb`, pulled once; `nil` for a catalog file, read at each build.
  private let pulled: SourceOptions.Pulled?
  private let servedFolder: String
  private let quiet: Bool
  private var server: PreviewServer?
  private var scheduler: RebuildScheduler?
  private var watcher: FileWatcher?
  private var watched: WatchList?
  private var lastFailed = false
  private var warnedAboutOutput = false

  init(command: ServeCommand, pulled: SourceOptions.Pulled?, servedFolder: String, quiet: Bool) {
    self.command = command
    self.pulled = pulled
    self.servedFolder = servedFolder
    self.quiet = quiet
  }

  /// The first build, whose failure ends the command.
  func buildFirst() async throws {
    let summary = try await build()
    if !quiet { FilmSiteCommand.printLine("\(summary)") }
  }

  /// Starts telling `server` about rebuilds, and watching.
  func serve(with server: PreviewServer) {
    self.server = server
    scheduler = RebuildScheduler(quietPeriod: .milliseconds(50)) { [weak self] in
      await self?.rebuild()
    }
    updateWatches()
  }

  /// Stops watching, and cancels a running rebuild and waits for it.
  func stop() async {
    watcher?.stop()
    watcher = nil
    await scheduler?.finish()
  }

  private func build() async throws -> BuildSummary {
    let arguments = try command.settings()
    let site = try SiteOptions(arguments)
    if site.outputDirectory != servedFolder, !warnedAboutOutput {
      warnedAboutOutput = true
      FilmSiteCommand.printError(
        "warning: the output folder is now \(site.outputDirectory), but \(servedFolder) is served; restart filmsite serve to serve it"
      )
    }
    if let pulled {
      let source = CatalogSource(films: pulled.films)
      return try await site.builder(
        input: .source(source, maxPages: source.pagesToReadAll), query: "",
        attribution: pulled.attribution
      ).build()
    }
    let options = try SourceOptions(arguments, environment: ProcessInfo.processInfo.environment)
    defer { options.close() }
    return try await site.builder(
      input: options.input, query: options.query, attribution: options.attribution
    ).build()
  }

  /// A rebuild after a change: its summary or its error, as `build` prints
  /// them, and the event that tells open pages.
  private func rebuild() async {
    do {
      let summary = try await build()
      if !quiet { FilmSiteCommand.printLine("\(summary)") }
      if lastFailed || summary.files.written > 0 || summary.files.removed > 0 {
        server?.broadcast(event: "reload", data: "")
      }
      lastFailed = false
    } catch  where Interruption.isCancellation(error) {
      return
    } catch {
      let line = "error: " + SecretMasking.redacting(command.secrets, in: "\(error)")
      FilmSiteCommand.printError(line)
      server?.broadcast(event: "build-error", data: line)
      lastFailed = true
    }
    updateWatches()
  }

  /// Watches what the site is made from now; the config file may have named
  /// another catalog or theme since the last build.
  private func updateWatches() {
    let list: WatchList
    do {
      list = try WatchList(command.settings(), commandLine: command.commandLine)
    } catch {
      return  // The rebuild reported the config file's fault; keep the watches.
    }
    guard list != watched else { return }
    watcher?.stop()
    let scheduler = scheduler
    do {
      watcher = try FileWatcher(files: list.files, folders: list.folders) { _ in
        Task { await scheduler?.changed() }
      }
      watched = list
      if !quiet { FilmSiteCommand.printLine("Watching \(list.description)") }
    } catch {
      FilmSiteCommand.printError("warning: \(error); changes there will not rebuild the site")
    }
  }
}

/// The files and folders a site is made from.
struct WatchList: Equatable, CustomStringConvertible {
  var files: [String] = []
  var folders: [String] = []

  init(_ arguments: ParsedArguments, commandLine: ParsedArguments) throws {
    // The config file, or where one would appear.
    files.append(ConfigFile.path(for: commandLine) ?? ConfigFile.defaultName)
    if let theme = try SiteOptions(arguments).themeFolder {
      folders.append(theme)
    } else {
      // A Templates folder made later becomes the theme folder.
      files.append(arguments.inRoot("Templates"))
    }
    if let catalog = SourceOptions.catalogPath(arguments) { files.append(catalog) }
  }

  var description: String {
    (files + folders.map { $0 + "/" }).joined(separator: ", ")
  }
}
