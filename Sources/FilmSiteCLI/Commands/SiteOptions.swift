import FilmCatalog
import FilmSite
import Foundation

/// The options that say what site to write and where, shared by `filmsite
/// build` and `filmsite serve`.
struct SiteOptions {
  let configuration: SiteConfiguration
  /// `--templates`, or `Templates` in the site's folder when there is one (as
  /// Hugo finds `layouts/`), or `nil` for the built-in theme alone.
  let themeFolder: String?
  /// `--content`, or `content` in the site's folder when there is one (as
  /// Hugo and Zola find theirs), or `nil` for a site of the films alone.
  let contentFolder: String?
  let outputDirectory: String
  let force: Bool

  /// - Throws: ``UsageError`` for a value that cannot be used.
  init(_ arguments: ParsedArguments) throws {
    var configuration = SiteConfiguration()
    configuration.pageSize =
      try arguments.integer("--page-size", in: OptionRanges.pageSize)
      ?? SiteConfiguration.defaultPageSize
    if let count = try arguments.integer("--cast-pages", in: OptionRanges.castCount) {
      configuration.castPagesPerFilm = count
    }
    if let count = try arguments.integer("--cast-shown", in: OptionRanges.castCount) {
      configuration.castShown = count
    }
    if let title = arguments.string("--title") { configuration.title = title }
    if let base = arguments.string("--poster-base-url") { configuration.posterBaseURL = base }
    if let base = arguments.string("--base-url") {
      do {
        configuration.baseURL = try BaseURL.normalized(base)
      } catch let error as BaseURLError {
        throw UsageError("\(arguments.command): option '--base-url': \(error)")
      }
    }
    configuration.navigation = arguments.values["--nav"] ?? []
    self.configuration = configuration
    themeFolder = arguments.string("--templates") ?? Self.folder(arguments.inRoot("Templates"))
    contentFolder = arguments.string("--content") ?? Self.folder(arguments.inRoot("content"))
    outputDirectory = arguments.string("--output") ?? arguments.inRoot("Output")
    force = arguments.has("--force")
  }

  /// A build of `input`, pulled by `pull`, into the output folder with these settings.
  /// - Parameter attribution: The credit the films' source asks for.
  func builder(input: FilmInput, pull: FilmPull, attribution: Attribution?) -> SiteBuilder {
    var configuration = configuration
    configuration.attribution = attribution
    return SiteBuilder(
      input: input, pull: pull, templatesDirectory: themeFolder, contentDirectory: contentFolder,
      outputDirectory: outputDirectory, configuration: configuration, force: force)
  }

  /// `path` when it is a folder, for a folder found by its conventional name.
  private static func folder(_ path: String) -> String? {
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    return exists && isDirectory.boolValue ? path : nil
  }
}
