import FilmSite

/// `filmsite check`: verifies a built site and fails when anything is wrong with it.
struct CheckCommand {
  static let parser = CommandLineParser(
    command: "filmsite check",
    options: [
      .init(
        name: "--output", valueName: "dir", help: "Folder that holds the site (default: Output)"),
      ConfigFile.option,
    ])

  static var help: String {
    """
    Usage: filmsite check [options]

    Checks a built site: every internal link and image leads to a file of the
    site, the index pages form one prev/next chain from index.html to the last
    page, every film's page is linked from an index page, and every file
    FilmSite wrote is linked from a page reachable from index.html. Prints one
    line per problem, then a summary; exits with 1 when there are problems.

    \(ConfigFile.helpNote)

    Options:
    \(parser.optionsHelp)
    """
  }

  let arguments: ParsedArguments

  init(arguments: [String]) throws {
    self.arguments = try ConfigFile.arguments(arguments, parsedBy: Self.parser)
  }

  /// Checks the site and returns the exit code: 0 when it is sound, 1 when it has faults.
  func run() throws -> Int32 {
    let checker = SiteChecker(
      directory: arguments.string("--output") ?? arguments.inRoot("Output"))
    let report = try checker.check()
    if report.isClean {
      print(report.summary)
      return FilmSiteCommand.ExitCode.success
    }
    // The summary follows the faults on the same stream, so it stays the last line.
    FilmSiteCommand.printError(report.description)
    return FilmSiteCommand.ExitCode.failure
  }
}
