import Foundation

extension ConfigFile {
  /// What a command's help says of the config file, for commands that read it once.
  static let helpNote = """
    An option not given here is read from filmsite.toml in the current folder,
    or from the file --config names, when there is one; paths in that file are
    relative to its folder.
    """

  /// `arguments` parsed by `parser`, then filled from the config file
  /// (``applying(to:options:)``).
  /// - Throws: ``UsageError`` for a bad command line, ``ConfigError`` for a bad file.
  static func arguments(_ arguments: [String], parsedBy parser: CommandLineParser) throws
    -> ParsedArguments
  {
    try applying(to: parser.parse(arguments), options: parser.options)
  }

  /// `arguments` with each option they lack taken from the config file: the
  /// one `--config` names, or `filmsite.toml` in the current folder when it
  /// has one. Without either, `arguments` as they are.
  ///
  /// A source on the command line (`--catalog`, `--api` or `--tmdb`) replaces
  /// the file's whole `[source]`, and options the command does not take are
  /// left out, so that `check` can read a file written for `build`.
  /// - Throws: ``ConfigError`` for a file that is missing (when named) or wrong.
  static func applying(to arguments: ParsedArguments, options: [CommandLineParser.Option])
    throws(ConfigError) -> ParsedArguments
  {
    guard let path = path(for: arguments) else { return arguments }
    return try ConfigFile(path: path).filling(arguments, options: options)
  }

  /// The config file a command reads: the one `--config` names, or
  /// `filmsite.toml` when the current folder has one.
  static func path(for arguments: ParsedArguments) -> String? {
    if let named = arguments.string("--config") { return named }
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: defaultName, isDirectory: &isDirectory)
    return exists && !isDirectory.boolValue ? defaultName : nil
  }

  /// `arguments` with what this file sets for the options they lack.
  func filling(_ arguments: ParsedArguments, options: [CommandLineParser.Option]) -> ParsedArguments
  {
    var merged = arguments
    merged.root = folder
    let taken = Set(options.map(\.name))
    let sourceOnCommandLine = ["--catalog", "--api", "--tmdb"].contains { option in
      arguments.values[option] != nil || arguments.flags.contains(option)
    }
    func applies(_ option: String) -> Bool {
      taken.contains(option) && !(sourceOnCommandLine && sourceOptions.contains(option))
        && arguments.values[option] == nil && !arguments.flags.contains(option)
    }
    for (option, given) in values where applies(option) { merged.values[option] = given }
    for flag in flags where applies(flag) { merged.flags.insert(flag) }
    return merged
  }
}
