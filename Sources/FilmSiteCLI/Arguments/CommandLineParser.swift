import Foundation

/// A small command-line option parser: `--name value`, `--name=value`,
/// `--flag`, and up to as many plain arguments as the command names.
///
/// It knows only the options it is given and reports anything else as a
/// ``UsageError``, which the command prints in one line with exit code 64.
struct CommandLineParser {
  struct Option {
    let name: String
    /// The value's name in help, or `nil` for a flag that takes no value.
    let valueName: String?
    let help: String
    var repeatable = false
  }

  let command: String
  let options: [Option]
  /// The names of the plain arguments the command takes, in order (all optional).
  var positionals: [String] = []

  /// Parses `arguments`, which do not include the program or command name.
  func parse(_ arguments: [String]) throws -> ParsedArguments {
    var parsed = ParsedArguments(command: command)
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("--"), argument.count > 2 else {
        guard !argument.hasPrefix("-"), parsed.positionals.count < positionals.count else {
          throw UsageError("\(command): unexpected argument '\(argument)'")
        }
        parsed.positionals.append(argument)
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = options.first(where: { $0.name == name }) else {
        throw UsageError("\(command): unknown option '\(name)' (see '\(command) --help')")
      }
      guard option.valueName != nil else {
        if inlineValue != nil { throw UsageError("\(command): option '\(name)' takes no value") }
        parsed.flags.insert(name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count, !arguments[index].hasPrefix("--") {
        value = arguments[index]
        index += 1
      } else {
        throw UsageError("\(command): option '\(name)' needs a value")
      }
      if !option.repeatable, parsed.values[name] != nil {
        throw UsageError("\(command): option '\(name)' is given more than once")
      }
      parsed.values[name, default: []].append(value)
    }
    return parsed
  }

  /// The options section of `--help`.
  var optionsHelp: String {
    let labels = options.map { option in
      option.valueName.map { "\(option.name) <\($0)>" } ?? option.name
    }
    let width = (labels.map(\.count).max() ?? 0) + 2
    return zip(labels, options).map { label, option in
      "  " + label + String(repeating: " ", count: width - label.count) + option.help
    }.joined(separator: "\n")
  }
}

/// The options and flags given on a command line.
struct ParsedArguments {
  let command: String
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  /// The plain arguments, in the order given.
  var positionals: [String] = []
  /// The folder that default paths (`Output`, `Templates`) are in: the config
  /// file's, or `.` for the current folder.
  var root = "."

  /// `relative`, a default path, in ``root``.
  func inRoot(_ relative: String) -> String {
    root == "." ? relative : (root as NSString).appendingPathComponent(relative)
  }

  func string(_ name: String) -> String? { values[name]?.last }

  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// The option's value as a whole number in `range`.
  /// - Throws: ``UsageError`` naming the option when it is not one.
  func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
    guard let text = string(name) else { return nil }
    guard let value = Int(text), range.contains(value) else {
      let upper = range.upperBound == Int.max ? "" : " to \(range.upperBound)"
      throw UsageError(
        "\(command): option '\(name)' takes a whole number from \(range.lowerBound)\(upper), not '\(text)'"
      )
    }
    return value
  }
}

/// A command line that cannot be understood.
struct UsageError: Error, Equatable, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
