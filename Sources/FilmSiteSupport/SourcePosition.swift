/// A line and column in UTF-8 text, both counted from 1, as error messages
/// name them: a catalog's JSON syntax errors and a template's faults.
///
/// Lines end at each line feed (so `\r\n` ends one line); columns count
/// Unicode scalars, not bytes, so a column is where an editor puts the cursor
/// for text without combining marks.
public struct SourcePosition: Equatable, Sendable {
  public let line: Int
  public let column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// The position of the byte at `offset` in `bytes` (or of the end, for
  /// an offset at or past it).
  public init<Bytes: Collection<UInt8>>(offset: Int, in bytes: Bytes) {
    var line = 1
    var column = 1
    for byte in bytes.prefix(max(0, offset)) {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        // UTF-8 continuation bytes do not start a column.
        column += 1
      }
    }
    self.init(line: line, column: column)
  }
}
