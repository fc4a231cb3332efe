/// A file of the content folder that cannot be used, with its path and the
/// line and column (both from 1) of what is wrong, as editors jump to it:
/// `content/films/426.md:3:10: rating is 11; it must be from 0 to 10`.
public struct ContentError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file's path, as the build was given it.
  public let file: String
  public let line: Int
  public let column: Int
  public let message: String

  init(file: String, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  init(file: String, at position: ContentPosition, _ message: String) {
    self.init(file: file, line: position.line, column: position.column, message: message)
  }

  public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// A place in a content file: line and column, both from 1.
struct ContentPosition: Hashable, Sendable {
  var line: Int
  var column: Int

  static let start = ContentPosition(line: 1, column: 1)
}
