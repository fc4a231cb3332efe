import FilmCatalog
import FilmSite
import Foundation
import PreviewServer

/// What `filmsite serve` keeps between rebuilds: the films pulled at the
/// start, the server to tell, what is watched, and whether the last rebuild failed.
actor ServeSession {
  private let command: ServeCommand
  /// The films of `--api` or `--tmdb`, pulled once; `nil` for a catalog file, read at each build.
  private let pulled: PulledFilms?
  private let servedFolder: String
  private let quiet: Bool
  private var server: PreviewServer?
  private var scheduler: RebuildScheduler?
  private var watcher: FileWatcher?
  private var watched: WatchList?
  private var lastFailed = false
  private var warnedAboutOutput = false
  /// Values to mask in what is printed and sent to pages.
  private let secrets: [String]
  /// A change came before the server was up; it gets its rebuild then.
  private var changedBeforeServing = false
  private var stopped = false

  init(
    command: ServeCommand, pulled: PulledFilms?, servedFolder: String, quiet: Bool,
    secrets: [String]
  ) {
    self.command = command
    self.pulled = pulled
    self.servedFolder = servedFolder
    self.quiet = quiet
    self.secrets = secrets
  }

  /// Starts watching, before the first build, so that a change saved while
  /// it runs is not lost.
  func startWatching() {
    updateWatches(afterRebuild: false)
  }

  /// The first build, whose failure ends the command.
  func buildFirst() async throws {
    let summary = try await build()
    summary.printFieldWarnings(secrets: secrets)
    if !quiet { FilmSiteCommand.printLine("\(summary)") }
  }

  /// Starts telling `server` about rebuilds, and rebuilding on changes.
  func serve(with server: PreviewServer) async {
    self.server = server
    let scheduler = RebuildScheduler(quietPeriod: .milliseconds(50)) { [weak self] in
      await self?.rebuild()
    }
    self.scheduler = scheduler
    if changedBeforeServing { await scheduler.changed() }
  }

  /// A change the watcher saw.
  private func noteChange() async {
    guard !stopped else { return }
    if let scheduler {
      await scheduler.changed()
    } else {
      changedBeforeServing = true
    }
  }

  /// Stops watching, and cancels a running rebuild and waits for it.
  func stop() async {
    stopped = true
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
        input: .source(source, maxPages: source.pagesToReadAll), pull: FilmPull(),
        attribution: pulled.attribution
      ).build()
    }
    let options = try SourceOptions(arguments, environment: ProcessInfo.processInfo.environment)
    defer { options.close() }
    return try await site.builder(
      input: options.input, pull: FilmPull(query: options.query),
      attribution: options.attribution
    ).build()
  }

  /// A rebuild after a change: its summary or its error, as `build` prints
  /// them, and the event that tells open pages.
  private func rebuild() async {
    do {
      let summary = try await build()
      summary.printFieldWarnings(secrets: secrets)
      if !quiet { FilmSiteCommand.printLine("\(summary)") }
      if lastFailed || summary.files.written > 0 || summary.files.removed > 0 {
        server?.broadcast(event: "reload", data: "")
      }
      lastFailed = false
    } catch  where Interruption.isCancellation(error) {
      return
    } catch {
      // The line `build` prints: a command-line fault as it is, any other after "error: ".
      let message = error is UsageError ? "\(error)" : "error: \(error)"
      let line = SecretMasking.redacting(secrets, in: message)
      FilmSiteCommand.printError(line)
      server?.broadcast(event: "build-error", data: line)
      lastFailed = true
    }
    if !stopped { updateWatches(afterRebuild: true) }
  }

  /// Watches what the site is made from now: the config file may have named
  /// another catalog or theme, and a watched folder may have been replaced.
  /// The old watcher goes only once the new one is up, and a new one after a
  /// rebuild asks for one more, for what changed in between.
  private func updateWatches(afterRebuild: Bool) {
    let list: WatchList
    do {
      list = try WatchList(command.settings(), commandLine: command.commandLine)
    } catch {
      return  // The build reports the config file's fault; keep the watches.
    }
    // A new list, or a watcher that lost a folder, needs a new watcher and one
    // more rebuild; a path that could not be watched (a theme folder not made
    // yet) is tried again, without a rebuild, so that a missing one cannot loop.
    let mustReplace = list != watched || watcher?.isStale != false
    let retry = watcher?.failures.isEmpty == false
    guard mustReplace || retry else { return }
    let replacement: FileWatcher
    do {
      replacement = try FileWatcher(files: list.files, folders: list.folders) { [weak self] _ in
        Task { await self?.noteChange() }
      }
    } catch {
      FilmSiteCommand.printError("warning: \(error); changes will not rebuild the site")
      return
    }
    watcher?.stop()
    watcher = replacement
    watched = list
    guard mustReplace else { return }
    for failure in replacement.failures {
      FilmSiteCommand.printError("warning: \(failure); changes there will not rebuild the site")
    }
    if !quiet { FilmSiteCommand.printLine("Watching \(list.description)") }
    if afterRebuild { Task { await noteChange() } }
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
    if let content = try SiteOptions(arguments).contentFolder {
      folders.append(content)
    } else {
      // A content folder made later is read by the next build.
      files.append(arguments.inRoot("content"))
    }
    if let catalog = SourceOptions.catalogPath(arguments) { files.append(catalog) }
  }

  var description: String {
    (files + folders.map { $0 + "/" }).joined(separator: ", ")
  }
}
