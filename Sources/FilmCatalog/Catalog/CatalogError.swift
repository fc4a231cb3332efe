/// Why a film catalog could not be read, with the file and the place in it.
///
/// Films are counted from 1 in the order they appear, so `film 12` is the
/// twelfth object of the array.
public struct CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Reason: Equatable, Sendable {
    case unreadable(String)
    case malformedJSON(line: Int, column: Int, message: String)
    case notACatalog
    case missingField(film: Int, field: String)
    case wrongType(film: Int, field: String, expected: String)
    case invalidValue(film: Int, field: String, message: String)
  }

  /// The catalog file as the user named it.
  public let file: String
  public let reason: Reason

  public init(file: String, reason: Reason) {
    self.file = file
    self.reason = reason
  }

  public var description: String {
    switch reason {
    case .unreadable(let message):
      return "\(file): cannot read the catalog: \(message)"
    case .malformedJSON(let line, let column, let message):
      return "\(file): line \(line), column \(column): malformed JSON: \(message)"
    case .notACatalog:
      return "\(file): expected an array of films or an object with a \"results\" array"
    case .missingField(let film, let field):
      return "\(file): film \(film): missing required field \"\(field)\""
    case .wrongType(let film, let field, let expected):
      return "\(file): film \(film): field \"\(field)\": expected \(expected)"
    case .invalidValue(let film, let field, let message):
      return "\(file): film \(film): field \"\(field)\": \(message)"
    }
  }
}
