/// A place in a TOML document: a line and a column, both counted from 1.
///
/// Lines are separated by line feeds. Columns count Unicode scalars, so a tab, an "é" and an
/// emoji each take one column.
public struct TOMLPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// The column in Unicode scalars, from 1.
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `"<line>:<column>"`.
  public var description: String { "\(line):\(column)" }

  public static func < (lhs: TOMLPosition, rhs: TOMLPosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}
