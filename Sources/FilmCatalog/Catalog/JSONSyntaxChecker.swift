import FilmSiteSupport

/// Finds the first syntax error in a JSON text and where it is.
///
/// Foundation's decoders say only that data "was not valid JSON"; this
/// checker runs ``JSONScanner`` over the text after such a failure to name
/// the line and column (both from 1, columns counted in Unicode scalars) so
/// that a user can fix the file.
enum JSONSyntaxChecker {
  struct SyntaxError: Equatable, Error {
    let line: Int
    let column: Int
    let message: String
  }

  /// Returns the first syntax error in `bytes`, or `nil` when they are one valid JSON value.
  static func firstError(in bytes: UnsafeBufferPointer<UInt8>) -> SyntaxError? {
    var scanner = JSONScanner(bytes)
    do throws(JSONSyntaxError) {
      scanner.skipWhitespace()
      try scanner.skipValue(depth: 0)
      scanner.skipWhitespace()
      guard scanner.isAtEnd else { throw scanner.error(.textAfterValue) }
      return nil
    } catch {
      let position = SourcePosition(offset: error.offset, in: bytes)
      return SyntaxError(line: position.line, column: position.column, message: error.message)
    }
  }

  /// ``firstError(in:)`` for bytes in an array.
  static func firstError(in bytes: [UInt8]) -> SyntaxError? {
    bytes.withUnsafeBufferPointer { firstError(in: $0) }
  }
}
