import TOML

/// A content file split into its front matter, TOML between two lines of
/// `+++` at the top (Hugo's and Zola's convention), and its Markdown body.
/// A file that does not start with `+++` is all body.
struct FrontMatter: Sendable {
  /// The front matter's keys; empty when the file has none.
  let table: TOMLTable
  /// Where a TOML position (`line` counted from the front matter's first
  /// line) is in the file: lines are shifted by the opening `+++`.
  let lineOffset: Int
  /// The Markdown after the closing `+++`.
  let body: String
  /// The file's line that the body's first line is.
  let bodyLine: Int

  /// Splits `text`, the file at `file`.
  /// - Throws: ``ContentError`` for front matter that never closes or is not valid TOML.
  init(text: String, file: String) throws(ContentError) {
    // By bytes: a `Character` split would keep "\r\n" whole, one grapheme.
    let bytes = Array(text.utf8)
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard let first = lines.first, Self.isFence(first) else {
      table = TOMLTable()
      lineOffset = 0
      body = text
      bodyLine = 1
      return
    }
    guard let close = lines.indices.dropFirst().first(where: { Self.isFence(lines[$0]) }) else {
      throw ContentError(
        file: file, at: .start,
        "the front matter that starts here is never closed: end it with a line of +++")
    }
    let tomlStart = first.endIndex + 1
    let tomlEnd = lines[close].startIndex
    do {
      table = try TOMLParser.parse(bytes[min(tomlStart, tomlEnd)..<tomlEnd])
    } catch {
      throw ContentError(
        file: file, line: error.line + 1, column: error.column, message: error.message)
    }
    lineOffset = 1
    let bodyStart = min(lines[close].endIndex + 1, bytes.count)
    body = String(decoding: bytes[bodyStart...], as: UTF8.self)
    bodyLine = close + 2
  }

  /// Where `position`, inside the front matter, is in the file.
  func position(_ position: TOMLPosition) -> ContentPosition {
    ContentPosition(line: position.line + lineOffset, column: position.column)
  }

  /// A line of `+++`, allowing trailing spaces and a carriage return.
  private static func isFence(_ line: ArraySlice<UInt8>) -> Bool {
    var trimmed = line
    while let last = trimmed.last,
      last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == UInt8(ascii: "\r")
    {
      trimmed = trimmed.dropLast()
    }
    return trimmed.elementsEqual("+++".utf8)
  }
}
