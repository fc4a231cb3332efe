import TOML

/// The error the parser reports for the document, or `nil` when it accepts it.
func parseError(_ text: String) -> TOMLError? {
  parseError(Array(text.utf8))
}

func parseError(_ bytes: [UInt8]) -> TOMLError? {
  do {
    _ = try TOMLParser.parse(bytes)
    return nil
  } catch {
    return error
  }
}

/// The error at a line and column, for tables of expected errors.
func error(_ line: Int, _ column: Int, _ message: String) -> TOMLError {
  TOMLError(line: line, column: column, message: message)
}
