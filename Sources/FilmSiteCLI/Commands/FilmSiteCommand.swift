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
  }

  static let help = """
    filmsite \(version): builds a static website from a film catalog.

    Usage: filmsite <command> [options]

    Commands:
      build     Build the site into an output folder (default: Output)
      check     Check a built site's links, index pages and files
      help      Show this help, or a command's help: filmsite help build

    Options:
      --help    Show help
      --version Show the version

    Run 'filmsite build --help' or 'filmsite check --help' for their options.
    """

  /// Runs the command line `arguments` (without the program name) and returns the exit code.
  static func run(_ arguments: [String]) async -> Int32 {
    guard let command = arguments.first else {
      print(help)
      return ExitCode.success
    }
    let rest = Array(arguments.dropFirst())
    do {
      switch command {
      case "--help", "-h", "help":
        if rest.first == "build" {
          print(BuildCommand.help)
        } else if rest.first == "check" {
          print(CheckCommand.help)
        } else {
          print(help)
        }
        return ExitCode.success
      case "--version":
        print("filmsite \(version)")
        return ExitCode.success
      case "build":
        if rest.contains("--help") || rest.contains("-h") {
          print(BuildCommand.help)
          return ExitCode.success
        }
        let summary = try await BuildCommand(arguments: rest).run()
        return summary
      case "check":
        if rest.contains("--help") || rest.contains("-h") {
          print(CheckCommand.help)
          return ExitCode.success
        }
        return try CheckCommand(arguments: rest).run()
      default:
        throw UsageError("filmsite: unknown command '\(command)' (see 'filmsite --help')")
      }
    } catch let error as UsageError {
      printError(error.description)
      return ExitCode.usage
    } catch {
      printError("error: \(error)")
      return ExitCode.failure
    }
  }

  static func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
