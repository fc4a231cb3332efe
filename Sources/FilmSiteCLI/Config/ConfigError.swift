/// A `filmsite.toml` that cannot be used, with the file, line and column (both from 1).
struct ConfigError: Error, Equatable, CustomStringConvertible {
  let file: String
  let line: Int
  let column: Int
  let message: String

  var description: String {
    line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
  }
}
