import FilmCatalog
import Foundation

/// The `filmsite` program: picks a subcommand and turns errors into exit codes.
enum FilmSiteCommand {
  static let version = "0.1.0"

  /// Exit codes: 0 success, 1 a build that failed or a check that found faults,
  /// 64 a command line that is wrong.
  enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
    /// 128 + SIGINT, as shells report a command stopped by Ctrl-C.
    static let interrupted: Int32 = 130
  }

  static let help = """
    filmsite \(version): builds a static website from a film catalog.

    Usage: filmsite <command> [options]

    Commands:
      build     Build the site into an output folder (default: Output)
      pull      Save every page of an API search as a catalog file
      serve     Build, serve on this machine, and rebuild and reload on every change
      check     Check a built site's links, index pages and files
      init      Start a site in a folder: filmsite.toml, a small catalog
      theme     Export the built-in theme to change it: filmsite theme export DIR
      help      Show this help, or a command's help: filmsite help build

    Options:
      --help    Show help
      --version Show the version

    Run 'filmsite <command> --help' for a command's options.
    """

  /// Runs the command line `arguments` (without the program name) and returns the exit code.
  /// Ctrl-C (SIGINT) cancels the command, which leaves the output as it was, and exits with 130.
  static func run(_ arguments: [String]) async -> Int32 {
    guard let command = arguments.first else {
      print(help)
      return ExitCode.success
    }
    let rest = Array(arguments.dropFirst())
    let wantsHelp = rest.contains("--help") || rest.contains("-h")
    // The tokens in the environment are masked from the start, so that no
    // error, not even one about the command line or the config file, shows them.
    var secrets = SourceOptions.secrets(
      in: ParsedArguments(command: "filmsite"), environment: ProcessInfo.processInfo.environment)
    do {
      switch command {
      case "--help", "-h", "help":
        print(help(for: rest.first) ?? help)
        return ExitCode.success
      case "--version":
        print("filmsite \(version)")
        return ExitCode.success
      case _ where wantsHelp && help(for: command) != nil:
        print(help(for: command) ?? help)
        return ExitCode.success
      case "build":
        let build = try BuildCommand(arguments: rest)
        secrets = build.secrets
        return try await Interruption.cancellingOnSIGINT { try await build.run() }
      case "pull":
        let pull = try PullCommand(arguments: rest)
        secrets = pull.secrets
        return try await Interruption.cancellingOnSIGINT { try await pull.run() }
      case "serve":
        let serve = try ServeCommand(arguments: rest)
        secrets = serve.secrets
        return try await Interruption.cancellingOnSIGINT { try await serve.run() }
      case "check":
        return try CheckCommand(arguments: rest).run()
      case "init":
        return try InitCommand(arguments: rest).run()
      case "theme":
        return try ThemeCommand(arguments: rest).run()
      default:
        throw UsageError("filmsite: unknown command '\(command)' (see 'filmsite --help')")
      }
    } catch let error as UsageError {
      printError(SecretMasking.redacting(secrets, in: error.description))
      return ExitCode.usage
    } catch  where Interruption.isCancellation(error) {
      printError("interrupted; the output was left as it was")
      return ExitCode.interrupted
    } catch {
      printError("error: " + SecretMasking.redacting(secrets, in: "\(error)"))
      return ExitCode.failure
    }
  }

  private static func help(for command: String?) -> String? {
    switch command {
    case "build": return BuildCommand.help
    case "pull": return PullCommand.help
    case "serve": return ServeCommand.help
    case "check": return CheckCommand.help
    case "init": return InitCommand.help
    case "theme": return ThemeCommand.help
    default: return nil
    }
  }

  /// Writes a line to standard output at once, for a command that runs until
  /// it is stopped (`print` holds its output back when it goes to a pipe).
  static func printLine(_ message: String) {
    FileHandle.standardOutput.write(Data((message + "\n").utf8))
  }

  static func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
