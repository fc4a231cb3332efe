/// A TOML value: a string, a number, a boolean, one of the four date-time kinds, an array or
/// a table.
///
/// Two values are equal when they have the same kind and the same content. Strings and keys
/// are compared by their Unicode scalars, without normalization. Floats are compared by their
/// bits, except that every NaN equals every other NaN; so `-0.0` and `0.0` differ.
public enum TOMLValue: Sendable {
  case string(String)
  case integer(Int64)
  case float(Double)
  case boolean(Bool)
  /// A date and time at an offset from UTC, such as `1979-05-27T07:32:00Z`.
  case offsetDateTime(TOMLOffsetDateTime)
  /// A date and time without an offset, such as `1979-05-27T07:32:00`.
  case localDateTime(TOMLLocalDateTime)
  /// A date alone, such as `1979-05-27`.
  case localDate(TOMLLocalDate)
  /// A time of day alone, such as `07:32:00`.
  case localTime(TOMLLocalTime)
  /// An array; its elements may be of different kinds.
  case array([TOMLValue])
  case table(TOMLTable)
}

extension TOMLValue {
  /// The string, when this is a string.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The integer, when this is an integer.
  public var integerValue: Int64? {
    if case .integer(let value) = self { return value }
    return nil
  }

  /// The number, when this is a float or an integer.
  public var doubleValue: Double? {
    switch self {
    case .float(let value): return value
    case .integer(let value): return Double(value)
    default: return nil
    }
  }

  /// The boolean, when this is a boolean.
  public var booleanValue: Bool? {
    if case .boolean(let value) = self { return value }
    return nil
  }

  /// The elements, when this is an array.
  public var arrayValue: [TOMLValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The table, when this is a table.
  public var tableValue: TOMLTable? {
    if case .table(let value) = self { return value }
    return nil
  }

  /// The name of the value's kind, as used in messages: `"string"`, `"integer"`, `"float"`,
  /// `"boolean"`, `"offset date-time"`, `"local date-time"`, `"local date"`, `"local time"`,
  /// `"array"` or `"table"`.
  public var kindName: String {
    switch self {
    case .string: return "string"
    case .integer: return "integer"
    case .float: return "float"
    case .boolean: return "boolean"
    case .offsetDateTime: return "offset date-time"
    case .localDateTime: return "local date-time"
    case .localDate: return "local date"
    case .localTime: return "local time"
    case .array: return "array"
    case .table: return "table"
    }
  }
}

extension TOMLValue: Equatable {
  public static func == (lhs: TOMLValue, rhs: TOMLValue) -> Bool {
    switch (lhs, rhs) {
    case (.string(let left), .string(let right)): return left.hasSameScalars(as: right)
    case (.integer(let left), .integer(let right)): return left == right
    case (.float(let left), .float(let right)):
      return left.bitPattern == right.bitPattern || (left.isNaN && right.isNaN)
    case (.boolean(let left), .boolean(let right)): return left == right
    case (.offsetDateTime(let left), .offsetDateTime(let right)): return left == right
    case (.localDateTime(let left), .localDateTime(let right)): return left == right
    case (.localDate(let left), .localDate(let right)): return left == right
    case (.localTime(let left), .localTime(let right)): return left == right
    case (.array(let left), .array(let right)): return left == right
    case (.table(let left), .table(let right)): return left == right
    default: return false
    }
  }
}

extension TOMLValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .float(value) }
  public init(booleanLiteral value: Bool) { self = .boolean(value) }
  public init(arrayLiteral elements: TOMLValue...) { self = .array(elements) }

  /// A table of the pairs in order; a repeated key keeps its last value.
  public init(dictionaryLiteral elements: (String, TOMLValue)...) {
    self = .table(TOMLTable(pairs: elements))
  }
}
