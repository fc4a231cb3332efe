import FilmSite

/// `filmsite theme export <dir>`: writes the built-in theme into a folder to
/// start a theme of one's own.
struct ThemeCommand {
  static let parser = CommandLineParser(
    command: "filmsite theme", options: [], positionals: ["action", "dir"])

  static var help: String {
    """
    Usage: filmsite theme export <dir>

    Writes the built-in theme's templates and assets into <dir>, which must be
    new or empty. Point --templates (or `theme` in filmsite.toml) at it; a
    theme folder may keep only the files it changes, and the build takes the
    rest from the built-in theme.
    """
  }

  let arguments: ParsedArguments

  init(arguments: [String]) throws {
    self.arguments = try Self.parser.parse(arguments)
  }

  func run() throws -> Int32 {
    guard arguments.positionals.first == "export", arguments.positionals.count == 2 else {
      throw UsageError("filmsite theme: usage: filmsite theme export <dir>")
    }
    let directory = arguments.positionals[1]
    try BuiltInTheme.export(to: directory)
    print("Wrote the built-in theme's \(BuiltInTheme.files.count) files into \(directory)")
    return FilmSiteCommand.ExitCode.success
  }
}
