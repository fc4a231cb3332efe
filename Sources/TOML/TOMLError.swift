/// Why a document is not valid TOML, and where the problem was found.
///
/// The message is one plain sentence without a final period, such as `duplicate key "title"`
/// or `expected "=" after a key`.
public struct TOMLError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line of the problem, from 1.
  public var line: Int
  /// The column of the problem in Unicode scalars, from 1.
  public var column: Int
  /// What is wrong.
  public var message: String

  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  init(at position: TOMLPosition, _ message: String) {
    self.init(line: position.line, column: position.column, message: message)
  }

  /// The line and column together.
  public var position: TOMLPosition { TOMLPosition(line: line, column: column) }

  /// `"<line>:<column>: <message>"`, ready to follow a file name and a colon.
  public var description: String { "\(line):\(column): \(message)" }
}
